// A cross-process lock on one record (mkdir is atomic everywhere); locks of killed holders are broken.
import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { BatonError } from '../errors.js';
import { tempPathFor } from './atomic-write.js';
import { readTextFile } from './read-file.js';
import { ensureFolders, SYMLINK_REASON } from './safe-fs.js';

export interface LockOptions {
  /** Give up after this many ms (default 10 s). */
  timeoutMs?: number;
  /** A lock older than this is broken even if its holder cannot be checked (default 30 s). */
  staleMs?: number;
}

/** The suffix of a lock folder: `<record>.lock`, beside the record it guards. */
export const LOCK_SUFFIX = '.lock';
/** The file inside a lock folder that names its holder's pid. */
export const LOCK_OWNER = 'owner';

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Runs `fn` while holding `<path>.lock` (a folder, so it is never mistaken for a record), inside the board `root`. */
export function withLock<T>(root: string, path: string, fn: () => T, options: LockOptions = {}): T {
  const lockDir = acquire(root, path, options);
  try {
    return fn();
  } finally {
    release(lockDir);
  }
}

/**
 * Like withLock for an asynchronous `fn`: the lock is held until its promise settles. Give it `timeoutMs: 0` (a
 * held lock is `conflict` at once) and wait between attempts asynchronously, so signals are still handled.
 */
export async function withLockAsync<T>(
  root: string,
  path: string,
  fn: () => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const lockDir = acquire(root, path, options);
  try {
    return await fn();
  } finally {
    release(lockDir);
  }
}

function acquire(root: string, path: string, options: LockOptions): string {
  const lockDir = `${path}${LOCK_SUFFIX}`;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const staleMs = options.staleMs ?? 30_000;
  let wait = 1;
  ensureFolders(root, dirname(path));
  // The lock folder appears with its owner already inside (made under a temp name, then renamed into place), so a
  // holder killed at any instant leaves either no lock or one naming its pid — never one without an owner.
  const made = tempPathFor(lockDir);
  mkdirSync(made);
  try {
    writeOwner(made);
    for (;;) {
      try {
        renameSync(made, lockDir);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EEXIST' && code !== 'ENOTEMPTY') throw error;
        // A lock just broken is tried again at once, however long breaking it took on a busy machine.
        if (breakIfAbandoned(root, lockDir, staleMs)) continue;
        if (Date.now() > deadline) {
          throw new BatonError(
            'conflict',
            `${path} is locked by another writer — retry, or run \`baton gc\` if its writer is gone`,
          );
        }
        Atomics.wait(sleeper, 0, 0, wait);
        wait = Math.min(wait * 2, 50);
      }
    }
  } catch (error) {
    rmSync(made, { recursive: true, force: true });
    throw error;
  }
  return lockDir;
}

// Renamed away first, then removed: the lock folder is never seen empty (a rename onto an empty folder succeeds,
// so an empty lock folder could be taken over while its holder is still removing it).
function release(lockDir: string): void {
  const doomed = tempPathFor(lockDir);
  try {
    renameSync(lockDir, doomed);
  } catch {
    return; // broken by a waiter that judged it abandoned
  }
  // What a lock folder holds is its owner file: removed, then the folder (no recursive walk for the usual case).
  try {
    unlinkSync(join(doomed, LOCK_OWNER));
    rmdirSync(doomed);
  } catch {
    rmSync(doomed, { recursive: true, force: true });
  }
}

function writeOwner(lockDir: string): void {
  const fd = openSync(join(lockDir, LOCK_OWNER), 'wx', 0o644);
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
}

/**
 * True when a lock folder's holder is gone: its recorded process no longer exists, or the lock is older than
 * `staleMs` (its holder hung, or cannot be checked).
 */
export function lockAbandoned(root: string, lockDir: string, staleMs: number, now = Date.now()): boolean {
  // Let go since it was seen (a listing, then its holder finished): nobody's to break.
  const stat = lstatSync(lockDir, { throwIfNoEntry: false });
  if (stat === undefined) return false;
  const age = now - stat.mtimeMs;
  if (age > staleMs) return true;
  const owner = readOwner(root, lockDir);
  // No owner: a lock made by hand or by an older baton (which wrote its pid after mkdir); staleMs decides.
  if (owner === undefined) return false;
  return !isRunning(owner);
}

// The lock is first renamed away, so of several waiters that see it abandoned only one removes it. True when it
// is gone (broken here, or released meanwhile).
function breakIfAbandoned(root: string, lockDir: string, staleMs: number): boolean {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(lockDir);
  } catch {
    return true; // released meanwhile
  }
  if (!stat.isDirectory()) {
    throw new BatonError(
      'unsafe_path',
      `${lockDir} ${stat.isSymbolicLink() ? SYMLINK_REASON : 'is not a lock folder'} — remove it; nothing was written`,
    );
  }
  try {
    if (!lockAbandoned(root, lockDir, staleMs)) return false;
    // Hidden and temp-shaped, so a leftover (we die right here) is never read as a record and gc removes it.
    const doomed = tempPathFor(lockDir);
    renameSync(lockDir, doomed);
    rmSync(doomed, { recursive: true, force: true });
    return true;
  } catch {
    return false; // released or broken by someone else meanwhile: tried again
  }
}

function readOwner(root: string, lockDir: string): number | undefined {
  const read = readTextFile(root, join(lockDir, LOCK_OWNER), 32);
  if (!read.ok) return undefined;
  const pid = Number(read.text);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
