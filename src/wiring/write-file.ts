// Reading and writing a harness's files (outside any board): a read that is not clean refuses the file before
// anything is written; a write goes to a temp file in the same folder, then rename, so a crash leaves the old file
// or the new one. A symlinked settings file (dotfiles) is written through to its target, never replaced.
import { accessSync, constants, mkdirSync, readFileSync, realpathSync, statSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { BatonError } from '../core/errors.js';
import { replaceFileAtomic } from '../core/store/atomic-write.js';

// Settings, instructions and commands are kilobytes; anything past this is not one baton should rewrite.
const MAX_SETTINGS_BYTES = 16 * 1024 * 1024;

function refuse(path: string, why: string): BatonError {
  return new BatonError('io', `${path} ${why} — nothing was written; fix that and run baton init again`);
}

/**
 * The text of `path` (null when absent), for planning: anything else that keeps baton from reading it or from
 * replacing it later (not a file, not readable, not valid UTF-8, a folder it cannot write in) is a BatonError
 * naming it, raised before anything is written.
 */
export function readForEdit(path: string): string | null {
  let bytes: Buffer;
  try {
    // Never opened when it is a FIFO or device (a read would block or never end), nor read whole when huge.
    const stat = statSync(path);
    if (stat.isDirectory()) throw refuse(path, 'is a folder, not a file');
    if (!stat.isFile()) throw refuse(path, 'is not a regular file');
    if (stat.size > MAX_SETTINGS_BYTES)
      throw refuse(path, `is larger than ${MAX_SETTINGS_BYTES / 1024 / 1024} MB`);
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      checkCanCreate(path);
      return null;
    }
    if (error instanceof BatonError) throw error;
    if (code === 'EISDIR') throw refuse(path, 'is a folder, not a file');
    throw refuse(path, `cannot be read (${code ?? (error as Error).message})`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse(path, 'is not valid UTF-8');
  }
  try {
    accessSync(dirname(target(path)), constants.W_OK);
  } catch {
    throw refuse(path, 'is in a folder baton cannot write in');
  }
  return text;
}

/** The nearest folder that exists on the way to `path` must be a folder baton can write in. */
function checkCanCreate(path: string): void {
  let dir = dirname(path);
  for (;;) {
    let isDir: boolean;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      const up = dirname(dir);
      if (up === dir) return;
      dir = up;
      continue;
    }
    // Named by the folder, not by each file baton would write in it: one line however many there are.
    if (!isDir) throw refuse(dir, 'is a file where baton needs a folder');
    try {
      accessSync(dir, constants.W_OK);
    } catch {
      throw refuse(dir, 'is a folder baton cannot write in');
    }
    return;
  }
}

function target(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Replaces (or creates) `path` with `text` atomically, keeping an existing file's permission bits. */
export function writeFileReplacing(path: string, text: string): void {
  const real = target(path);
  mkdirSync(dirname(real), { recursive: true });
  let mode = 0o644;
  try {
    mode = statSync(real).mode & 0o777;
  } catch {
    // A new file: the default mode.
  }
  replaceFileAtomic(real, text, { mode });
}

/** Deletes `path` (a link itself, not its target); an absent file is fine. */
export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
