// Folders and entries inside a board: no symlink is followed at any level below the board root (every folder on the
// way is checked), folders are listed and created, small files created, removed and renamed only where they are
// regular. Reading files is read-file.ts. The board root itself may be a link the user made; below it, nothing is.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { BatonError } from '../errors.js';

/** A file a reader skipped, and why; `doctor` lists them. Readers never crash on them and never delete them. */
export interface Problem {
  path: string;
  reason: string;
}

export type EntryKind = 'file' | 'dir' | 'symlink' | 'other' | 'missing';

/** The folders from the board root down to a path: all real folders, one missing, or one that must not be used. */
export type FolderCheck =
  | { state: 'ok' }
  | { state: 'missing' }
  | { state: 'unsafe'; path: string; reason: string };

export const SYMLINK_REASON = 'is a symlink (not followed: baton follows no link inside the board)';
const _DEFAULT_MAX_BYTES = 1024 * 1024;
// O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer; fstat then refuses it.
const _READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
export function entryKind(path: string): EntryKind {
  try {
    // A missing path is common (a queue never made, a folder not there yet): answered without an exception.
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return 'missing';
    if (stat.isSymbolicLink()) return 'symlink';
    if (stat.isFile()) return 'file';
    if (stat.isDirectory()) return 'dir';
    return 'other';
  } catch (error) {
    if (isMissing(error)) return 'missing';
    throw error;
  }
}

/**
 * The names from `root` down to `path` (none for the root itself); a path outside the board (`..`, another
 * absolute path) is `unsafe_path`. The one place a path is checked to lie inside the board, for every store.
 */
export function partsBelow(root: string, path: string): string[] {
  // The common case, a path joined below the root, without path.relative's resolving of both.
  if (path.startsWith(root) && path[root.length] === sep) {
    const parts = path.slice(root.length + 1).split(sep);
    if (!parts.some((part) => part === '' || part === '.' || part === '..')) return parts;
  }
  const rel = relative(root, path);
  if (rel === '') return [];
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new BatonError('unsafe_path', `${path} is outside the board ${root}`);
  }
  return rel.split(sep);
}

/**
 * Whether `path` lies directly in folder `dir` (both normal), by string: path.dirname would cost more than the read
 * on 10,000 notes.
 */
export function isDirectlyIn(dir: string, path: string): boolean {
  return path.startsWith(dir) && path[dir.length] === sep && !path.includes(sep, dir.length + 1);
}

/** Checks every folder from `root` (exclusive) down to `dir` (inclusive) with lstat, creating nothing. */
export function checkFolders(root: string, dir: string): FolderCheck {
  let at = root;
  for (const part of partsBelow(root, dir)) {
    at = join(at, part);
    const kind = entryKind(at);
    if (kind === 'dir') continue;
    if (kind === 'missing') return { state: 'missing' };
    return { state: 'unsafe', path: at, reason: kind === 'symlink' ? SYMLINK_REASON : 'is not a folder' };
  }
  return { state: 'ok' };
}

/** The `unsafe_path` error for a link or a non-folder met on the way: nothing was written. */
export function unsafePath(path: string, reason: string): BatonError {
  return new BatonError(
    'unsafe_path',
    `${path} ${reason} — nothing was written; remove or rename it (\`baton doctor\` lists such files)`,
  );
}

/** Creates the missing folders from `root` down to `dir`; a symlink or a file on the way is an `unsafe_path` error. */
export function ensureFolders(root: string, dir: string): void {
  let at = root;
  for (const part of partsBelow(root, dir)) {
    at = join(at, part);
    let kind = entryKind(at);
    if (kind === 'missing') {
      try {
        mkdirSync(at);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      kind = entryKind(at);
    }
    if (kind === 'dir') continue;
    throw unsafePath(at, kind === 'symlink' ? SYMLINK_REASON : 'is not a folder');
  }
}

/**
 * A folder's entries with their kinds, read in one pass (no lstat per entry where the file system reports types), or
 * [] when it (or a folder above it) is missing; a folder reached through a symlink is reported, as by listNames.
 */
export function listEntries(
  root: string,
  dir: string,
  problems?: Problem[],
): { name: string; kind: Exclude<EntryKind, 'missing'> }[] {
  return readFolder(root, dir, problems, () =>
    readdirSync(dir, { withFileTypes: true }).map((entry) => ({
      name: entry.name,
      kind: entry.isSymbolicLink()
        ? 'symlink'
        : entry.isFile()
          ? 'file'
          : entry.isDirectory()
            ? 'dir'
            : 'other',
    })),
  );
}

/**
 * A folder's entry names, or [] when it (or a folder above it) is missing. A folder reached through a symlink is
 * not listed: it is reported in `problems` instead.
 */
export function listNames(root: string, dir: string, problems?: Problem[]): string[] {
  return readFolder(root, dir, problems, () => readdirSync(dir));
}

// Lists `dir` with `read` once every folder down to it is checked: [] when one is missing, a problem when one is a
// link or a file, [] when the folder goes away meanwhile.
function readFolder<T>(root: string, dir: string, problems: Problem[] | undefined, read: () => T[]): T[] {
  const check = checkFolders(root, dir);
  if (check.state === 'missing') return [];
  if (check.state === 'unsafe') {
    problems?.push({ path: check.path, reason: check.reason });
    return [];
  }
  try {
    return read();
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/**
 * Creates an empty regular file when none is there (queue markers, last-seen stamps); never follows a link and never
 * blocks on a FIFO. Returns false when something other than a regular file holds the name (it is left alone).
 */
export function touchFile(root: string, path: string): boolean {
  ensureFolders(root, dirname(path));
  let fd: number;
  try {
    fd = openSync(path, CREATE_FLAGS, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EISDIR' || code === 'ENXIO' || code === 'EMLINK') return false;
    throw error;
  }
  try {
    return fstatSync(fd).isFile();
  } finally {
    closeSync(fd);
  }
}

/**
 * Appends `text` to a regular file below `root` (a log), created when missing; never through a link, never into a
 * FIFO. A file grown past `rotateAt` bytes is first moved to `<name>.1` (replacing the previous one), so it stays
 * bounded. Returns false when something other than a regular file holds the name (it is left alone).
 */
export function appendToFile(root: string, path: string, text: string, rotateAt: number): boolean {
  ensureFolders(root, dirname(path));
  const open = () => {
    try {
      return openSync(path, CREATE_FLAGS | constants.O_APPEND, 0o644);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' || code === 'EISDIR' || code === 'ENXIO' || code === 'EMLINK') return undefined;
      throw error;
    }
  };
  let fd = open();
  if (fd === undefined) return false;
  try {
    let stat = fstatSync(fd);
    if (stat.isFile() && stat.size >= rotateAt) {
      closeSync(fd);
      fd = undefined;
      const rotated = `${path}.1`;
      if (entryKind(rotated) === 'file' || entryKind(rotated) === 'missing')
        renameInside(root, path, rotated);
      fd = open();
      if (fd === undefined) return false;
      stat = fstatSync(fd);
    }
    if (!stat.isFile()) return false;
    writeSync(fd, text);
    return true;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Removes one regular file below `root` (never a link's target, never a folder). False when it was not there. */
export function removeFile(root: string, path: string): boolean {
  const check = checkFolders(root, dirname(path));
  if (check.state === 'missing') return false;
  if (check.state === 'unsafe') throw unsafePath(check.path, check.reason);
  const kind = entryKind(path);
  if (kind === 'missing') return false;
  if (kind !== 'file') throw unsafePath(path, kind === 'symlink' ? SYMLINK_REASON : 'is not a regular file');
  try {
    unlinkSync(path);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/** Renames within the board after checking both folders; false when `from` is gone (someone else moved it). */
export function renameInside(root: string, from: string, to: string): boolean {
  for (const dir of new Set([dirname(from), dirname(to)])) {
    const check = checkFolders(root, dir);
    if (check.state === 'unsafe') throw unsafePath(check.path, check.reason);
    if (check.state === 'missing') return false;
  }
  try {
    renameSync(from, to);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Visits every entry below `dir` (never following a symlink: it is visited as one). `visit` is called for
 * folders too, before their contents; returning true skips what is inside.
 */
export function walkTree(
  root: string,
  dir: string,
  visit: (path: string, name: string, kind: EntryKind) => boolean | undefined,
): void {
  for (const name of listNames(root, dir)) {
    const path = join(dir, name);
    const kind = entryKind(path);
    if (kind === 'missing') continue;
    const skip = visit(path, name, kind);
    if (kind === 'dir' && !skip) walkTree(root, path, visit);
  }
}
