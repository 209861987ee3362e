// What baton's hook gate reads (src/hooks/gate/script.ts: a POSIX sh script that starts no node) to tell, with a few
// stats, that a hook has nothing to do — kept true by the writers here. Derived and disposable like all of state/: a
// marker that is missing or unreadable only sends the hook on to the full hook, which makes it again.
//
//   state/hook-gate/<session>/<harness>+<agent>+<alias>+<t|n>   one empty file: the names the session's mail waits
//                                                                under, and whether its record names a transcript;
//                                                                made after the record, so a record newer than it
//                                                                (edited by hand) makes the gate hand over
//   state/recent-edits/<session>                                 the session wrote a file lately (mtime: when)
//
// The gate also reads what exists anyway: the queues (state/delivery/<agent>/new|claimed), state/index-due/<session>
// and pending/<session>.json.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { derivedAgent } from '../agents/alias.js';
import type { Board } from '../board/open-board.js';
import { nameProblem } from '../store/names.js';
import type { SessionRecord } from './session.js';

export const GATE_FOLDER = ['state', 'hook-gate'] as const;
export const RECENT_EDITS_FOLDER = ['state', 'recent-edits'] as const;
/** Separates the parts of a gate marker's name: never in a harness, agent or alias name. */
export const GATE_SEPARATOR = '+';

/** The one file name of the session's gate marker. */
export function gateMarkerName(
  record: Pick<SessionRecord, 'id' | 'harness' | 'agent' | 'transcriptPath'>,
): string {
  const alias = derivedAgent(record.harness, record.id);
  const transcript = record.transcriptPath ? 't' : 'n';
  return [record.harness, record.agent, alias, transcript].join(GATE_SEPARATOR);
}

function gateDir(board: Pick<Board, 'root'>, session: string): string {
  return join(board.root, ...GATE_FOLDER, session);
}

/**
 * Makes the session's gate marker say what its record says (none for an ended session). The old name goes first, so
 * the gate never meets a stale one alone: between the two steps it finds none and hands over. Best effort: a marker
 * that cannot be written (a link planted in state/) only costs the session's hooks a node start.
 */
export function refreshGateMarker(board: Board, record: SessionRecord): void {
  try {
    const dir = gateDir(board, record.id);
    const name = record.endedAt ? undefined : gateMarkerName(record);
    // Every entry goes, the current name too: made again, it is newer than the record just written.
    for (const entry of board.store.list(dir))
      if (entry.kind === 'file') board.store.remove(`${dir}/${entry.name}`);
    if (name !== undefined) board.store.touch(`${dir}/${name}`);
  } catch {
    // Derived: see above.
  }
}

/**
 * Whether the session's gate marker is in place as its record asks and not older than the record (a record edited
 * by hand since makes it stale): the hooks' quick check, two lstats.
 */
export function hasGateMarker(
  board: Pick<Board, 'root'>,
  record: Pick<SessionRecord, 'id' | 'harness' | 'agent' | 'transcriptPath'>,
): boolean {
  try {
    const marker = lstatSync(`${gateDir(board, record.id)}/${gateMarkerName(record)}`);
    const written = lstatSync(join(board.root, 'sessions', `${record.id}.json`));
    return marker.isFile() && written.isFile() && marker.mtimeMs >= written.mtimeMs;
  } catch {
    return false;
  }
}

function editPath(board: Pick<Board, 'root'>, session: string): string {
  return join(board.root, ...RECENT_EDITS_FOLDER, session);
}

/** The session wrote a file at `at` (ms): the gate sends other sessions' writes to the full hook's conflict check. */
export function stampRecentEdit(board: Board, session: string, at: number): void {
  try {
    const path = editPath(board, session);
    if (board.store.touch(path)) board.store.setMtime(path, at);
  } catch {
    // Derived: see above.
  }
}

export function clearRecentEdit(board: Board, session: string): void {
  try {
    board.store.remove(editPath(board, session));
  } catch {
    // Derived: see above.
  }
}

/**
 * Takes away the marks of writes older than `olderThanMs`. (A session stamping its mark while this removes it loses
 * that mark until its next write: only a conflict warning waits, never mail.)
 */
export function pruneRecentEdits(board: Board, now: number, olderThanMs: number): void {
  try {
    const dir = join(board.root, ...RECENT_EDITS_FOLDER);
    for (const entry of board.store.list(dir)) {
      if (entry.kind !== 'file') continue;
      const path = `${dir}/${entry.name}`;
      const stat = board.store.stat(path);
      if (stat.kind === 'file' && now - stat.mtimeMs > olderThanMs) board.store.remove(path);
    }
  } catch {
    // Derived: see above.
  }
}

/**
 * A session record taken in from another machine (`baton sync`): its latest write is marked, so this machine's hooks
 * before a write look for a conflict with it while it is recent.
 */
export function markTakenInSession(board: Board, text: string): void {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return;
  }
  if (record === null || typeof record !== 'object') return;
  const { id, endedAt, touchedAt } = record as Record<string, unknown>;
  if (typeof id !== 'string' || nameProblem('session', id) || endedAt !== undefined) return;
  if (!Array.isArray(touchedAt)) return;
  const latest = Math.max(
    ...touchedAt.map((at) => (typeof at === 'string' ? Date.parse(at) : Number.NaN)).filter(Number.isFinite),
  );
  if (Number.isFinite(latest)) stampRecentEdit(board, id, latest);
}
