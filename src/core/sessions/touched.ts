// The paths a session touched (`touched` + `touchedAt` in its record): normalised to its project, redacted, distinct,
// bounded (the oldest go first), and appended under the record's lock so concurrent writers lose nothing.
import { isAbsolute, relative, resolve, sep } from 'node:path';

import { type Board, requireBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { validateName } from '../store/names.js';
import { writeJsonRecord } from '../store/records.js';
import { refreshGateMarker, stampRecentEdit } from './hook-gate.js';
import { projectRootOf } from './project.js';
import { readSession, type SessionRecord, sessionPath } from './session.js';

/** At most this many distinct paths are kept per session; touching one again moves it to the end. */
export const MAX_TOUCHED = 500;
/**
 * …and at most this many bytes of paths (UTF-8) in all, so a record stays well below the reader's 256 KiB cap even
 * when JSON escapes every byte of them twice over.
 */
export const MAX_TOUCHED_BYTES = 100_000;
/** A longer path is refused (Linux's PATH_MAX). */
export const MAX_PATH_CHARS = 4096;

export interface TouchedPath {
  /** Relative to the session's project root (with `/`), `.` for the root itself, or absolute when outside it. */
  path: string;
  /** When it was last touched; `''` when a record does not say. */
  at: string;
}

/**
 * How a path is stored and compared: `path` resolved against `cwd`, then relative to `root` (with `/`) when it lies
 * inside it (`.` for the root itself), else absolute. Not redacted: callers redact.
 */
export function normalizeTouchedPath(path: string, cwd: string, root: string): string {
  const absolute = resolve(cwd, path);
  const rel = relative(root, absolute);
  if (rel === '') return '.';
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return absolute;
  return rel.split(sep).join('/');
}

/** The touched paths of a record, oldest first. */
export function touchedPaths(session: SessionRecord): TouchedPath[] {
  const paths = session.touched ?? [];
  const at = session.touchedAt ?? [];
  return paths.map((path, i) => ({ path, at: at.length === paths.length ? (at[i] ?? '') : '' }));
}

export interface TouchResult {
  session: SessionRecord;
  /** The paths as stored (normalised and redacted), in the order given. */
  recorded: string[];
  /** How many of the oldest paths were dropped to stay within the bounds. */
  dropped: number;
}

/**
 * Records that session `sessionId` touched `paths` (resolved against `cwd`, default the board's cwd). Every path is
 * checked before anything is written; the session must have a record (`register` or the session-start hook makes
 * it). Throws `not_found` for an unknown session, `invalid_input` for an empty or oversize path.
 */
export function touchPaths(board: Board, sessionId: string, paths: string[], cwd = board.cwd): TouchResult {
  requireBoard(board);
  const id = validateName('session', sessionId);
  if (paths.length === 0) throw new BatonError('invalid_input', 'no path to record — name at least one');
  for (const path of paths) checkPath(path);
  const file = sessionPath(board, id);
  return board.store.withLock(file, () => {
    const session = readSession(board, id);
    if (!session) {
      throw new BatonError(
        'not_found',
        `no session ${id} on this board — run \`baton register --as <name>\` in that session first; nothing was written`,
      );
    }
    const root = projectRootOf(session.cwd);
    const now = new Date(board.clock()).toISOString();
    const entries = touchedPaths(session);
    const recorded: string[] = [];
    for (const path of paths) {
      // Redacted before it is compared, so a path holding a credential is stored once, as its redacted form.
      const stored = board.redact(normalizeTouchedPath(path, cwd, root)).text;
      const at = entries.findIndex((entry) => entry.path === stored);
      if (at >= 0) entries.splice(at, 1);
      entries.push({ path: stored, at: now });
      recorded.push(stored);
    }
    let bytes = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.path), 0);
    let dropped = 0;
    while (entries.length > MAX_TOUCHED || (bytes > MAX_TOUCHED_BYTES && entries.length > 1)) {
      bytes -= Buffer.byteLength(entries.shift()!.path);
      dropped++;
    }
    const record: SessionRecord = {
      ...session,
      touched: entries.map((entry) => entry.path),
      touchedAt: entries.map((entry) => entry.at),
    };
    writeJsonRecord(board, file, record);
    // Other sessions' hooks before a write now look for a conflict (the hook gate: hook-gate.ts).
    stampRecentEdit(board, id, Date.parse(now));
    refreshGateMarker(board, record);
    return { session: record, recorded, dropped };
  });
}

function checkPath(path: string): void {
  if (typeof path !== 'string' || path === '') {
    throw new BatonError('invalid_input', 'an empty path cannot be recorded — nothing was written');
  }
  if (path.includes('\0')) {
    throw new BatonError('invalid_input', 'a path cannot contain a NUL character — nothing was written');
  }
  if (path.length > MAX_PATH_CHARS) {
    throw new BatonError(
      'invalid_input',
      `a path is longer than ${MAX_PATH_CHARS} characters (${path.length}) — nothing was written`,
    );
  }
}
