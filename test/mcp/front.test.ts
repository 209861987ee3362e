// The MCP front (dist/mcp-front.sh, src/mcp/front): the stdio MCP server `baton init` wires. It answers the
// handshake as `baton mcp` does — checked side by side for every tool profile — without starting node, and the first
// message it does not answer starts `baton mcp` with the handshake replayed: the client sees one server. Whatever
// it cannot read plainly goes to `baton mcp` byte for byte, under dash and bash.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FRONT_LINE_BYTES } from '../../src/mcp/front/script.js';
import { PROFILES } from '../../src/mcp/profiles.js';
import { BIN, cleanEnv, testdir } from '../helpers/testdir.js';
import { MCP_FRONT } from '../wiring/harness-files.js';
import { call, textOf } from './helpers.js';

const SHELLS = ['/bin/sh', ...['/usr/bin/dash', '/usr/bin/bash'].filter((shell) => existsSync(shell))];

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
});

// Stands in for node: records that it was started, then runs the real one.
let startsNode: string;
// Stands in for node and never runs it: records its arguments, the message handed on fd 3 and stdin, and the
// handshake to replay.
let recordsNode: string;
// Not a testdir(): those go after each test, and these serve every test of the file.
let shared: string;
afterAll(() => rmSync(shared, { recursive: true, force: true }));
beforeAll(() => {
  shared = mkdtempSync(join(tmpdir(), 'baton-front-'));
  const dir = shared;
  startsNode = join(dir, 'starts-node');
  writeFileSync(startsNode, `#!/bin/sh\necho started >> "$FRONT_PROBE"\nexec '${process.execPath}' "$@"\n`);
  chmodSync(startsNode, 0o755);
  recordsNode = join(dir, 'records-node');
  writeFileSync(
    recordsNode,
    [
      '#!/bin/sh',
      'printf "%s\\n" "$*" > "$FRONT_PROBE.args"',
      'if [ -n "$BATON_MCP_REPLAY" ]; then printf "%s" "$BATON_MCP_REPLAY"; else printf "<none>"; fi > "$FRONT_PROBE.init"',
      'printf "%s" "$BATON_MCP_REPLAY_INITIALIZED" > "$FRONT_PROBE.initialized"',
      '{ if [ "$BATON_MCP_FIRST" = 3 ]; then cat <&3; fi; cat; } > "$FRONT_PROBE"',
      '',
    ].join('\n'),
  );
  chmodSync(recordsNode, 0o755);
});

async function connect(command: string, args: string[], dir: string, env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: dir,
    env: cleanEnv({ BATON_DIR: join(dir, '.baton'), ...env }),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'baton-front-test', version: '1.0.0' });
  const errors: string[] = [];
  client.onerror = (error) => errors.push(error.message);
  await client.connect(transport);
  clients.push(client);
  return { client, errors };
}

async function handshake(client: Client) {
  return {
    capabilities: client.getServerCapabilities(),
    version: client.getServerVersion(),
    instructions: client.getInstructions(),
    tools: await client.listTools(),
    prompts: await client.listPrompts(),
    resources: await client.listResources(),
    templates: await client.listResourceTemplates(),
    ping: await client.ping(),
  };
}

describe('the MCP front answers the handshake as baton mcp does', () => {
  it.each(PROFILES)(
    '--tools %s: the same answers, and no node until the first tool call',
    async (profile) => {
      const dir = testdir();
      const probe = join(dir, 'probe');
      const args = ['mcp', '--tools', profile];
      const direct = await connect(process.execPath, [BIN, ...args], dir, { BATON_AGENT: 'bob' });
      const front = await connect('/bin/sh', [MCP_FRONT, startsNode, BIN, ...args], dir, {
        FRONT_PROBE: probe,
        BATON_AGENT: 'alice',
      });
      expect(await handshake(front.client)).toEqual(await handshake(direct.client));
      expect(existsSync(probe)).toBe(false);
      // The first call starts baton mcp, which goes on from the handshake the front answered.
      const listed = (await front.client.listTools()).tools.map((tool) => tool.name);
      if (listed.includes('dm_send')) {
        expect(
          textOf(await call(front.client, 'dm_send', { to: 'bob', body: 'through the front' })),
        ).toContain('sent m-');
        expect(textOf(await call(direct.client, 'dm_inbox', {}))).toContain('through the front');
      } else await front.client.readResource({ uri: 'baton://board' });
      expect(readFileSync(probe, 'utf8')).toBe('started\n');
      // Still one server to the client: no second answer to its initialize, no error.
      expect((await front.client.listTools()).tools.map((t) => t.name)).toEqual(listed);
      expect([...front.errors, ...direct.errors]).toEqual([]);
    },
  );

  it('the default profile without --tools; several calls; the client closing ends it', async () => {
    const dir = testdir();
    const front = await connect('/bin/sh', [MCP_FRONT, process.execPath, BIN, 'mcp'], dir, {
      BATON_AGENT: 'alice',
    });
    const direct = await connect(process.execPath, [BIN, 'mcp', '--tools', 'default'], dir, {
      BATON_AGENT: 'bob',
    });
    expect((await front.client.listTools()).tools).toEqual((await direct.client.listTools()).tools);
    for (const body of ['one', 'two', 'three']) await call(front.client, 'dm_send', { to: 'bob', body });
    expect(textOf(await call(direct.client, 'dm_inbox', {}))).toMatch(/one[\s\S]*two[\s\S]*three/);
    expect(front.errors).toEqual([]);
  });
});

/** The front on raw lines with the stand-in that records what it is handed; `probe` undefined: not started. */
function raw(shell: string, lines: string, args = ['mcp'], env: Record<string, string> = {}) {
  const dir = testdir();
  const probe = join(dir, 'probe');
  const result = spawnSync(shell, [MCP_FRONT, recordsNode, '/nowhere/baton.js', ...args], {
    cwd: dir,
    input: lines,
    env: cleanEnv({ FRONT_PROBE: probe, ...env }),
    encoding: 'utf8',
    timeout: 20_000,
  });
  const read = (suffix: string) =>
    existsSync(`${probe}${suffix}`) ? readFileSync(`${probe}${suffix}`, 'utf8') : undefined;
  return {
    code: result.status,
    stderr: result.stderr,
    answers: result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>),
    handed: read(''),
    args: read('.args'),
    init: read('.init'),
    initialized: read('.initialized'),
  };
}

/** baton mcp's own answers to the same lines. */
function direct(lines: string): Record<string, unknown>[] {
  const dir = testdir();
  const result = spawnSync(process.execPath, [BIN, 'mcp'], {
    cwd: dir,
    input: lines,
    env: cleanEnv(),
    encoding: 'utf8',
    timeout: 20_000,
  });
  return result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const line = (message: Record<string, unknown>) => `${JSON.stringify(message)}\n`;
const INIT = (version: string, id: number | string = 0) =>
  line({
    method: 'initialize',
    params: {
      protocolVersion: version,
      capabilities: { roots: {}, elicitation: {} },
      clientInfo: { name: 'claude-code', title: 'Claude Code', version: '2.1.197' },
    },
    jsonrpc: '2.0',
    id,
  });
const INITIALIZED = line({ method: 'notifications/initialized', jsonrpc: '2.0' });

describe('the MCP front on raw lines', () => {
  it('answers every protocol version as baton mcp does (an unknown one with the newest), string and number ids', () => {
    for (const version of ['2025-06-18', '2024-11-05', LATEST_PROTOCOL_VERSION, '2099-01-01', '1999-x'])
      for (const id of [0, 17, 'abc-1']) {
        const lines = `${INIT(version, id)}${INITIALIZED}${line({ jsonrpc: '2.0', id: 5, method: 'ping' })}`;
        for (const shell of SHELLS) {
          const front = raw(shell, lines);
          expect({ code: front.code, handed: front.handed }).toEqual({ code: 0, handed: undefined });
          expect(front.answers).toEqual(direct(lines));
        }
      }
  });

  it('answers a list request carrying only a progress token (as Codex sends them) as baton mcp does', () => {
    const lists = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'].map(
      (method, i) =>
        line({
          jsonrpc: '2.0',
          id: i + 1,
          method,
          params: { _meta: { progressToken: i === 2 ? 'tok-1' : i } },
        }),
    );
    const lines = `${INIT('2025-06-18')}${INITIALIZED}${lists.join('')}`;
    for (const shell of SHELLS) {
      const front = raw(shell, lines);
      expect({ code: front.code, handed: front.handed }).toEqual({ code: 0, handed: undefined });
      expect(front.answers).toEqual(direct(lines));
    }
  });

  // GitHub Copilot CLI 1.0.102 opens with this, then initializes when the server does not know it.
  const DISCOVER = (id: number | string) =>
    `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"copilot-cli","version":"1.0.102"},"io.modelcontextprotocol/clientCapabilities":{"sampling":{},"elicitation":{"form":{},"url":{}}}}}}\n`;

  it('answers a server/discover before the initialize as baton mcp does (Copilot CLI), then the handshake', () => {
    for (const id of [0, 'd-1']) {
      const lines = `${DISCOVER(id)}${INIT('2025-11-25', 1)}${INITIALIZED}${line({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: { progressToken: 0 } } })}`;
      const expected = direct(lines);
      expect(expected[0]).toEqual({
        jsonrpc: '2.0',
        id,
        error: { code: -32601, message: 'Method not found' },
      });
      for (const shell of SHELLS) {
        const front = raw(shell, lines);
        expect({ code: front.code, handed: front.handed }).toEqual({ code: 0, handed: undefined });
        expect(front.answers).toEqual(expected);
      }
    }
  });

  it('hands the first message it does not answer to baton mcp with the handshake to replay, byte for byte', () => {
    const call = line({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'dm_send', arguments: { to: 'bob', body: 'é "quoted" \\ back' } },
    });
    const after = line({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
    for (const shell of SHELLS) {
      const front = raw(shell, `${INIT('2025-06-18')}${INITIALIZED}${call}${after}`, [
        'mcp',
        '--tools',
        'full',
      ]);
      expect(front.answers.map((answer) => answer.id)).toEqual([0]);
      expect(front.handed).toBe(`${call}${after}`);
      expect(front.init).toBe(INIT('2025-06-18').trimEnd());
      expect(front.initialized).toBe('1');
      expect(front.args).toBe('/nowhere/baton.js mcp --tools full\n');
    }
  });

  const unclear: [string, string][] = [
    ['a backslash in the initialize', INIT('2025-06-18').replace('Claude Code', 'Claude\\u0020Code')],
    [
      'an initialize written with spaces',
      `${JSON.stringify(JSON.parse(INIT('2025-06-18')), null, 1).replaceAll('\n', '')}\n`,
    ],
    ['an initialize with two ids', INIT('2025-06-18').replace('"name":"claude-code"', '"id":"claude-code"')],
    ['an id that is not plain', INIT('2025-06-18', 'a b')],
    ['an id of a fraction', INIT('2025-06-18').replace('"id":0', '"id":1.5')],
    ['a request before the initialize', line({ jsonrpc: '2.0', id: 1, method: 'tools/list' })],
    ['not JSON-RPC 2.0', INIT('2025-06-18').replace('"2.0"', '"1.0"')],
    ['a line longer than the front reads', INIT('x'.repeat(FRONT_LINE_BYTES))],
    ['not JSON at all', 'hello\n'],
    [
      "a server/discover whose id is not the line's first key",
      line({ jsonrpc: '2.0', method: 'server/discover', params: { _meta: {} }, id: 4 }),
    ],
    [
      'a server/discover without an id',
      line({ jsonrpc: '2.0', method: 'server/discover', params: { id: 4 } }),
    ],
  ];
  it.each(unclear)('%s: handed over at once, whole', (_, first) => {
    const rest = `${INITIALIZED}${line({ jsonrpc: '2.0', id: 1, method: 'tools/list' })}`;
    for (const shell of SHELLS) {
      const front = raw(shell, `${first}${rest}`);
      expect(front.answers).toEqual([]);
      expect(front.handed).toBe(`${first}${rest}`);
      expect(front.init).toBe('<none>');
    }
  });

  const afterHandshake: [string, string][] = [
    ['a list with a cursor', line({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: 'x' } })],
    ['a list with _meta', line({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: {} } })],
    [
      'a progress token that is an object',
      line({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: { progressToken: { a: 1 } } } }),
    ],
    [
      'a progress token beside a cursor',
      line({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/list',
        params: { _meta: { progressToken: 1 }, cursor: 'c' },
      }),
    ],
    ['a second initialize', INIT('2025-06-18', 9)],
    ['a server/discover after the initialize', DISCOVER(9)],
    ['a notification it does not know', line({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' })],
    ['a method it does not know', line({ jsonrpc: '2.0', id: 2, method: 'tools/lists' })],
    ['a line without a newline at the end', line({ jsonrpc: '2.0', id: 2, method: 'tools/call' }).trimEnd()],
  ];
  it.each(afterHandshake)('%s: handed over after the handshake, with it to replay', (_, message) => {
    for (const shell of SHELLS) {
      const front = raw(shell, `${INIT('2025-06-18')}${INITIALIZED}${message}`);
      expect(front.answers.map((answer) => answer.id)).toEqual([0]);
      expect(front.handed).toBe(message.endsWith('\n') ? message : `${message}\n`);
      expect(front.init).toBe(INIT('2025-06-18').trimEnd());
    }
  });

  it('a client that hangs up after the handshake: exit 0, no node', () => {
    for (const shell of SHELLS) {
      const front = raw(shell, `${INIT('2025-06-18')}${INITIALIZED}`);
      expect({ code: front.code, handed: front.handed, ids: front.answers.map((a) => a.id) }).toEqual({
        code: 0,
        handed: undefined,
        ids: [0],
      });
    }
  });

  const direct_: [string, string[], Record<string, string>][] = [
    ['--as', ['mcp', '--as', 'alice'], {}],
    ['an unknown profile', ['mcp', '--tools', 'everything'], {}],
    ['--help', ['mcp', '--help'], {}],
    ['BATON_URL', ['mcp'], { BATON_URL: 'http://127.0.0.1:1' }],
  ];
  it.each(direct_)('%s: baton mcp at once, with the same arguments and stdin', (_, args, env) => {
    const lines = `${INIT('2025-06-18')}${INITIALIZED}`;
    const front = raw('/bin/sh', lines, args, env);
    expect(front.answers).toEqual([]);
    expect(front.args).toBe(`/nowhere/baton.js ${args.join(' ')}\n`);
    expect(front.handed).toBe(lines);
  });
});
