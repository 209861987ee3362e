// The built binary as a user runs it: `baton serve --port 0`, reached over HTTP from other processes.
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, batonAsync, filesUnder, testdir } from '../helpers/testdir.js';
import { call, dataOf, textOf } from './helpers.js';
import { httpClient, INIT, rawRequest } from './http-client.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

/** Starts `baton serve --port 0 …` and waits for its "listening on" line. */
async function serve(dir: string, args: string[] = [], env: Record<string, string> = {}) {
  const child = batonAsync(['serve', '--port', '0', ...args], {
    cwd: dir,
    env: { BATON_DIR: join(dir, '.baton'), ...env },
  });
  children.push(child);
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  const port = Number(/:(\d+)\/mcp$/.exec(url)?.[1]);
  return { child, url: `http://127.0.0.1:${port}/mcp`, printed: url, port };
}

describe('baton serve', () => {
  it('prints where it listens; two clients with two identities exchange a message; the CLI sees it', async () => {
    const dir = testdir();
    const server = await serve(dir);
    expect(server.printed).toBe(server.url);
    const alice = await httpClient(server.url, { 'X-Baton-Agent': 'alice' });
    const bob = await httpClient(server.url, { 'X-Baton-Agent': 'bob' });
    const sent = dataOf(await call(alice, 'dm_send', { to: 'bob', body: 'over http' })).sent[0].id;
    const inbox = dataOf(await call(bob, 'dm_inbox', {}));
    expect(inbox.messages.map((m: { id: string; from: string }) => [m.id, m.from])).toEqual([
      [sent, 'alice'],
    ]);
    const cli = baton(['send', '--as', 'carol', '--to', 'bob', '--body', 'from the CLI'], {
      cwd: dir,
      env: { BATON_DIR: join(dir, '.baton') },
    });
    expect(cli.code).toBe(0);
    expect(textOf(await call(bob, 'dm_inbox', {}))).toContain('from carol to bob');
  });

  it('answers 403 to a foreign Host and a foreign Origin', async () => {
    const { port } = await serve(testdir());
    const body = JSON.stringify(INIT);
    expect((await rawRequest(port, { body, headers: { Host: 'evil.example' } })).status).toBe(403);
    expect((await rawRequest(port, { body, headers: { Origin: 'http://evil.example' } })).status).toBe(403);
    expect((await rawRequest(port, { body })).status).toBe(200);
  });

  it('refuses to start on a non-loopback address without a token', () => {
    const result = baton(['serve', '--host', '0.0.0.0', '--port', '0'], { cwd: testdir() });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^baton: refusing to listen on 0\.0\.0\.0 without a token: .*--token-file <file> or set BATON_TOKEN/,
    );
  });

  it('with a token on 0.0.0.0: 401 without or with a wrong token, served with the right one (via loopback)', async () => {
    const dir = testdir();
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, 'correct horse battery staple\n');
    const server = await serve(dir, ['--host', '0.0.0.0', '--token-file', tokenFile, '--as', 'alice']);
    const body = JSON.stringify(INIT);
    expect((await rawRequest(server.port, { body })).status).toBe(401);
    expect((await rawRequest(server.port, { body, headers: { Authorization: 'Bearer nope' } })).status).toBe(
      401,
    );
    const client = await httpClient(server.url, { Authorization: 'Bearer correct horse battery staple' });
    expect(dataOf(await call(client, 'dm_send', { to: 'bob', body: 'with a token' })).from).toBe('alice');

    const viaEnv = await serve(testdir(), ['--host', '0.0.0.0'], { BATON_TOKEN: 'env-token' });
    expect((await rawRequest(viaEnv.port, { body })).status).toBe(401);
    expect(
      (await rawRequest(viaEnv.port, { body, headers: { Authorization: 'Bearer env-token' } })).status,
    ).toBe(200);
  });

  it('refuses a 10 MB body with 413 and keeps serving', async () => {
    const dir = testdir();
    const server = await serve(dir, ['--as', 'alice']);
    const huge = await rawRequest(server.port, { bodyBytes: 10 * 1024 * 1024 });
    expect(huge.status).toBe(413);
    const client = await httpClient(server.url);
    expect((await call(client, 'dm_send', { to: 'bob', body: 'after the flood' })).isError).toBeFalsy();
    expect(filesUnder(join(dir, '.baton', 'messages', 'bob')).filter((f) => f.endsWith('.md'))).toHaveLength(
      1,
    );
  });

  it('stops cleanly on SIGTERM', async () => {
    const { child } = await serve(testdir());
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
