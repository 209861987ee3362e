// The one atomic-write helper: temp file in the same folder, fsync, rename; temp names never look like records, and
// no folder on the way (nor the target) may be a symlink.
import {
  closeSync,
  constants,
  fsyncSync,
  futimesSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { BatonError } from '../errors.js';
import { ensureFolders, entryKind, SYMLINK_REASON } from './safe-fs.js';

/** Suffix every temp file carries; readers skip it and `gc` removes leftovers. */
export const TEMP_SUFFIX = '.baton-tmp';

// `.<name>.<pid>.<token>.baton-tmp`: the exact shape baton gives its temp files (and lock folders it is breaking).
const TEMP_NAME = /^\.[^/\\]+\.\d+\.[a-z0-9]+\.baton-tmp$/;

/** A short token that, with the pid, keeps concurrent temp and claim names apart (not a secret). */
export function uniqueSuffix(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** A name every reader skips: a temp file, or any hidden file. */
export function isTempName(name: string): boolean {
  return name.endsWith(TEMP_SUFFIX) || name.startsWith('.');
}

/** Exactly the shape of a name baton gives a temp file; `gc` removes nothing else as a temp file. */
export function isBatonTempName(name: string): boolean {
  return TEMP_NAME.test(name);
}

/** The temp name for `path` (or a lock folder being broken): hidden, ends in `.baton-tmp`, never `.md`/`.json`. */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${uniqueSuffix()}${TEMP_SUFFIX}`);
}

export interface AtomicWriteOptions {
  /** fsync the file before renaming (default true). Durability against power loss, not just crashes. */
  fsync?: boolean;
}

/**
 * Writes `data` to `path` (inside the board at `root`) so that a crash at any instant leaves either the old file or
 * the new one. Missing folders are created; a symlink or a non-folder on the way, or anything but a regular file at
 * `path`, is an `unsafe_path` error and nothing is written.
 */
export function writeFileAtomic(
  root: string,
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  ensureFolders(root, dirname(path));
  const kind = entryKind(path);
  if (kind !== 'missing' && kind !== 'file') {
    throw new BatonError(
      'unsafe_path',
      `${path} ${kind === 'symlink' ? SYMLINK_REASON : 'is not a regular file'} — nothing was written; remove or rename it`,
    );
  }
  replaceFileAtomic(path, data, options);
}

export interface ReplaceOptions extends AtomicWriteOptions {
  /** Permission bits of a new file (default 0o644). */
  mode?: number;
  /** The file's modification time (ms), set before it takes `path`'s place: never seen with another. */
  mtimeMs?: number;
}

/**
 * The write under every atomic write: `data` into a temp file beside `path` (created exclusively, never through a
 * link), fsync, rename over `path`; on any failure the temp file is closed and removed and the error rethrown.
 * No checks of the folders on the way: writeFileAtomic makes those for a board; a caller outside any board (a
 * harness's settings file) makes its own.
 */
export function replaceFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: ReplaceOptions = {},
): void {
  const temp = tempPathFor(path);
  let fd: number | undefined;
  try {
    fd = openSync(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      options.mode ?? 0o644,
    );
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    if (options.mtimeMs !== undefined) {
      const time = new Date(options.mtimeMs);
      futimesSync(fd, time, time);
    }
    if (options.fsync !== false) fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // already gone or never created
    }
    throw error;
  }
}
