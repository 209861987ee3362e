// A cross-process lock on one record (mkdir is atomic everywhere); locks of killed holders are broken.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BatonError } from '../errors.js';
import { TEMP_SUFFIX, uniqueSuffix } from './atomic-write.js';

export interface LockOptions {
  /** Give up after this many ms (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is broken even if its holder cannot be checked (default 30 s). */
  staleMs?: number;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
// A holder writes its pid right after taking the lock; give it this long before a missing pid counts.
const OWNER_GRACE_MS = 1_000;

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
      writeFileSync(`${lockDir}/owner`, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      breakIfAbandoned(lockDir, staleMs);
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

// Abandoned: its holder's process is gone (killed mid-write), or it is older than staleMs. The lock is first
// renamed away, so of several waiters that see it abandoned only one removes it.
function breakIfAbandoned(lockDir: string, staleMs: number): void {
  try {
    const age = Date.now() - statSync(lockDir).mtimeMs;
    const owner = readOwner(lockDir);
    const abandoned = age > staleMs || (owner === undefined ? false : !isRunning(owner));
    if (!abandoned || (owner === undefined && age < OWNER_GRACE_MS)) return;
    // Hidden and temp-suffixed, so a leftover (we die right here) is never read as a record.
    const doomed = join(
      dirname(lockDir),
      `.${basename(lockDir)}.${process.pid}.${uniqueSuffix()}${TEMP_SUFFIX}`,
    );
    renameSync(lockDir, doomed);
    rmSync(doomed, { recursive: true, force: true });
  } catch {
    // released or broken by someone else meanwhile
  }
}

function readOwner(lockDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(`${lockDir}/owner`, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
