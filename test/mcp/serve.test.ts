// The built binary as a user runs it: `baton serve --port 0`, reached over HTTP from other processes.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baton, batonAsync, filesUnder, testdir } from '../helpers/testdir.js';
import { waitFor } from '../helpers/wait.js';
import { call, sentId, shownMessages, textOf } from './helpers.js';
import { httpClient, INIT, rawRequest } from './http-client.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM');
});

/** Starts `baton serve --port 0 …` and waits for its "listening on" line. */
async function serve(dir: string, args: string[] = [], env: Record<string, string> = {}) {
  const { child, stderr } = startServe(dir, args, env);
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', () => {
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(stderr());
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr()}`)));
  });
  const port = Number(/:(\d+)\/mcp$/.exec(url)?.[1]);
  return { child, url: `http://127.0.0.1:${port}/mcp`, printed: url, port, stderr };
}

/** `baton serve --port 0 …` as a child process, its stderr collected. */
function startServe(dir: string, args: string[] = [], env: Record<string, string> = {}) {
  const child = batonAsync(['serve', '--port', '0', ...args], {
    cwd: dir,
    env: { BATON_DIR: join(dir, '.baton'), ...env },
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { child, stderr: () => stderr };
}

/** Runs `baton serve …` to its exit (for the ways it refuses to start). */
async function serveExit(dir: string, args: string[], env: Record<string, string> = {}) {
  const { child, stderr } = startServe(dir, args, env);
  // 'close', not 'exit': only then has all of stderr been read.
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  return { code, stderr: stderr() };
}

const TOKEN = 'correct-horse-battery-staple-and-more-words';

describe('baton serve', () => {
  it('says the web UI first (what `npm start` opens), then MCP; --help calls it the web UI too', async () => {
    const dir = testdir();
    const server = await serve(dir);
    // The MCP identity line is the last one, printed with the listening line's chunk or just after it.
    await waitFor('the MCP identity line', () => /\nMCP clients name themselves/.test(server.stderr()));
    const page = `http://127.0.0.1:${server.port}/`;
    expect(server.stderr()).toBe(
      [
        `web UI: ${page}`,
        `[board ${join(dir, '.baton')}]`,
        `listening on ${server.url} (MCP over HTTP; agents elsewhere: BATON_URL=http://127.0.0.1:${server.port})`,
        'MCP clients name themselves (X-Baton-Agent header or "from"); --as gives the server one identity',
        '',
      ].join('\n'),
    );
    expect(baton(['--help'], { cwd: dir }).stdout).toMatch(
      /^ {2}serve +the web UI, MCP over HTTP and the BATON_URL endpoint on 127\.0\.0\.1$/m,
    );
  });

  it('prints where it listens; two clients with two identities exchange a message; the CLI sees it', async () => {
    const dir = testdir();
    const server = await serve(dir);
    expect(server.printed).toBe(server.url);
    const alice = await httpClient(server.url, { 'X-Baton-Agent': 'alice' });
    const bob = await httpClient(server.url, { 'X-Baton-Agent': 'bob' });
    const sent = sentId(await call(alice, 'dm_send', { to: 'bob', body: 'over http' }));
    const inbox = shownMessages(textOf(await call(bob, 'dm_inbox', {})));
    expect(inbox.map((m) => [m.id, m.from])).toEqual([[sent, 'alice']]);
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
    writeFileSync(tokenFile, `  ${TOKEN}\n`, { mode: 0o600 });
    const server = await serve(dir, ['--host', '0.0.0.0', '--token-file', tokenFile, '--as', 'alice']);
    const body = JSON.stringify(INIT);
    expect((await rawRequest(server.port, { body })).status).toBe(401);
    expect((await rawRequest(server.port, { body, headers: { Authorization: 'Bearer nope' } })).status).toBe(
      401,
    );
    const client = await httpClient(server.url, { Authorization: `Bearer ${TOKEN}` });
    expect(textOf(await call(client, 'dm_send', { to: 'bob', body: 'with a token' }))).toMatch(/^sent m-/);

    const viaEnv = await serve(testdir(), ['--host', '0.0.0.0'], { BATON_TOKEN: ` ${TOKEN}\n` });
    expect((await rawRequest(viaEnv.port, { body })).status).toBe(401);
    expect(
      (await rawRequest(viaEnv.port, { body, headers: { Authorization: `Bearer ${TOKEN}` } })).status,
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

  it('refuses a token shorter than 32 characters, from BATON_TOKEN or a file, and says how to make one', async () => {
    const dir = testdir();
    const short = await serveExit(dir, ['--host', '0.0.0.0'], { BATON_TOKEN: '  env-token  ' });
    expect(short.code).toBe(1);
    expect(short.stderr).toBe(
      'baton: BATON_TOKEN is too short: 9 characters (at least 32) — run `baton serve --token-file ~/.baton-token` once: it creates one, or use `openssl rand -base64 32`\n',
    );
    const file = join(dir, 'short-token');
    writeFileSync(file, 'correct horse battery staple\n', { mode: 0o600 });
    const fromFile = await serveExit(dir, ['--token-file', file]);
    expect(fromFile.code).toBe(1);
    expect(fromFile.stderr).toContain(
      `baton: the token in ${file} is too short: 28 characters (at least 32)`,
    );
    expect(existsSync(join(dir, '.baton'))).toBe(false);
  });

  it('--token-file creates a missing file with mode 600 and a random 43-character token, and uses it', async () => {
    const dir = testdir();
    const file = join(dir, 'token');
    const server = await serve(dir, ['--token-file', 'token']);
    expect(server.stderr()).toContain(
      'created token with a new token (mode 600) — clients send "Authorization: Bearer <the token in token>"',
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = readFileSync(file, 'utf8');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    const body = JSON.stringify(INIT);
    expect((await rawRequest(server.port, { body })).status).toBe(401);
    const auth = { Authorization: `Bearer ${token.trim()}` };
    expect((await rawRequest(server.port, { body, headers: auth })).status).toBe(200);
    // A second start reads the same token and creates nothing.
    server.child.kill('SIGTERM');
    const again = await serve(dir, ['--token-file', 'token']);
    expect(again.stderr()).not.toContain('created');
    expect(readFileSync(file, 'utf8')).toBe(token);
    expect((await rawRequest(again.port, { body, headers: auth })).status).toBe(200);
  });

  it('refuses a token file that other users may read', async () => {
    const dir = testdir();
    const file = join(dir, 'token');
    writeFileSync(file, `${TOKEN}\n`, { mode: 0o644 });
    const open = await serveExit(dir, ['--token-file', file]);
    expect(open.code).toBe(1);
    expect(open.stderr).toBe(
      `baton: --token-file ${file} may be read by other users (mode 644) — run \`chmod 600 ${file}\`\n`,
    );
  });

  it('on a busy port says so and names --port, exit 1, no stack trace', async () => {
    const dir = testdir();
    const { port } = await serve(dir);
    const busy = await serveExit(dir, ['--port', String(port)]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toBe(
      `baton: port ${port} is taken — pass --port <n> (or --port 0 for any free port)\n`,
    );
  });

  it('an unknown --tools profile is a usage error: exit 2, the profiles named (notes among them)', async () => {
    const dir = testdir();
    for (const profile of ['note', 'everything']) {
      const result = await serveExit(dir, ['--tools', profile]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `baton: unknown tool profile "${profile}" — use one of default, full, messaging, cards, notes\n`,
      );
    }
    const help = baton(['serve', '--help'], { cwd: dir });
    expect(help.stdout).toContain('--tools default|full|messaging|cards|notes');
  });
});
