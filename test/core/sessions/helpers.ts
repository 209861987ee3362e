// Test helpers for sessions: a session record to write, a pid that is certainly gone, and concurrent worker processes.
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { SessionRecord } from '../../../src/core/sessions/session.js';
import { spawnTracked } from '../../helpers/processes.js';
import { testdir } from '../../helpers/testdir.js';

/** A pid above the kernel's default pid_max: no process has it. */
export const DEAD_PID = 2 ** 22 + 7;

export function sessionRecord(id: string, extra: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id,
    harness: 'claude',
    agent: `agent-${id}`.toLowerCase(),
    cwd: '/p',
    projectKey: 'p',
    parentSession: '',
    startedAt: '2026-11-30T10:00:00.000Z',
    lastSeen: '2026-11-30T10:00:00.000Z',
    ...extra,
  };
}

/**
 * Bundles `body` (an ES module that may import `src/…` by a path relative to the repository) into a script and
 * runs `count` copies at once, each with its index as argv[2] and `args` after it. Resolves with every copy's stdout.
 */
export async function runWorkers(body: string, count: number, args: string[] = []): Promise<string[]> {
  const dir = testdir();
  const script = join(dir, 'worker.mjs');
  buildSync({
    stdin: { contents: body, resolveDir: resolve('.'), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: script,
    logLevel: 'error',
  });
  const runs = Array.from({ length: count }, (_, i) => {
    const child = spawnTracked(process.execPath, [script, String(i), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      err += chunk;
    });
    return new Promise<string>((done, fail) => {
      child.on('close', (code) =>
        code === 0 ? done(out) : fail(new Error(`worker ${i} exited ${code}: ${err}`)),
      );
    });
  });
  return Promise.all(runs);
}
