// A cross-process lock on one record (mkdir is atomic everywhere); stale locks from killed holders are broken.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { BatonError } from '../errors.js';

export interface LockOptions {
  /** Give up after this many ms (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is assumed to belong to a killed process (default 30 s). */
  staleMs?: number;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Runs `fn` while holding `<path>.lock` (a folder, so it is never mistaken for a record). */
export function withLock<T>(path: string, fn: () => T, options: LockOptions = {}): T {
  const lockDir = `${path}.lock`;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const staleMs = options.staleMs ?? 30_000;
  let wait = 1;
  mkdirSync(dirname(path), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      breakIfStale(lockDir, staleMs);
      if (Date.now() > deadline) {
        throw new BatonError(
          'conflict',
          `${path} is locked by another writer — retry, or remove ${lockDir} if stale`,
        );
      }
      Atomics.wait(sleeper, 0, 0, wait);
      wait = Math.min(wait * 2, 50);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function breakIfStale(lockDir: string, staleMs: number): void {
  try {
    if (Date.now() - statSync(lockDir).mtimeMs > staleMs) rmSync(lockDir, { recursive: true, force: true });
  } catch {
    // released meanwhile
  }
}
