// The built binary as a harness runs it: `baton mcp` over stdio, stdout carrying JSON-RPC only.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, baton, cleanEnv, testdir } from '../helpers/testdir.js';
import { call, sentId, shownMessages, textOf } from './helpers.js';
import { INIT } from './http-client.js';

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

async function stdioClient(dir: string, args: string[], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...args],
    cwd: dir,
    env: cleanEnv({ BATON_DIR: join(dir, '.baton'), ...env }),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'baton-stdio-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

describe('baton mcp (stdio)', () => {
  it('two servers with two identities exchange messages, and the CLI sees them', async () => {
    const dir = testdir();
    const alice = await stdioClient(dir, ['--as', 'alice']);
    const bob = await stdioClient(dir, [], { BATON_AGENT: 'bob' });
    const sent = sentId(await call(alice, 'dm_send', { to: 'bob', body: 'ping from alice' }));
    const inbox = shownMessages(textOf(await call(bob, 'dm_inbox', {})));
    expect(inbox.map((m) => [m.id, m.from])).toEqual([[sent, 'alice']]);
    await call(bob, 'dm_send', { to: 'alice', body: 'pong', reply_to: sent });
    const cli = baton(['inbox', '--as', 'alice', '--json'], {
      cwd: dir,
      env: { BATON_DIR: join(dir, '.baton') },
    });
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout).messages.map((m: { body: string }) => m.body)).toEqual(['pong\n']);
    const fromCli = baton(['send', '--as', 'carol', '--to', 'alice', '--body', 'from the shell'], {
      cwd: dir,
      env: { BATON_DIR: join(dir, '.baton') },
    });
    expect(fromCli.code).toBe(0);
    const text = textOf(await call(alice, 'dm_inbox', {}));
    expect(text).toContain('from carol to alice');
    expect(text).toContain('from the shell');
  });

  it('board with a query searches from the built server (its bundle requires the search library only then)', async () => {
    const dir = testdir();
    const alice = await stdioClient(dir, ['--as', 'alice']);
    await call(alice, 'dm_send', { to: 'bob', body: 'the pangolin is back' });
    const found = await call(alice, 'board', { query: 'pangolin' });
    expect(found.isError).toBeFalsy();
    expect(textOf(found)).toContain('  │ the pangolin is back');
    expect(textOf(await call(alice, 'board', { query: 'pangolin', type: 'card' }))).toBe(
      'nothing matches "pangolin" — every word must match; try fewer or shorter words',
    );
  });

  it('binds the launching session on dm_register when started without an identity', async () => {
    const dir = testdir();
    const client = await stdioClient(dir, []);
    expect(textOf(await call(client, 'dm_send', { to: 'bob', body: 'x' }))).toContain('no agent identity');
    expect(textOf(await call(client, 'dm_register', { name: 'carol' }))).toMatch(
      /^registered carol \(session \S+\)\n\[board baton-test-\w+\]$/,
    );
    const id = sentId(await call(client, 'dm_send', { to: 'bob', body: 'x' }));
    const bob = await stdioClient(dir, ['--as', 'bob']);
    expect(shownMessages(textOf(await call(bob, 'dm_inbox', {}))).map((m) => [m.id, m.from])).toEqual([
      [id, 'carol'],
    ]);
    expect(textOf(await call(client, 'dm_send', { to: 'bob', body: 'x', from: 'dave' }))).toBe(
      '"dave" is not you: this server acts as carol (registered for the session that launched this server) — omit the name, or run a server with --as dave',
    );
  });

  it("hands off over stdio: write_handoff in the launching session, board shows the CLI's line, read_handoff reads it", async () => {
    const dir = testdir();
    const env = { BATON_DIR: join(dir, '.baton'), BATON_SESSION: 'sess-stdio' };
    expect(baton(['register', '--as', 'alice'], { cwd: dir, env }).code).toBe(0);
    const client = await stdioClient(dir, [], { BATON_SESSION: 'sess-stdio' });
    const sections = {
      goal: 'Ship the notes tools.',
      done: 'Wrote them.',
      state: 'Green.',
      decisions: 'Six arguments, not one body.',
      pitfalls: 'None.',
      next_steps: 'Read docs/mcp.md.',
    };
    const written = textOf(await call(client, 'write_handoff', { ...sections, files: ['docs/mcp.md'] }));
    const id = /^wrote handoff (n-\S+) as alice$/m.exec(written)?.[1] ?? '';
    expect(written).toContain(
      `· session sess-stdio · first of its line (the anchor of this project) · 1 file`,
    );
    const cli = baton(['board'], { cwd: dir, env });
    expect(cli.code).toBe(0);
    const cliLine = cli.stdout.split('\n').find((line) => line.includes(`| ${id}`));
    expect(cliLine).toMatch(/ \| Ship the notes tools\. \| ok \| main \| 1 file \| n-\S+ · in progress$/);
    const shown = textOf(await call(client, 'board', {}));
    expect(shown.split('\n')).toContain(cliLine);
    const read = textOf(await call(client, 'read_handoff', { id: id.slice(0, 12) }));
    expect(read).toContain(`--- ${id} · handoff · ok · `);
    expect(read).toContain('│ ## Decisions and rejected options\n│ Six arguments, not one body.');
  });

  it('exits 0 without a stack trace when its client closes stdout mid-answer (EPIPE)', () => {
    const dir = testdir();
    // Sixteen tool listings (75 KB): more than a pipe holds, so the server is still writing when the reader has gone.
    const requests: object[] = [INIT, { jsonrpc: '2.0', method: 'notifications/initialized' }];
    for (let id = 2; id < 18; id++) requests.push({ jsonrpc: '2.0', id, method: 'tools/list' });
    writeFileSync(join(dir, 'requests'), requests.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const script = `{ "$NODE" "$BIN" mcp --as alice < requests 2> stderr; echo $? > code; } | head -c 1 > /dev/null`;
    const result = spawnSync('/bin/sh', ['-c', script], {
      cwd: dir,
      env: cleanEnv({ BATON_DIR: join(dir, '.baton'), NODE: process.execPath, BIN }),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status).toBe(0);
    // No crash (the MCP SDK may still warn that answers wait for a 'drain' that a closed pipe never gives).
    expect(readFileSync(join(dir, 'stderr'), 'utf8')).not.toMatch(/EPIPE|Error|throw/);
    expect(readFileSync(join(dir, 'code'), 'utf8').trim()).toBe('0');
  });

  it('writes nothing but JSON-RPC on stdout and exits 0 when stdin closes', () => {
    const dir = testdir();
    const requests = [
      INIT,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'dm_inbox', arguments: {} } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'dm_send', arguments: { to: 7 } } },
      {
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'dm_send', arguments: { to: 'b', body: 'x' } },
      },
      { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'dm_send', arguments: 'to=b' } },
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: ['dm_send'], arguments: {} } },
    ];
    const result = spawnSync(process.execPath, [BIN, 'mcp', '--as', 'alice'], {
      cwd: dir,
      env: cleanEnv({ BATON_DIR: join(dir, '.baton') }),
      input: requests.map((r) => `${JSON.stringify(r)}\n`).join(''),
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n').filter((line) => line !== '');
    // Replies may come in any order (JSON-RPC matches them by id): a malformed request is answered at once.
    const replies = lines.map((line) => JSON.parse(line)).sort((a, b) => a.id - b.id);
    expect(replies.map((r) => [r.jsonrpc, r.id])).toEqual([
      ['2.0', 1],
      ['2.0', 2],
      ['2.0', 3],
      ['2.0', 4],
      ['2.0', 5],
      ['2.0', 6],
      ['2.0', 7],
    ]);
    expect(replies[2].result.isError).toBe(true);
    expect(replies[3].result.isError).toBe(true);
    expect(replies[4].result.content[0].text).toMatch(/^sent m-\S+ to b\n/);
    expect(replies[5].error).toEqual({
      code: -32602,
      message: 'invalid tools/call request: "arguments" must be an object, got a string',
    });
    expect(replies[6].error).toEqual({
      code: -32602,
      message: 'invalid tools/call request: "name" must be a string, got an array',
    });
  });

  it('refuses an invalid --as or --tools with a message on stderr and nothing on stdout', () => {
    const dir = testdir();
    const badName = spawnSync(process.execPath, [BIN, 'mcp', '--as', '../x'], {
      cwd: dir,
      env: cleanEnv(),
      input: '',
      encoding: 'utf8',
    });
    expect(badName.status).toBe(1);
    expect(badName.stdout).toBe('');
    expect(badName.stderr).toBe('baton: invalid agent name "../x": must not contain path separators\n');
    for (const profile of ['everything', 'note']) {
      const badProfile = baton(['mcp', '--tools', profile], { cwd: dir });
      expect(badProfile.code).toBe(2);
      expect(badProfile.stdout).toBe('');
      expect(badProfile.stderr).toBe(
        `baton: unknown tool profile "${profile}" — use one of default, full, messaging, cards, notes\n`,
      );
    }
    const help = baton(['mcp', '--help'], { cwd: dir });
    expect(help.stdout).toContain('[--tools default|full|messaging|cards|notes]');
  });
});
