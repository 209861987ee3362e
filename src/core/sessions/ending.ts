// A session's end, drafted in the background. The hook gate (hooks/gate) does not make the harness wait for the
// session-end hook — nothing it prints is read — so it starts the full hook in the background and returns at once.
// Before it does, it makes `state/ending/<session>` (a folder: mkdir never follows a link, and it is the one write
// the gate makes); the hook takes it away when it is done. A new session's start waits a little for the ends in
// flight, so the index it shows and the lineage it joins hold every session that ended before it started (a resumed
// session also never has its fresh start overwritten by the end of its previous run).
//
// Derived state like all of state/: a marker whose hook died is ignored once it is STALE_MS old, and `baton gc`
// takes it away.
import { lstatSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Board } from '../board/open-board.js';
import { checkFolders, listEntries, listNames } from '../store/safe-fs.js';

export const ENDING_FOLDER = ['state', 'ending'] as const;

/** How long a session start waits for the ends in flight (a draft takes ~0.1–0.5 s; Claude gives the start 10 s). */
export const ENDING_WAIT_MS = 3000;

/** A marker older than this belongs to a hook that died: not waited for. */
const STALE_MS = 60_000;

const POLL_MS = 20;

function endingDir(board: Pick<Board, 'root'>): string {
  return join(board.root, ...ENDING_FOLDER);
}

/** The sessions whose end is being drafted now (fresh markers only), by a few lstats: none when the folder is absent. */
export function endingsInFlight(board: Pick<Board, 'root' | 'clock'>): string[] {
  const dir = endingDir(board);
  const now = board.clock();
  const sessions: string[] = [];
  for (const entry of listEntries(board.root, dir)) {
    if (entry.kind !== 'dir') continue;
    const stat = lstatSync(join(dir, entry.name), { throwIfNoEntry: false });
    if (stat?.isDirectory() && now - stat.mtimeMs < STALE_MS) sessions.push(entry.name);
  }
  return sessions;
}

/**
 * Resolves once no session's end is being drafted, or after `waitMs`: true when settled. The common case — no
 * folder — is one lstat.
 */
export async function endingsSettled(
  board: Pick<Board, 'root' | 'clock'>,
  waitMs = ENDING_WAIT_MS,
): Promise<boolean> {
  const until = Date.now() + waitMs;
  for (;;) {
    if (endingsInFlight(board).length === 0) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The markers of ends whose hook died (empty, older than STALE_MS), as paths: what `baton gc` takes away. */
export function staleEndings(board: Pick<Board, 'root'>, now: number): string[] {
  const dir = endingDir(board);
  return listEntries(board.root, dir).flatMap((entry) => {
    if (entry.kind !== 'dir') return [];
    const path = join(dir, entry.name);
    const stat = lstatSync(path, { throwIfNoEntry: false });
    // Only an empty folder, as the gate makes it: anything else in it is not baton's.
    const stale = stat?.isDirectory() && now - stat.mtimeMs >= STALE_MS;
    return stale && listNames(board.root, path).length === 0 ? [path] : [];
  });
}

/** Takes away `session`'s marker once its end is drafted (best effort: a marker left behind goes stale). */
export function clearEnding(board: Pick<Board, 'root'>, session: string): void {
  const dir = endingDir(board);
  try {
    if (checkFolders(board.root, dir).state !== 'ok') return;
    // rmdir removes only an empty folder, never a link's target (a link is ENOTDIR).
    rmdirSync(join(dir, session));
  } catch {
    // Derived: see above.
  }
}
