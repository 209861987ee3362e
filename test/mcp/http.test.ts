// The HTTP front door in process on port 0: Host/Origin checks, the token, the body cap, routes, identity.
import { join } from 'node:path';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BatonError } from '../../src/core/errors.js';
import { allowedHosts, isLoopbackHost } from '../../src/http/guard.js';
import { silentLogger } from '../../src/http/logger.js';
import type { RunningHttpServer } from '../../src/http/server.js';
import { type HttpOptions, listenMcpHttp } from '../../src/mcp/http.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { filesUnder, testdir } from '../helpers/testdir.js';
import { boardIn, call, sentId, shownMessages, textOf } from './helpers.js';
import { httpClient, INIT, rawRequest, slowClients, until } from './http-client.js';

const running: RunningHttpServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function start(dir: string, options: Partial<HttpOptions> = {}) {
  const server = await listenMcpHttp({
    port: 0,
    logger: silentLogger,
    mcpServer: (agent, agentSource) => createMcpServer({ board: boardIn(dir), agent, agentSource }),
    ...options,
  });
  running.push(server);
  return server;
}

describe('guards', () => {
  it('answers 403 to a foreign Host or Origin and accepts its own', async () => {
    const { port } = await start(testdir());
    const init = JSON.stringify(INIT);
    const evilHost = await rawRequest(port, { body: init, headers: { Host: 'evil.example' } });
    expect(evilHost.status).toBe(403);
    expect(evilHost.body).toBe(
      'forbidden: Host "evil.example" is not this server (DNS rebinding protection)\n',
    );
    expect((await rawRequest(port, { body: init, headers: { Host: `evil.example:${port}` } })).status).toBe(
      403,
    );
    expect((await rawRequest(port, { body: init, headers: { Host: '127.0.0.1:1' } })).status).toBe(403);
    const evilOrigin = await rawRequest(port, { body: init, headers: { Origin: 'http://evil.example' } });
    expect(evilOrigin.status).toBe(403);
    expect(evilOrigin.body).toContain('Origin "http://evil.example" is not this server');
    expect((await rawRequest(port, { body: init, headers: { Origin: 'null' } })).status).toBe(403);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const own = await rawRequest(port, { body: init, headers: { Host: host, Origin: `http://${host}` } });
      expect(own.status).toBe(200);
    }
  });

  it('refuses a non-loopback bind without a token before opening anything', async () => {
    await expect(start(testdir(), { host: '0.0.0.0' })).rejects.toThrow(
      'refusing to listen on 0.0.0.0 without a token',
    );
    expect(isLoopbackHost('127.0.0.2')).toBe(true);
    expect(isLoopbackHost('192.168.1.2')).toBe(false);
    expect(allowedHosts('127.0.0.1', 80).has('localhost')).toBe(true);
  });

  it('with a token answers 401 without it or with a wrong one, and serves with the right one', async () => {
    const dir = testdir();
    const server = await start(dir, { token: 's3cret-token' });
    const init = JSON.stringify(INIT);
    const missing = await rawRequest(server.port, { body: init });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="baton"');
    for (const auth of ['Bearer wrong', 'Bearer s3cret-token-longer', 'Basic s3cret-token', 'Bearer ']) {
      expect((await rawRequest(server.port, { body: init, headers: { Authorization: auth } })).status).toBe(
        401,
      );
    }
    expect((await rawRequest(server.port, { method: 'GET', path: '/' })).status).toBe(401);
    const client = await httpClient(server.url, {
      Authorization: 'Bearer s3cret-token',
      'X-Baton-Agent': 'alice',
    });
    expect((await call(client, 'dm_send', { to: 'bob', body: 'authorised' })).isError).toBeFalsy();
  });

  it('refuses a 10 MB body with 413 without reading it all, and keeps serving', async () => {
    const dir = testdir();
    const server = await start(dir);
    const declared = await rawRequest(server.port, { bodyBytes: 10 * 1024 * 1024 });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error.message).toBe('request body too large (at most 1048576 bytes)');
    const streamed = await rawRequest(server.port, { bodyBytes: 2 * 1024 * 1024, chunked: true });
    expect(streamed.status).toBe(413);
    const client = await httpClient(server.url, { 'X-Baton-Agent': 'alice' });
    expect((await call(client, 'dm_send', { to: 'bob', body: 'still here' })).isError).toBeFalsy();
  });

  it('answers bad JSON with a parse error, GET /mcp with 405, unknown paths with 404, / with a status', async () => {
    const { port } = await start(testdir(), { status: () => 'board: /x/.baton\n' });
    const bad = await rawRequest(port, { body: '{not json' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe(-32700);
    const get = await rawRequest(port, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await rawRequest(port, { method: 'GET', path: '/nope' })).status).toBe(404);
    const status = await rawRequest(port, { method: 'GET', path: '/' });
    expect(status.status).toBe(200);
    expect(status.body).toBe('baton is running. MCP (Streamable HTTP): POST /mcp\nboard: /x/.baton\n');
  });

  it('answers a tools/call whose arguments are not an object with -32602 and a short message', async () => {
    const dir = testdir();
    const server = await start(dir);
    const client = await httpClient(server.url, { 'X-Baton-Agent': 'alice' });
    for (const [params, problem] of [
      [{ name: 'dm_send', arguments: 'to=bob' }, '"arguments" must be an object, got a string'],
      [{ name: 'dm_send', arguments: [1] }, '"arguments" must be an object, got an array'],
      [{ name: 42, arguments: {} }, '"name" must be a string, got a number'],
    ] as const) {
      const answer = client.request({ method: 'tools/call', params } as never, CallToolResultSchema);
      await expect(answer).rejects.toMatchObject({
        code: -32602,
        message: `MCP error -32602: invalid tools/call request: ${problem}`,
      });
    }
    expect(filesUnder(dir)).toEqual([]);
  });

  it('tries added routes after /mcp and before 404', async () => {
    const { port } = await start(testdir(), {
      routes: [
        (_req, res, url) => {
          if (url.pathname !== '/api/ping') return false;
          res.end('pong');
          return true;
        },
      ],
    });
    expect((await rawRequest(port, { method: 'GET', path: '/api/ping' })).body).toBe('pong');
    expect((await rawRequest(port, { method: 'GET', path: '/api/pong' })).status).toBe(404);
  });
});

describe('identity over HTTP', () => {
  it('without --as each client names itself with X-Baton-Agent; a spoofed from is refused', async () => {
    const dir = testdir();
    const server = await start(dir);
    const alice = await httpClient(server.url, { 'X-Baton-Agent': 'alice' });
    const bob = await httpClient(server.url, { 'X-Baton-Agent': 'bob' });
    await call(alice, 'dm_send', { to: 'bob', body: 'hi bob' });
    const spoof = await call(alice, 'dm_send', { to: 'bob', body: 'x', from: 'bob' });
    expect(textOf(spoof)).toBe(
      `"bob" is not you: this server acts as alice (named by this request's X-Baton-Agent header) — omit the name, or send X-Baton-Agent: bob`,
    );
    const inbox = shownMessages(textOf(await call(bob, 'dm_inbox', {})));
    expect(inbox.map((m) => [m.from, m.body])).toEqual([['alice', 'hi bob']]);
    const anonymous = await httpClient(server.url);
    expect(textOf(await call(anonymous, 'dm_send', { to: 'bob', body: 'x' }))).toContain('no agent identity');
    const id = sentId(await call(anonymous, 'dm_send', { to: 'bob', body: 'x', from: 'carol' }));
    expect(shownMessages(textOf(await call(bob, 'dm_inbox', {}))).find((m) => m.id === id)?.from).toBe(
      'carol',
    );
  });

  it('with --as the header may only repeat it; an invalid header is a 400', async () => {
    const dir = testdir();
    const server = await start(dir, { agent: 'alice' });
    const init = JSON.stringify(INIT);
    const other = await rawRequest(server.port, { body: init, headers: { 'X-Baton-Agent': 'bob' } });
    expect(other.status).toBe(403);
    expect(JSON.parse(other.body).error.message).toBe(
      "X-Baton-Agent bob contradicts this server's identity alice (set by --as) — drop the header, or run a server with no identity of its own",
    );
    const invalid = await rawRequest(server.port, { body: init, headers: { 'X-Baton-Agent': '../etc' } });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).error.message).toBe(
      'invalid X-Baton-Agent "../etc": must not contain path separators',
    );
    const same = await httpClient(server.url, { 'X-Baton-Agent': 'alice' });
    expect((await call(same, 'dm_send', { to: 'bob', body: 'x' })).isError).toBeFalsy();
    const none = await httpClient(server.url);
    expect((await call(none, 'dm_send', { to: 'bob', body: 'y' })).isError).toBeFalsy();
    expect(textOf(await call(none, 'dm_send', { to: 'bob', body: 'z', from: 'bob' }))).toBe(
      '"bob" is not you: this server acts as alice (set by --as) — omit the name, or run a server with --as bob',
    );
    const bob = await httpClient(server.url);
    expect(textOf(await call(bob, 'dm_inbox', { agent: 'bob' }))).toContain('"bob" is not you');
    expect(filesUnder(join(dir, '.baton', 'messages', 'bob')).filter((f) => f.endsWith('.md'))).toHaveLength(
      2,
    );
  });

  it('serves 20 clients at once without losing a message', async () => {
    const dir = testdir();
    const server = await start(dir);
    const clients = await Promise.all(
      Array.from({ length: 20 }, (_, i) => httpClient(server.url, { 'X-Baton-Agent': `agent${i}` })),
    );
    const results = await Promise.all(
      clients.flatMap((client, i) =>
        Array.from({ length: 5 }, (_, n) => call(client, 'dm_send', { to: 'sink', body: `${i}/${n}` })),
      ),
    );
    expect(results.filter((r) => r.isError)).toEqual([]);
    expect(filesUnder(join(dir, '.baton', 'messages', 'sink')).filter((f) => f.endsWith('.md'))).toHaveLength(
      100,
    );
  });
});

describe('slow and flooding clients', () => {
  const TOKEN = 'a-token-of-at-least-thirty-two-characters';
  const halfHeader = (port: number) => `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Half`;

  it('500 connections from one address that never finish their headers: all but 32 are closed at once, and an authenticated client is served', async () => {
    const dir = testdir();
    const server = await start(dir, { token: TOKEN, limits: { perClient: 32 } });
    const flood = slowClients(server.port, 500, halfHeader(server.port));
    await flood.connected;
    await until(() => flood.closed() >= 468);
    expect(flood.closed()).toBe(468);
    const client = await httpClient(server.url, {
      Authorization: `Bearer ${TOKEN}`,
      'X-Baton-Agent': 'alice',
    });
    const sent = await call(client, 'dm_send', { to: 'bob', body: 'through the flood' });
    expect(sent.isError).toBeFalsy();
    expect(filesUnder(join(dir, '.baton', 'messages', 'bob')).filter((f) => f.endsWith('.md'))).toHaveLength(
      1,
    );
    expect(server.server.maxConnections).toBe(1024);
  });

  it('drops connections that never finish their headers after the headers timeout (408), and keeps serving', async () => {
    const dir = testdir();
    const server = await start(dir, { timeouts: { headersMs: 300, requestMs: 600 } });
    const half = slowClients(server.port, 20, halfHeader(server.port));
    const silent = slowClients(server.port, 5, '');
    await Promise.all([half.allClosed, silent.allClosed]);
    expect(half.received.every((text) => text.startsWith('HTTP/1.1 408'))).toBe(true);
    const client = await httpClient(server.url, { 'X-Baton-Agent': 'alice' });
    expect((await call(client, 'dm_send', { to: 'bob', body: 'after' })).isError).toBeFalsy();
  });

  it('drops a request whose body never finishes after the request timeout, having written nothing', async () => {
    const dir = testdir();
    const server = await start(dir, { timeouts: { headersMs: 300, requestMs: 600 } });
    const head = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nX-Baton-Agent: alice\r\nContent-Length: 500\r\n\r\n`;
    const body =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"dm_send","arguments":{"to":"bob"';
    const slow = slowClients(server.port, 3, head + body);
    await slow.allClosed;
    expect(filesUnder(dir)).toEqual([]);
  });

  it('says a port is taken and how to pick another, instead of crashing', async () => {
    const first = await start(testdir());
    const second = start(testdir(), { port: first.port });
    await expect(second).rejects.toBeInstanceOf(BatonError);
    await expect(second).rejects.toThrow(
      `port ${first.port} is taken — pass --port <n> (or --port 0 for any free port)`,
    );
  });
});
