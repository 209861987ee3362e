// Who may talk to the web UI's server, over plain HTTP (no browser): its own Host and Origin only, writes only with the
// page's token, a strict CSP, and a bearer token for everything on a non-loopback bind (SPEC §8).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageToken, startServe } from '../../helpers/browser.js';
import { filesUnder, snapshot, testdir } from '../../helpers/testdir.js';
import { seedCards, seedMail } from './seed.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request to 127.0.0.1:<port>, with exactly the headers given (Host defaults to the server's own). */
function request(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', fail);
    req.end(options.body);
  });
}

const MESSAGE = JSON.stringify({ to: ['bob'], subject: 'from the page', body: 'written over HTTP' });

function postMessage(port: number, headers: Record<string, string>) {
  return request(port, '/api/messages', { method: 'POST', headers, body: MESSAGE });
}

/** The Content-Security-Policy's directive for scripts (script-src, else default-src), or undefined. */
function scriptPolicy(csp: string): string | undefined {
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map((d) => [d[0]!.toLowerCase(), d.slice(1).join(' ')]),
  );
  return directives.get('script-src') ?? directives.get('default-src');
}

describe('web server guards', () => {
  it('a foreign Host header gets 403 on the page, the API, the events and MCP', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const evil = { host: 'evil.example' };
    for (const path of ['/', '/app.js', '/api/board', '/api/mail', '/api/events']) {
      expect({ path, status: (await request(serve.port, path, { headers: evil })).status }).toEqual({
        path,
        status: 403,
      });
    }
    const mcp = await request(serve.port, '/mcp', {
      method: 'POST',
      headers: { ...evil, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(403);
    // The same requests with its own Host are answered.
    expect((await request(serve.port, '/')).status).toBe(200);
    expect((await request(serve.port, '/api/board')).status).toBe(200);
  });

  it('a write from a foreign Origin gets 403 and writes nothing, even with the token', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const token = await pageToken(serve.url);
    const before = snapshot(seeded.root);
    const answer = await postMessage(serve.port, {
      origin: 'http://evil.example',
      'x-baton-token': token,
      'content-type': 'application/json',
    });
    expect(answer.status).toBe(403);
    expect(snapshot(seeded.root)).toEqual(before);
  });

  it('a write without the token, or with a wrong one, gets 403 and writes nothing', async () => {
    const seeded = seedCards(testdir());
    const serve = await startServe(seeded.root);
    const token = await pageToken(serve.url);
    const own = { origin: `http://127.0.0.1:${serve.port}`, 'content-type': 'application/json' };
    const before = snapshot(seeded.root);
    expect((await postMessage(serve.port, own)).status).toBe(403);
    expect((await postMessage(serve.port, { ...own, 'x-baton-token': `${token}x` })).status).toBe(403);
    expect((await postMessage(serve.port, { ...own, 'x-baton-token': '' })).status).toBe(403);
    const entry = JSON.stringify({ type: 'note', body: 'no token' });
    for (const [method, path, body] of [
      ['POST', `/api/cards/${seeded.card}/entries`, entry],
      ['POST', '/api/cards', JSON.stringify({ title: 'no token' })],
      ['DELETE', `/api/cards/${seeded.card}`, undefined],
    ] as const) {
      const answer = await request(serve.port, path, { method, headers: own, body });
      expect({ method, path, status: answer.status }).toEqual({ method, path, status: 403 });
    }
    expect(snapshot(seeded.root)).toEqual(before);
  });

  it('a write that is not JSON is refused and writes nothing, even with the token (no form posts)', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const token = await pageToken(serve.url);
    const before = snapshot(seeded.root);
    const answer = await postMessage(serve.port, {
      origin: `http://127.0.0.1:${serve.port}`,
      'x-baton-token': token,
      'content-type': 'text/plain',
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(snapshot(seeded.root)).toEqual(before);
  });

  it('with the token and its own Origin the write is answered (200/201) and the message is on disk', async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    const token = await pageToken(serve.url);
    const answer = await postMessage(serve.port, {
      origin: `http://127.0.0.1:${serve.port}`,
      'x-baton-token': token,
      'content-type': 'application/json',
    });
    expect([200, 201], answer.text).toContain(answer.status);
    const sent = JSON.parse(answer.text) as { sent: { id: string; to: string }[] };
    expect(sent.sent).toEqual([{ id: expect.stringMatching(/^m-[0-9A-Z]{26}$/), to: 'bob' }]);
    const files = filesUnder(join(seeded.root, 'messages', 'bob')).filter((f) =>
      f.includes(sent.sent[0]!.id),
    );
    expect(files).toHaveLength(1);
  });

  it("the page and the API carry a Content-Security-Policy without 'unsafe-inline' scripts; the page has no inline script", async () => {
    const seeded = seedMail(testdir());
    const serve = await startServe(seeded.root);
    for (const path of ['/', '/api/board']) {
      const answer = await request(serve.port, path);
      const csp = String(answer.headers['content-security-policy'] ?? '');
      const scripts = scriptPolicy(csp);
      expect({ path, scripts }).toEqual({ path, scripts: expect.any(String) });
      expect(scripts).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:/);
      if (path === '/') {
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        const inline = [...answer.text.matchAll(/<script\b([^>]*)>/gi)].filter((m) => !/\bsrc=/.test(m[1]!));
        expect(inline).toEqual([]);
        expect(answer.text).not.toMatch(/\son[a-z]+\s*=/i);
      }
    }
  });

  it('on a non-loopback bind with --token-file, the page, the API and MCP answer 401 without the bearer token', async () => {
    const dir = testdir();
    const seeded = seedMail(dir);
    const tokenFile = join(dir, 'token');
    const token = randomBytes(24).toString('hex');
    writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
    const serve = await startServe(seeded.root, { args: ['--host', '0.0.0.0', '--token-file', tokenFile] });
    for (const path of ['/', '/app.js', '/api/board', '/api/timeline', '/api/events']) {
      const bare = await request(serve.port, path);
      expect({ path, status: bare.status }).toEqual({ path, status: 401 });
      const wrong = await request(serve.port, path, { headers: { authorization: `Bearer ${token}x` } });
      expect({ path, status: wrong.status }).toEqual({ path, status: 401 });
    }
    const mcp = await request(serve.port, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(401);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await request(serve.port, '/', { headers: bearer })).status).toBe(200);
    const board = await request(serve.port, '/api/board', { headers: bearer });
    expect(board.status).toBe(200);
    expect(JSON.parse(board.text).board).toBe(seeded.root);
  });
});
