// Who may read and change the board through the web UI: the page token, same-origin JSON, Host/Origin checks, the
// bearer token (as a cookie for browsers), the CSP — and every bad input refused with its error and nothing written.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { registerAgent } from '../../src/core/agents/registry.js';
import { type Board, openBoard } from '../../src/core/board/open-board.js';
import { createCard } from '../../src/core/cards/index.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { silentLogger } from '../../src/http/logger.js';
import type { RunningHttpServer } from '../../src/http/server.js';
import { listenMcpHttp } from '../../src/mcp/http.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { findAssets } from '../../src/web/assets.js';
import { createWebApp, type WebApp } from '../../src/web/server.js';
import { snapshot, testdir } from '../helpers/testdir.js';

const TOKEN = 'a-bearer-token-of-at-least-32-characters';
const open: { server: RunningHttpServer; web: WebApp }[] = [];
afterEach(async () => {
  for (const { server, web } of open.splice(0)) {
    web.close();
    await server.close();
  }
});

function board(): Board {
  const dir = testdir();
  const b = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
  registerAgent(b, 'alice');
  return b;
}

async function serve(b: Board, token?: string) {
  const web = createWebApp({ board: { board: b.root, env: {} }, log: () => {}, watcher: { settleMs: 5 } });
  const server = await listenMcpHttp({
    port: 0,
    token,
    logger: silentLogger,
    routes: web.routes,
    mcpServer: (agent, agentSource) =>
      createMcpServer({ board: { board: b.root, env: {} }, agent, agentSource }),
  });
  open.push({ server, web });
  return { base: `http://127.0.0.1:${server.port}`, port: server.port, web };
}

/** A raw request, so Host and Origin can be anything. */
function raw(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, ...length } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('changes need the page token, same-origin JSON', () => {
  const body = JSON.stringify({ to: ['alice'], body: 'hello' });
  const cases: [string, Record<string, string>, number, string][] = [
    [
      'no token',
      { 'Content-Type': 'application/json' },
      403,
      'missing or wrong X-Baton-Token: changes come from the page this server served (reload it)',
    ],
    [
      'a wrong token',
      { 'Content-Type': 'application/json', 'X-Baton-Token': 'guess' },
      403,
      'missing or wrong X-Baton-Token: changes come from the page this server served (reload it)',
    ],
    [
      'a form post (not JSON)',
      { 'Content-Type': 'text/plain', 'X-Baton-Token': '<token>' },
      403,
      'the body must be JSON (Content-Type: application/json)',
    ],
    [
      'a cross-site fetch',
      { 'Content-Type': 'application/json', 'X-Baton-Token': '<token>', 'Sec-Fetch-Site': 'cross-site' },
      403,
      'a cross-site request may not change the board',
    ],
  ];
  for (const [name, headers, status, error] of cases) {
    it(`refuses ${name} and writes nothing`, async () => {
      const b = board();
      const { port, web } = await serve(b);
      const before = snapshot(b.root);
      const filled = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k, v === '<token>' ? web.pageToken : v]),
      );
      const res = await raw(port, 'POST', '/api/messages', { Host: `127.0.0.1:${port}`, ...filled }, body);
      expect(res.status).toBe(status);
      expect(JSON.parse(res.text)).toEqual({ error, code: 'forbidden' });
      expect(snapshot(b.root)).toEqual(before);
    });
  }

  it('refuses a foreign Origin (403) and a foreign Host on every path, writing nothing', async () => {
    const b = board();
    const { port, web } = await serve(b);
    const before = snapshot(b.root);
    const headers = { 'Content-Type': 'application/json', 'X-Baton-Token': web.pageToken };
    const cross = await raw(
      port,
      'POST',
      '/api/messages',
      { Host: `127.0.0.1:${port}`, Origin: 'http://evil.example', ...headers },
      body,
    );
    expect(cross.status).toBe(403);
    expect(cross.text).toBe(
      'forbidden: Origin "http://evil.example" is not this server (DNS rebinding protection)\n',
    );
    for (const path of ['/', '/app.js', '/api/board', '/api/events', '/mcp']) {
      const res = await raw(port, 'GET', path, { Host: 'evil.example' });
      expect(res.status, path).toBe(403);
    }
    expect(snapshot(b.root)).toEqual(before);
    const same = await raw(
      port,
      'POST',
      '/api/messages',
      { Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}`, ...headers },
      body,
    );
    expect(same.status).toBe(201);
  });
});

describe('bad input: the exact error, nothing written', () => {
  const cases: [string, string, string, string | undefined, number, string][] = [
    ['POST', '/api/messages', '{"to": 5, "body": "x"}', undefined, 400, '"to" must be a list of agent names'],
    ['POST', '/api/messages', '{"to": [" "], "body": "x"}', undefined, 400, '"to" names no agent'],
    ['POST', '/api/messages', '{"to": ["alice"]}', undefined, 400, '"body" is required'],
    ['POST', '/api/messages', '{"to": ["alice"], "body": 7}', undefined, 400, '"body" must be text'],
    ['POST', '/api/messages', '[1]', undefined, 400, 'the body must be a JSON object'],
    ['POST', '/api/messages', '{nope', undefined, 400, 'the body is not JSON'],
    [
      'POST',
      '/api/messages',
      'x'.repeat(300 * 1024),
      undefined,
      413,
      'request body too large (at most 262144 bytes)',
    ],
    [
      'POST',
      '/api/cards/<card>/entries',
      '{"type": "rumour", "body": "x"}',
      'invalid_input',
      400,
      'unknown entry type "rumour" — use one of note, finding, question, answer',
    ],
    [
      'POST',
      '/api/notes/x/continue',
      '{"harness": "vim"}',
      'invalid_input',
      400,
      'harness must be claude, codex, gemini, opencode, pi, copilot, qwen, antigravity or grok',
    ],
    [
      'GET',
      '/api/nothing-here',
      '',
      'not_found',
      404,
      'no API endpoint /nothing-here (see the README\'s "Web UI" section)',
    ],
    ['DELETE', '/api/board', '{}', 'method_not_allowed', 405, 'use GET for /board'],
    [
      'GET',
      `/api/search?q=${'a'.repeat(201)}`,
      '',
      'invalid_input',
      400,
      'a search is at most 200 characters',
    ],
    ['GET', '/api/cards/%E0%A4%A', '', 'invalid_input', 400, 'a malformed %-escape in the path'],
  ];
  for (const [method, path, text, code, status, error] of cases) {
    it(`${method} ${path.slice(0, 40)} ${text.slice(0, 40)} → ${status}`, async () => {
      const b = board();
      const { card } = createCard(b, { title: 'A card', by: 'you' });
      const { port, web } = await serve(b);
      const before = snapshot(b.root);
      const res = await raw(
        port,
        method,
        path.replace('<card>', card.id),
        { Host: `127.0.0.1:${port}`, 'Content-Type': 'application/json', 'X-Baton-Token': web.pageToken },
        method === 'GET' ? undefined : text,
      );
      expect(res.status, res.text).toBe(status);
      if (error) expect(JSON.parse(res.text).error).toBe(error);
      if (code) expect(JSON.parse(res.text).code).toBe(code);
      expect(snapshot(b.root)).toEqual(before);
    });
  }

  it('never resolves an id to a path outside the board', async () => {
    const b = board();
    const { port } = await serve(b);
    for (const path of [
      '/api/cards/..%2F..%2Fboard.json',
      '/api/notes/..%2F..%2Fetc%2Fpasswd',
      '/api/threads/..%2Fx',
    ]) {
      const res = await raw(port, 'GET', path, { Host: `127.0.0.1:${port}` });
      expect([400, 404], path).toContain(res.status);
      expect(res.text).not.toContain('root:');
    }
  });
});

describe('headers and the page', () => {
  it('sends a strict CSP with no inline script on the page and the API', async () => {
    const { base } = await serve(board());
    for (const path of ['/', '/app.js', '/api/board']) {
      const res = await fetch(base + path);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves only its own files: any other path is 404', async () => {
    const { base } = await serve(board());
    for (const path of ['/constructor', '/__proto__', '/toString', '/index.js', '/../package.json']) {
      expect((await fetch(base + path)).status, path).toBe(404);
    }
  });

  it('fills in the page token; the built page has no inline script or style', async () => {
    const { base, web } = await serve(board());
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain(`<meta name="baton-token" content="${web.pageToken}">`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(readFileSync(join(findAssets()!, 'index.html'), 'utf8')).toContain('__BATON_TOKEN__');
  });

  it('with a bearer token: 401 without it, a cookie sign-in for the page, never a cookie for /mcp', async () => {
    const { base } = await serve(board(), TOKEN);
    expect((await fetch(`${base}/api/board`)).status).toBe(401);
    expect((await fetch(`${base}/?token=wrong-token`, { redirect: 'manual' })).status).toBe(401);
    const signIn = await fetch(`${base}/?token=${TOKEN}`, { redirect: 'manual' });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/');
    const cookie = signIn.headers.get('set-cookie')!;
    expect(cookie).toBe(`baton_auth=${TOKEN}; HttpOnly; SameSite=Strict; Path=/`);
    const jar = cookie.split(';')[0]!;
    expect((await fetch(`${base}/api/board`, { headers: { Cookie: jar } })).status).toBe(200);
    expect((await fetch(`${base}/`, { headers: { Cookie: jar } })).status).toBe(200);
    const mcp = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        Cookie: jar,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: '{}',
    });
    expect(mcp.status).toBe(401);
    expect((await fetch(`${base}/api/board`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(
      200,
    );
  });
});

describe('live events', () => {
  it('tells an open page which part of the board changed', async () => {
    const b = board();
    const { base } = await serve(b);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const read = async (until: string) => {
      while (!seen.includes(until)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${until}`);
        seen += decoder.decode(value);
      }
    };
    await read('event: hello');
    sendMessage(b, { from: 'alice', to: 'alice', body: 'note to self' });
    await read('event: change');
    await read('\n\n');
    expect(seen).toMatch(/event: change\ndata: \{"areas":\[[^\]]*"messages"/);
    controller.abort();
  });
});
