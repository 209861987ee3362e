// `POST /api/cli` as a client other than baton's would call it (header token only, JSON only, checked fields), and
// `baton mcp` with BATON_URL relaying to the served /mcp for an MCP client on stdio.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { BIN, cleanEnv, snapshot } from '../helpers/testdir.js';
import { serveBoard } from './helpers.js';

async function post(url: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${url}/api/cli`, { method: 'POST', body, headers });
  return { status: res.status, text: await res.text() };
}

describe('POST /api/cli', () => {
  it('takes the bearer header only: the page’s sign-in cookie is refused', async () => {
    const served = await serveBoard();
    const before = snapshot(served.root);
    const body = JSON.stringify({ argv: ['send', '--as', 'eve', '--to', 'bob', '--body', 'x'] });
    const cookie = await post(served.url, body, {
      'Content-Type': 'application/json',
      Cookie: `baton_auth=${encodeURIComponent(served.token)}`,
    });
    expect(cookie).toEqual({ status: 401, text: 'unauthorized: send "Authorization: Bearer <token>"\n' });
    expect(snapshot(served.root)).toEqual(before);
  });

  it.each([
    [{}, 'text/plain', 415, 'the body must be JSON (Content-Type: application/json)'],
    ['not json', 'application/json', 400, 'bad request: the body is not JSON'],
    [{ argv: [] }, 'application/json', 400, 'bad request: argv must be a non-empty array of strings'],
    [{ argv: ['inbox'], stdin: 1 }, 'application/json', 400, 'bad request: stdin must be a string'],
    [
      { argv: ['inbox'], env: { BATON_DIR: '/etc' } },
      'application/json',
      400,
      'bad request: env "BATON_DIR" is not applied remotely (only BATON_AGENT, BATON_DISABLE, BATON_SESSION, BATON_PARENT_SESSION, CLAUDE_CODE_SESSION_ID, CODEX_THREAD_ID, COPILOT_AGENT_SESSION_ID, QWEN_CODE_SESSION_ID)',
    ],
    [{ argv: ['inbox'], cwd: '/' }, 'application/json', 400, 'bad request: unknown field "cwd"'],
  ])('refuses %j (%s) with %i, writing nothing', async (value, type, status, message) => {
    const served = await serveBoard();
    const before = snapshot(served.root);
    const body = typeof value === 'string' ? value : JSON.stringify(value);
    const answer = await post(served.url, body, {
      'Content-Type': type,
      Authorization: `Bearer ${served.token}`,
    });
    expect(answer).toEqual({ status, text: `${message}\n` });
    expect(snapshot(served.root)).toEqual(before);
  });

  it('a body over 24 MiB is refused with 413', async () => {
    const served = await serveBoard();
    const body = JSON.stringify({ argv: ['send', '--to', 'b'], stdin: 'x'.repeat(24 * 1024 * 1024 + 1) });
    const answer = await post(served.url, body, {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${served.token}`,
    });
    expect(answer.status).toBe(413);
  });

  it('without a token on a loopback bind, it answers as /mcp does', async () => {
    const served = await serveBoard({ token: false });
    const answer = await post(served.url, JSON.stringify({ argv: ['agents', '--json'] }), {
      'Content-Type': 'application/json',
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ exit: 0, stderr: '' });
  });
});

describe('baton mcp with BATON_URL', () => {
  async function connect(url: string, token: string, agent: string) {
    const client = new Client({ name: 'remote-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp'],
      env: cleanEnv({ BATON_URL: url, BATON_TOKEN: token, BATON_AGENT: agent }),
      stderr: 'pipe',
    });
    await client.connect(transport);
    // Its process ends with the test, passed or not.
    onTestFinished(() => client.close());
    return client;
  }

  it('relays dm_send and dm_inbox to the served board', async () => {
    const served = await serveBoard();
    const alice = await connect(served.url, served.token, 'alice');
    const sent = await alice.callTool({ name: 'dm_send', arguments: { to: 'bob', body: 'over the bridge' } });
    expect(sent.isError).toBeFalsy();
    expect(JSON.stringify(sent.content)).toMatch(/sent m-\w+ to bob/);
    await alice.close();
    const bob = await connect(served.url, served.token, 'bob');
    const inbox = await bob.callTool({ name: 'dm_inbox', arguments: {} });
    expect(JSON.stringify(inbox.content)).toContain('over the bridge');
    await bob.close();
    expect(served.local(['inbox', '--as', 'bob']).stdout).toContain('│ over the bridge');
  });

  it('a wrong token: the client is told the server refused the token, never what the token was', async () => {
    const served = await serveBoard();
    const before = snapshot(served.root);
    const wrong = 'y'.repeat(43);
    const failed = await connect(served.url, wrong, 'alice').then(
      () => 'connected',
      (error: Error) => error.message,
    );
    expect(failed).toContain(
      `the server at ${served.url} (BATON_URL) refused the token (BATON_TOKEN) — set BATON_TOKEN to the token its \`baton serve\` uses`,
    );
    expect(failed).not.toContain(wrong);
    expect(snapshot(served.root)).toEqual(before);
  });
});
