// The one atomic-write helper: temp file in the same folder, fsync, rename; temp names never look like records.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Suffix every temp file carries; readers skip it and `gc` removes leftovers. */
export const TEMP_SUFFIX = '.baton-tmp';

/** A short token that, with the pid, keeps concurrent temp and claim names apart (not a secret). */
export function uniqueSuffix(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function isTempName(name: string): boolean {
  return name.endsWith(TEMP_SUFFIX) || name.startsWith('.');
}

export interface AtomicWriteOptions {
  /** Create the parent folder when missing (default true). */
  mkdir?: boolean;
  /** fsync the file before renaming (default true). Durability against power loss, not just crashes. */
  fsync?: boolean;
}

/**
 * Writes `data` to `path` so that a crash at any instant leaves either the old file or the new one.
 * The temp file is `.<name>.<pid>.<random>.baton-tmp` beside the target: hidden, and never ending in `.md`/`.json`.
 */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  const dir = dirname(path);
  if (options.mkdir !== false) mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${process.pid}.${uniqueSuffix()}${TEMP_SUFFIX}`);
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'wx', 0o644);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
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
