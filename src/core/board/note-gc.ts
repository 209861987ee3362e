// Note expiry (`gc.ttl`, `gc.maxPerProject`): which note files have outlived the board's settings, and why. Ages and
// order come from the file name's id (creation time), never from mtime, front matter or listing order. Removes nothing.

import { listNoteFiles } from '../notes/read.js';
import { idTime } from '../store/ids.js';
import type { Problem } from '../store/safe-fs.js';
import type { Settings } from './config.js';
import type { Board } from './open-board.js';

export interface ExpiredNote {
  path: string;
  /** Which valve expired it, with its value: `older than gc.ttl (30d): created 2026-10-01`. */
  reason: string;
}

export interface NoteExpiry {
  /** Oldest first (by id, across projects). */
  expired: ExpiredNote[];
  /** What is in `notes/` but is not a note file baton may remove (links, FIFOs, foreign files); never followed. */
  skipped: Problem[];
}

/**
 * The notes that expire at `now`: older than `gc.ttlMs`, or not among the newest `gc.maxPerProject` of their project
 * (every agent's notes counted together). Only regular files named `n-<id>.md` directly inside a valid project
 * folder are candidates; everything else is listed in `skipped` and left alone. Reads folder listings only.
 */
export function findExpiredNotes(board: Board, gc: Settings['gc'], now: number): NoteExpiry {
  const skipped: Problem[] = [];
  // Sorted by id: creation order, whatever order the folders list them in.
  const files = listNoteFiles(board, {}, skipped);
  const total = new Map<string, number>();
  for (const file of files) total.set(file.projectKey, (total.get(file.projectKey) ?? 0) + 1);
  const seen = new Map<string, number>();
  const expired: ExpiredNote[] = [];
  for (const file of files) {
    const index = seen.get(file.projectKey) ?? 0;
    seen.set(file.projectKey, index + 1);
    const created = idTime(file.id);
    // With no cap (Infinity) the bound is -Infinity: no note is over it; a ttl of Infinity is never exceeded.
    const overCap = index < (total.get(file.projectKey) ?? 0) - gc.maxPerProject;
    if (now - created > gc.ttlMs) {
      expired.push({
        path: file.path,
        reason: `older than gc.ttl (${shownDuration(gc.ttlMs)}): created ${day(created)}`,
      });
    } else if (overCap) {
      expired.push({
        path: file.path,
        reason: `over gc.maxPerProject (${gc.maxPerProject}): older than the newest ${gc.maxPerProject} of project ${file.projectKey}`,
      });
    }
  }
  return { expired, skipped };
}

const UNITS: [string, number][] = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

/** A ttl as config.json spells it: the largest unit that divides it (`30d`, `36h`, `90s`, `500ms`). */
function shownDuration(ms: number): string {
  for (const [unit, size] of UNITS) if (ms % size === 0) return `${ms / size}${unit}`;
  return `${ms}ms`;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
