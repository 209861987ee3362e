// Reading files: inside the board (no link followed at any level, regular files only, capped before reading, never
// blocking on a FIFO), and files a person named on the command line; text is strict UTF-8.
import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Fields, parseRecord } from './front-matter.js';
import { checkFolders, isDirectlyIn, SYMLINK_REASON } from './safe-fs.js';

const DEFAULT_MAX_BYTES = 1024 * 1024;
// O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer; fstat then refuses it.
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

export type TextRead = { ok: true; text: string } | { ok: false; missing: boolean; reason: string };

export type RecordRead =
  | { ok: true; fields: Fields; body: string }
  | { ok: false; missing: boolean; reason: string };

/** Why a file that is not strict UTF-8 text (a binary file, another encoding) was not read. */
export const NOT_UTF8 = 'is not valid UTF-8';

// Strict UTF-8: a byte sequence that is not UTF-8 is refused, never replaced. isUtf8 (simdutf) then toString is an
// order of magnitude faster than a fatal TextDecoder on large files.
function decodeStrict(bytes: Uint8Array): string | undefined {
  return isUtf8(bytes)
    ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
    : undefined;
}

/**
 * Reads a regular file inside the board as strict UTF-8, at most `maxBytes`. Symlinks (at any level), FIFOs,
 * devices, oversize and non-UTF-8 files are refused with a reason; the size is checked before anything is read.
 */
export function readTextFile(root: string, path: string, maxBytes = DEFAULT_MAX_BYTES): TextRead {
  const bytes = readBytes(root, path, maxBytes);
  if (!bytes.ok) return bytes;
  const text = decodeStrict(bytes.bytes);
  return text === undefined ? { ok: false, missing: false, reason: NOT_UTF8 } : { ok: true, text };
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
    if (!isDirectlyIn(dir, path)) return { ok: false, missing: false, reason: `is not directly in ${dir}` };
    let fd: number;
    try {
      fd = openSync(path, READ_FLAGS);
    } catch (error) {
      return openFailure(error);
    }
    try {
      if (!fstatSync(fd).isFile()) return { ok: false, missing: false, reason: 'is not a regular file' };
      return textHead(buffer.subarray(0, readSync(fd, buffer, 0, headBytes, 0)), end);
    } catch (error) {
      return openFailure(error);
    } finally {
      closeSync(fd);
    }
  });
}

/**
 * The start of `bytes` through the first `end` after its first byte, decoded; `text` undefined when there is none.
 * @internal Takes a Node `Buffer`: left out of the declarations, which must compile without `@types/node`.
 */
export function textHead(bytes: Buffer, end: string): HeadRead {
  const at = bytes.indexOf(end, 1);
  if (at === -1) return { ok: true, text: undefined };
  const text = decodeStrict(bytes.subarray(0, at + Buffer.byteLength(end)));
  return text === undefined ? { ok: false, missing: false, reason: NOT_UTF8 } : { ok: true, text };
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
  return text === undefined ? { ok: false, missing: false, reason: NOT_UTF8 } : { ok: true, text };
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
