// Delivery state (derived, disposable): one empty marker per undelivered message, claimed by rename.
import { join } from 'node:path';
import type { Board } from '../board/open-board.js';
import { uniqueSuffix } from '../store/atomic-write.js';
import type { BoardStore } from '../store/board-store.js';
import { isId } from '../store/ids.js';
import { listEntries } from '../store/safe-fs.js';

// state/delivery/<agent>/new/<id>             queued for push
// state/delivery/<agent>/claimed/<id>~<token> taken by one poller, until acknowledged or its lease runs out
// Only the root is needed (and no import of open-board.ts): the hooks' quiet check runs this without the rest.
export function spoolDir(board: Pick<Board, 'root'>, agent: string, box: 'new' | 'claimed'): string {
  return join(board.root, 'state', 'delivery', agent, box);
}

/** A board, or its root alone as the hooks' quiet check has it (the board on disk then). */
type Spool = Pick<Board, 'root'> & { store?: BoardStore };

/** Creates the agent's queue folder (for watchers); a link on the way is an `unsafe_path` error. */
export function ensureQueue(board: Board, agent: string): string {
  const dir = spoolDir(board, agent, 'new');
  board.store.ensureFolder(dir);
  return dir;
}

/** Queues `id` for push to `agent`. Written before the message itself, so a queued id never outlives a send. */
export function enqueue(board: Board, agent: string, id: string): void {
  board.store.touch(`${spoolDir(board, agent, 'new')}/${id}`);
}

// Regular files only: a folder or link planted as a marker is never claimed (it could not be acknowledged). A bare
// root lists through safe-fs's listEntries, which is what the file store's list is, without loading the store (the
// quiet check is a hook's whole cost when there is nothing to do).
function markerNames(board: Spool, dir: string): string[] {
  try {
    return (board.store ? board.store.list(dir) : listEntries(board.root, dir))
      .filter((entry) => entry.kind === 'file')
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Ids waiting for push, oldest first. Cost: the number of undelivered messages, never the delivered ones. */
export function queuedIds(board: Spool, agent: string): string[] {
  return markerNames(board, spoolDir(board, agent, 'new'))
    .filter((name) => isId(name, 'm'))
    .sort();
}

export interface ClaimedId {
  id: string;
  file: string;
}

/** Takes `id` for this poller. Returns undefined when another poller got it first (rename is atomic). */
export function claimId(board: Board, agent: string, id: string): ClaimedId | undefined {
  const claimed = spoolDir(board, agent, 'claimed');
  board.store.ensureFolder(claimed);
  const file = `${claimed}/${id}~${process.pid}-${uniqueSuffix()}`;
  return board.store.rename(`${spoolDir(board, agent, 'new')}/${id}`, file) ? { id, file } : undefined;
}

/** Marks a claimed message delivered. */
export function acknowledge(board: Board, claim: ClaimedId): void {
  board.store.remove(claim.file);
}

/** Puts a claimed message back in the queue (it was not shown). */
export function release(board: Board, agent: string, claim: ClaimedId): void {
  board.store.rename(claim.file, `${spoolDir(board, agent, 'new')}/${claim.id}`);
}

/** Returns claims whose poller died before acknowledging (older than `leaseMs`) to the queue. At-least-once. */
export function recoverExpiredClaims(board: Board, agent: string, now: number, leaseMs: number): void {
  const dir = spoolDir(board, agent, 'claimed');
  for (const name of markerNames(board, dir)) {
    const id = name.split('~')[0] ?? '';
    if (!isId(id, 'm')) continue;
    if (now - markerMtime(board.store, `${dir}/${name}`, now) < leaseMs) continue;
    board.store.rename(`${dir}/${name}`, `${spoolDir(board, agent, 'new')}/${id}`);
  }
}

/** Ids claimed but not yet acknowledged (still unread). */
export function claimedIds(board: Board, agent: string): string[] {
  return markerNames(board, spoolDir(board, agent, 'claimed'))
    .map((name) => name.split('~')[0] ?? '')
    .filter((id) => isId(id, 'm'));
}

/** Removes a queue marker whose message never appeared (its send was killed between the two writes). */
export function dropMarker(board: Board, agent: string, id: string): void {
  board.store.remove(`${spoolDir(board, agent, 'new')}/${id}`);
}

export function markerAgeMs(board: Board, agent: string, id: string, now: number): number {
  return now - markerMtime(board.store, `${spoolDir(board, agent, 'new')}/${id}`, now);
}

// A marker's mtime is when it was queued (or claimed); a marker gone meanwhile counts as brand new.
function markerMtime(store: BoardStore, path: string, fallback: number): number {
  try {
    const stat = store.stat(path);
    return stat.kind === 'missing' ? fallback : stat.mtimeMs;
  } catch {
    return fallback;
  }
}
