// Reading inside the board without following symlinks: every read says what it found, corrupt files become problems.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Fields, parseRecord } from './front-matter.js';

/** A file a reader skipped, and why; `doctor` lists them. Readers never crash on them and never delete them. */
export interface Problem {
  path: string;
  reason: string;
}

export type RecordRead =
  | { ok: true; fields: Fields; body: string }
  | { ok: false; missing: boolean; reason: string };

const DEFAULT_MAX_BYTES = 1024 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Lists a folder's entry names, or [] when it does not exist. Symlinked folders are not listed. */
export function listNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

export type EntryKind = 'file' | 'dir' | 'symlink' | 'other' | 'missing';

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

/** Reads a regular file as strict UTF-8 text; symlinks, oversize and non-UTF-8 files are refused with a reason. */
export function readTextFile(
  path: string,
  maxBytes = DEFAULT_MAX_BYTES,
): { ok: true; text: string } | { ok: false; missing: boolean; reason: string } {
  const kind = entryKind(path);
  if (kind === 'missing') return { ok: false, missing: true, reason: 'missing' };
  if (kind === 'symlink') return { ok: false, missing: false, reason: 'is a symlink (not followed)' };
  if (kind !== 'file') return { ok: false, missing: false, reason: 'is not a regular file' };
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if (isMissing(error)) return { ok: false, missing: true, reason: 'missing' };
    return {
      ok: false,
      missing: false,
      reason: `unreadable (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  }
  if (bytes.length > maxBytes) return { ok: false, missing: false, reason: `larger than ${maxBytes} bytes` };
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, missing: false, reason: 'is not valid UTF-8' };
  }
}

/** Reads and parses one Markdown record. */
export function readRecordFile(path: string, maxBytes?: number): RecordRead {
  const text = readTextFile(path, maxBytes);
  if (!text.ok) return text;
  const parsed = parseRecord(text.text);
  if (!parsed.ok) return { ok: false, missing: false, reason: parsed.reason };
  return parsed;
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
  dir: string,
  visit: (path: string, name: string, kind: EntryKind) => boolean | undefined,
): void {
  for (const name of listNames(dir)) {
    const path = join(dir, name);
    const kind = entryKind(path);
    if (kind === 'missing') continue;
    const skip = visit(path, name, kind);
    if (kind === 'dir' && !skip) walkTree(path, visit);
  }
}
