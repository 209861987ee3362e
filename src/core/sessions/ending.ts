// A session's end, drafted in the background. The hook gate (hooks/gate) does not make the harness wait for the
// session-end hook — nothing it prints is read — so it starts the full hook in the background and returns at once.
// Before it does, it makes `state/ending/<session>` (a folder: mkdir never follows a link); the hook takes it away
// when it is done. A new session's start waits a little for the ends in
// flight, so the index it shows and the lineage it joins hold every session that ended before it started (a resumed
// session also never has its fresh start overwritten by the end of its previous run).
//
// The marker is one of the gate's in-flight markers (in-flight.ts).
import type { Board } from '../board/open-board.js';
import { clearMarker, ENDING_FOLDER, freshMarkers } from './in-flight.js';

/** How long a session start waits for the ends in flight (a draft takes ~0.1–0.5 s; Claude gives the start 10 s). */
export const ENDING_WAIT_MS = 3000;

const POLL_MS = 20;

/** The sessions whose end is being drafted now (fresh markers only), by a few lstats: none when the folder is absent. */
export function endingsInFlight(board: Pick<Board, 'root' | 'clock'>): string[] {
  return freshMarkers(board, ENDING_FOLDER);
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

/** Takes away `session`'s marker once its end is drafted (best effort: a marker left behind goes stale). */
export function clearEnding(board: Pick<Board, 'root'>, session: string): void {
  clearMarker(board, ENDING_FOLDER, session);
}
