// Markers of a hook in flight: the hook gate (hooks/gate) makes `state/<folder>/<session>` — a folder: mkdir never
// follows a link — for a hook it hands over, and that hook takes it away when it is done. Two kinds:
//   - state/ending/<session>: a session's end drafted in the background (ending.ts); a new session's start waits;
//   - state/starting/<session>: a session's start being recorded; the session's next events wait for it in the gate
//     (a harness may fire its prompt hook before its start hook is done: GitHub Copilot CLI does), so they find the
//     record and its gate marker and need not start node themselves.
// A start the gate answered itself (hooks/start-ready.ts) leaves one file in its marker, named like a gate marker and
// the pid recording the start in the background — `<harness>+<agent>+<alias>+<t|n>+<pid>` — which the session's
// next events check their mail under meanwhile, and only while that process runs.
// Derived state like all of state/: a marker whose hook died is ignored once it is STALE_MS old, and `baton gc`
// takes it away.
import { lstatSync, rmdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Board } from '../board/open-board.js';
import { checkFolders, listEntries, listNames } from '../store/safe-fs.js';

export const ENDING_FOLDER = ['state', 'ending'] as const;
export const STARTING_FOLDER = ['state', 'starting'] as const;
/** Set by the gate for the session-start hook it hands over: the session whose starting marker it made. */
export const STARTING_ENV = 'BATON_HOOK_STARTING';
export type InFlightFolder = typeof ENDING_FOLDER | typeof STARTING_FOLDER;

/** The name of the file a start the gate answered leaves in its marker (see above). */
export const ANSWERED_NAME = /^[a-z0-9._-]+\+[^+/]+\+[^+/]+\+[tn]\+\d{1,10}$/;

/** A marker older than this belongs to a hook that died: not waited for. */
export const STALE_MS = 60_000;

/** The sessions with a fresh marker in `folder`, by a few lstats: none when the folder is absent. */
export function freshMarkers(board: Pick<Board, 'root' | 'clock'>, folder: InFlightFolder): string[] {
  const dir = join(board.root, ...folder);
  const now = board.clock();
  const sessions: string[] = [];
  for (const entry of listEntries(board.root, dir)) {
    if (entry.kind !== 'dir') continue;
    const stat = lstatSync(join(dir, entry.name), { throwIfNoEntry: false });
    if (stat?.isDirectory() && now - stat.mtimeMs < STALE_MS) sessions.push(entry.name);
  }
  return sessions;
}

/** The markers in `folder` whose hook died (older than STALE_MS), as paths: what `baton gc` takes away. */
export function staleMarkers(board: Pick<Board, 'root'>, folder: InFlightFolder, now: number): string[] {
  const dir = join(board.root, ...folder);
  return listEntries(board.root, dir).flatMap((entry) => {
    if (entry.kind !== 'dir') return [];
    const path = join(dir, entry.name);
    const stat = lstatSync(path, { throwIfNoEntry: false });
    // Only a folder as the gate makes it (empty, or holding an answered start's file): anything else is not baton's.
    const stale = stat?.isDirectory() && now - stat.mtimeMs >= STALE_MS;
    return stale && listNames(board.root, path).every((name) => ANSWERED_NAME.test(name)) ? [path] : [];
  });
}

/** Takes away `session`'s marker in `folder` once its hook is done (best effort: one left behind goes stale). */
export function clearMarker(board: Pick<Board, 'root'>, folder: InFlightFolder, session: string): void {
  const dir = join(board.root, ...folder);
  try {
    if (checkFolders(board.root, dir).state !== 'ok') return;
    removeMarker(board, join(dir, session));
  } catch {
    // Derived: see above.
  }
}

/**
 * Removes one marker folder: an answered start's file in it first, then the folder — rmdir removes only an empty
 * folder, never a link's target (a link is ENOTDIR). False when it stays (anything else in it is not baton's).
 */
export function removeMarker(board: Pick<Board, 'root'>, marker: string): boolean {
  try {
    for (const entry of listEntries(board.root, marker))
      if (entry.kind === 'file' && ANSWERED_NAME.test(entry.name)) unlinkSync(join(marker, entry.name));
    rmdirSync(marker);
    return true;
  } catch {
    return false;
  }
}
