// Delivery state (derived, disposable): one empty marker per undelivered message, claimed by rename.
import { closeSync, lstatSync, mkdirSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { type Board, boardPath } from '../board/open-board.js';
import { uniqueSuffix } from '../store/atomic-write.js';
import { isId } from '../store/ids.js';
import { isMissing, listNames } from '../store/safe-fs.js';

// state/delivery/<agent>/new/<id>             queued for push
// state/delivery/<agent>/claimed/<id>~<token> taken by one poller, until acknowledged or its lease runs out
export function spoolDir(board: Board, agent: string, box: 'new' | 'claimed'): string {
  return boardPath(board, 'state', 'delivery', agent, box);
}

/** Queues `id` for push to `agent`. Written before the message itself, so a queued id never outlives a send. */
export function enqueue(board: Board, agent: string, id: string): void {
  const dir = spoolDir(board, agent, 'new');
  mkdirSync(dir, { recursive: true });
  try {
    closeSync(openSync(`${dir}/${id}`, 'w'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Ids waiting for push, oldest first. Cost: the number of undelivered messages, never the delivered ones. */
export function queuedIds(board: Board, agent: string): string[] {
  return listNames(spoolDir(board, agent, 'new'))
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
  mkdirSync(claimed, { recursive: true });
  const file = `${claimed}/${id}~${process.pid}-${uniqueSuffix()}`;
  try {
    renameSync(`${spoolDir(board, agent, 'new')}/${id}`, file);
    return { id, file };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** Marks a claimed message delivered. */
export function acknowledge(claim: ClaimedId): void {
  try {
    unlinkSync(claim.file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

/** Puts a claimed message back in the queue (it was not shown). */
export function release(board: Board, agent: string, claim: ClaimedId): void {
  try {
    renameSync(claim.file, `${spoolDir(board, agent, 'new')}/${claim.id}`);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

/** Returns claims whose poller died before acknowledging (older than `leaseMs`) to the queue. At-least-once. */
export function recoverExpiredClaims(board: Board, agent: string, now: number, leaseMs: number): void {
  const dir = spoolDir(board, agent, 'claimed');
  for (const name of listNames(dir)) {
    const id = name.split('~')[0] ?? '';
    if (!isId(id, 'm')) continue;
    try {
      if (now - lstatSync(`${dir}/${name}`).mtimeMs < leaseMs) continue;
      renameSync(`${dir}/${name}`, `${spoolDir(board, agent, 'new')}/${id}`);
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }
}

/** Ids claimed but not yet acknowledged (still unread). */
export function claimedIds(board: Board, agent: string): string[] {
  return listNames(spoolDir(board, agent, 'claimed'))
    .map((name) => name.split('~')[0] ?? '')
    .filter((id) => isId(id, 'm'));
}

/** Removes a queue marker whose message never appeared (its send was killed between the two writes). */
export function dropMarker(board: Board, agent: string, id: string): void {
  try {
    unlinkSync(`${spoolDir(board, agent, 'new')}/${id}`);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

export function markerAgeMs(board: Board, agent: string, id: string, now: number): number {
  try {
    return now - lstatSync(`${spoolDir(board, agent, 'new')}/${id}`).mtimeMs;
  } catch {
    return 0;
  }
}
