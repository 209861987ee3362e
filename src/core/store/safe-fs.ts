// Every file-system access inside a board: no symlink is followed at any level below the board root, only regular
// files are opened, every read is capped and none can block (a FIFO or device file is refused, not opened for
// reading). The board root itself may be a link the user made on purpose; everything below it is checked.

import { isUtf8 } from 'node:buffer';
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  unlinkSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { BatonError } from '../errors.js';
import { type Fields, parseRecord } from './front-matter.js';

/** A file a reader skipped, and why; `doctor` lists them. Readers never crash on them and never delete them. */
export interface Problem {
  path: string;
  reason: string;
}

export type TextRead = { ok: true; text: string } | { ok: false; missing: boolean; reason: string };

export type RecordRead =
  | { ok: true; fields: Fields; body: string }
  | { ok: false; missing: boolean; reason: string };

export type EntryKind = 'file' | 'dir' | 'symlink' | 'other' | 'missing';

/** The folders from the board root down to a path: all real folders, one missing, or one that must not be used. */
export type FolderCheck =
  | { state: 'ok' }
  | { state: 'missing' }
  | { state: 'unsafe'; path: string; reason: string };

export const SYMLINK_REASON = 'is a symlink (not followed: baton follows no link inside the board)';
const DEFAULT_MAX_BYTES = 1024 * 1024;
// O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer; fstat then refuses it.
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;
// Strict UTF-8: a byte sequence that is not UTF-8 is refused, never replaced. isUtf8 (simdutf) then toString is an
// order of magnitude faster than a fatal TextDecoder on large files.
function decodeStrict(bytes: Uint8Array): string | undefined {
  return isUtf8(bytes)
    ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
    : undefined;
}

export function entryKind(path: string): EntryKind {
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return 'symlink';
    if (stat.isFile()) return 'file';
    if (stat.isDirectory()) return 'dir';
    return 'other';
  } catch (error) {
    if (isMissing(error)) return 'missing';
    throw error;
  }
}

function partsBelow(root: string, path: string): string[] {
  const rel = relative(root, path);
  if (rel === '') return [];
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    throw new BatonError('unsafe_path', `${path} is outside the board ${root}`);
  }
  return rel.split(sep);
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

function unsafePath(path: string, reason: string): BatonError {
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
  const check = checkFolders(root, dir);
  if (check.state === 'missing') return [];
  if (check.state === 'unsafe') {
    problems?.push({ path: check.path, reason: check.reason });
    return [];
  }
  try {
    return readdirSync(dir, { withFileTypes: true }).map((entry) => ({
      name: entry.name,
      kind: entry.isSymbolicLink()
        ? 'symlink'
        : entry.isFile()
          ? 'file'
          : entry.isDirectory()
            ? 'dir'
            : 'other',
    }));
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/**
 * A folder's entry names, or [] when it (or a folder above it) is missing. A folder reached through a symlink is
 * not listed: it is reported in `problems` instead.
 */
export function listNames(root: string, dir: string, problems?: Problem[]): string[] {
  const check = checkFolders(root, dir);
  if (check.state === 'missing') return [];
  if (check.state === 'unsafe') {
    problems?.push({ path: check.path, reason: check.reason });
    return [];
  }
  try {
    return readdirSync(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/**
 * Reads a regular file inside the board as strict UTF-8, at most `maxBytes`. Symlinks (at any level), FIFOs,
 * devices, oversize and non-UTF-8 files are refused with a reason; the size is checked before anything is read.
 */
export function readTextFile(root: string, path: string, maxBytes = DEFAULT_MAX_BYTES): TextRead {
  const bytes = readBytes(root, path, maxBytes);
  if (!bytes.ok) return bytes;
  const text = decodeStrict(bytes.bytes);
  return text === undefined
    ? { ok: false, missing: false, reason: 'is not valid UTF-8' }
    : { ok: true, text };
}

function readBytes(
  root: string,
  path: string,
  maxBytes: number,
): { ok: true; bytes: Buffer } | { ok: false; missing: boolean; reason: string } {
  const check = checkFolders(root, dirname(path));
  if (check.state === 'missing') return { ok: false, missing: true, reason: 'missing' };
  if (check.state === 'unsafe') {
    return { ok: false, missing: false, reason: `is inside ${check.path}, which ${check.reason}` };
  }
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (error) {
    return openFailure(error);
  }
  return readOpened(fd, maxBytes);
}

export type HeadRead =
  | { ok: true; text: string | undefined }
  | { ok: false; missing: boolean; reason: string };

/**
 * The starts of files `paths`, all directly in folder `dir` inside the board, each through the first `end` after its first byte,
 * read and decoded (strict UTF-8) only that far: records' front matter without their bodies. The folder is checked
 * once (no link on the way), each file is opened without following a link and read only when regular. `text` is
 * undefined when `end` is not within a file's first `headBytes` bytes (then read that file whole).
 */
export function readTextHeads(
  root: string,
  dir: string,
  paths: string[],
  end: string,
  headBytes: number,
): HeadRead[] {
  const check = checkFolders(root, dir);
  if (check.state !== 'ok') {
    const failed: HeadRead =
      check.state === 'missing'
        ? { ok: false, missing: true, reason: 'missing' }
        : { ok: false, missing: false, reason: `is inside ${check.path}, which ${check.reason}` };
    return paths.map(() => failed);
  }
  // One buffer for every file: only the decoded text is kept.
  const buffer = Buffer.allocUnsafe(headBytes);
  return paths.map((path) => {
    // Directly in `dir`, by string (path.dirname would cost more than the read on 10,000 notes).
    const inDir = path.startsWith(dir) && path[dir.length] === sep && !path.includes(sep, dir.length + 1);
    if (!inDir) return { ok: false, missing: false, reason: `is not directly in ${dir}` };
    let fd: number;
    try {
      fd = openSync(path, READ_FLAGS);
    } catch (error) {
      return openFailure(error);
    }
    try {
      if (!fstatSync(fd).isFile()) return { ok: false, missing: false, reason: 'is not a regular file' };
      const length = readSync(fd, buffer, 0, headBytes, 0);
      const at = buffer.subarray(0, length).indexOf(end, 1);
      if (at === -1) return { ok: true, text: undefined };
      const text = decodeStrict(buffer.subarray(0, at + Buffer.byteLength(end)));
      if (text === undefined) return { ok: false, missing: false, reason: 'is not valid UTF-8' };
      return { ok: true, text };
    } catch (error) {
      return openFailure(error);
    } finally {
      closeSync(fd);
    }
  });
}

/**
 * Reads a file a person named on the command line (outside the board, so a link they made is followed): a regular
 * file only (a FIFO or device is refused, never waited on), strict UTF-8, at most `maxBytes`.
 */
export function readNamedFile(path: string, maxBytes: number): TextRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return openFailure(error);
  }
  const bytes = readOpened(fd, maxBytes);
  if (!bytes.ok) return bytes;
  const text = decodeStrict(bytes.bytes);
  return text === undefined
    ? { ok: false, missing: false, reason: 'is not valid UTF-8' }
    : { ok: true, text };
}

// Reads an open file (then closes it): a regular file of at most `maxBytes`, the size checked before reading.
function readOpened(
  fd: number,
  maxBytes: number,
): { ok: true; bytes: Buffer } | { ok: false; missing: boolean; reason: string } {
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, missing: false, reason: 'is not a regular file' };
    if (stat.size > maxBytes) return { ok: false, missing: false, reason: `larger than ${maxBytes} bytes` };
    // The file may grow between fstat and read: read at most one byte more than allowed, to notice.
    const buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > maxBytes) return { ok: false, missing: false, reason: `larger than ${maxBytes} bytes` };
      if (length === buffer.length) break;
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } catch (error) {
    return openFailure(error);
  } finally {
    closeSync(fd);
  }
}

function openFailure(error: unknown): { ok: false; missing: boolean; reason: string } {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, missing: true, reason: 'missing' };
  if (code === 'ELOOP' || code === 'EMLINK') return { ok: false, missing: false, reason: SYMLINK_REASON };
  if (code === 'ENXIO') return { ok: false, missing: false, reason: 'is not a regular file' };
  return { ok: false, missing: false, reason: `unreadable (${code ?? 'error'})` };
}

/** Reads and parses one Markdown record. */
export function readRecordFile(root: string, path: string, maxBytes?: number): RecordRead {
  const text = readTextFile(root, path, maxBytes);
  if (!text.ok) return text;
  const parsed = parseRecord(text.text);
  if (!parsed.ok) return { ok: false, missing: false, reason: parsed.reason };
  return parsed;
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
