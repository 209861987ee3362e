// The hot bundles start from V8's code cache the build made (bin/load-hot.cjs, scripts/code-cache.mjs): every bundle
// has one this node accepts, and a cache that is not this build's — another build's, garbage, a FIFO, a link — is
// never used and never stops a command.

import { isAscii } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join, resolve } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { cleanEnv, testdir } from '../helpers/testdir.js';

const ROOT = resolve(import.meta.dirname, '../..');
const HOT = ['hook', 'hook-work', 'send', 'inbox', 'poll', 'board', 'index', 'mcp', 'remote'];
const HEAD = /^\/\/ baton-build [0-9a-f]{32}\n/;

/**
 * Runs `spoil` on a copy of bin/ and dist/ (inside the checkout, so the bundles' bare imports still resolve) and a
 * fresh project folder; the copy is removed afterwards.
 */
function withCopyOfBuild(spoil: (build: string, project: string) => void): void {
  const build = join(ROOT, '.cache', `code-cache-test-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    cpSync(join(ROOT, 'bin'), join(build, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'dist'), join(build, 'dist'), { recursive: true });
    spoil(build, testdir());
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
}

function run(build: string, args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [join(build, 'bin', 'baton.js'), ...args], {
    cwd,
    env: cleanEnv(),
    encoding: 'utf8',
    timeout: 120_000,
    killSignal: 'SIGKILL',
  });
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

describe('code cache of the hot bundles', () => {
  it.each(HOT)('dist/hot/%s.cjs has a cache of its own build that this node accepts', (name) => {
    const file = join(ROOT, 'dist', 'hot', `${name}.cjs`);
    const source = readFileSync(file, 'utf8');
    const head = HEAD.exec(source)?.[0];
    expect(head, 'the bundle starts with its build id').toBeDefined();
    const cache = readFileSync(`${file}.cache`);
    expect(cache.toString('latin1', 0, 48)).toBe(head);
    // As bin/load-hot.cjs compiles it: in the wrapper of a CommonJS module.
    const script = new Script(Module.wrap(source), { filename: file, cachedData: cache.subarray(48) });
    expect(script.cachedDataRejected).toBe(false);
  });

  it('every hot bundle is ASCII (read as Latin-1, the same text, without decoding UTF-8)', () => {
    for (const name of HOT) {
      const bytes = readFileSync(join(ROOT, 'dist', 'hot', `${name}.cjs`));
      expect({ name, ascii: isAscii(bytes) }).toEqual({ name, ascii: true });
    }
    // What was beyond ASCII in the sources is escaped, and means the same: a Chinese summary heading in a regular
    // expression, an ellipsis in a comment.
    const board = readFileSync(join(ROOT, 'dist', 'hot', 'board.cjs'), 'latin1');
    expect(board).toContain('conclusion|\\u5df2\\u5b8c\\u6210)\\s*[:\\uff1a]');
  });

  it('no hot bundle has a dynamic import() of its own (compiled from a cache, it would have no loader to call)', () => {
    for (const name of HOT) {
      const text = readFileSync(join(ROOT, 'dist', 'hot', `${name}.cjs`), 'utf8');
      // The MCP SDK's PKCE helper imports node:crypto only where globalThis.crypto is missing: never on Node 20.
      const own = text.replace('globalThis.crypto ?? // Node.js >18\n    import("node:crypto")', '');
      expect({ name, imports: own.match(/\bimport\("[^"]*"\)/g) ?? [] }).toEqual({ name, imports: [] });
    }
  });

  it('a cache that is not this build’s is never used: commands work the same', () => {
    withCopyOfBuild((build, project) => {
      const hot = join(build, 'dist', 'hot');
      const send = readFileSync(join(hot, 'send.cjs.cache'));
      // Another build's id, the same V8 data.
      writeFileSync(
        join(hot, 'send.cjs.cache'),
        Buffer.concat([Buffer.from(`// baton-build ${'0'.repeat(32)}\n`), send.subarray(48)]),
      );
      // This build's id, garbage after it.
      const inbox = readFileSync(join(hot, 'inbox.cjs.cache'));
      writeFileSync(
        join(hot, 'inbox.cjs.cache'),
        Buffer.concat([inbox.subarray(0, 48), Buffer.alloc(4096, 7)]),
      );
      // A FIFO (never opened to block) and a link (never followed).
      rmSync(join(hot, 'poll.cjs.cache'));
      expect(spawnSync('mkfifo', [join(hot, 'poll.cjs.cache')]).status).toBe(0);
      rmSync(join(hot, 'board.cjs.cache'));
      symlinkSync(join(hot, 'send.cjs.cache'), join(hot, 'board.cjs.cache'));

      const sent = run(build, ['send', '--as', 'ann', '--to', 'bob', '--body', 'hello'], project);
      expect(sent).toMatchObject({ code: 0, signal: null });
      expect(sent.stdout).toMatch(/^sent m-/);
      const inboxRun = run(build, ['inbox', '--as', 'bob'], project);
      expect(inboxRun.code).toBe(0);
      expect(inboxRun.stdout).toContain('hello');
      expect(run(build, ['poll', '--as', 'bob'], project)).toMatchObject({ code: 0, signal: null });
      const board = run(build, ['board'], project);
      expect(board).toMatchObject({ code: 0, signal: null });
    });
  });

  it('a bundle edited after the build (its id line gone) runs as edited, not from the cache', () => {
    withCopyOfBuild((build, project) => {
      const file = join(build, 'dist', 'hot', 'send.cjs');
      const source = readFileSync(file, 'utf8');
      // The same length (V8 alone would take the cache for it), another line, another word printed.
      const edited = source
        .replace(HEAD, `${'// edited by hand'.padEnd(47)}\n`)
        .replace('io.out(`sent ${', 'io.out(`SENT ${');
      expect(edited.length).toBe(source.length);
      writeFileSync(file, edited);
      const sent = run(build, ['send', '--as', 'ann', '--to', 'bob', '--body', 'hi'], project);
      expect(sent).toMatchObject({ code: 0, signal: null });
      expect(sent.stdout).toMatch(/^SENT m-/);
    });
  });

  it('a bundle edited after the build beyond ASCII is read as UTF-8', () => {
    withCopyOfBuild((build, project) => {
      const file = join(build, 'dist', 'hot', 'send.cjs');
      const source = readFileSync(file, 'utf8');
      writeFileSync(file, source.replace('io.out(`sent ${', 'io.out(`envoy\u00e9 → ${'));
      const sent = run(build, ['send', '--as', 'ann', '--to', 'bob', '--body', 'hi'], project);
      expect(sent).toMatchObject({ code: 0, signal: null });
      expect(sent.stdout).toMatch(/^envoyé → m-/);
    });
  });
});
