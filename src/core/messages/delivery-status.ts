// Whether a message has reached its recipient, derived from the files: its receipt (receipt.ts), else its queue marker
// (spool.ts) and where the recipient is (sessions/presence.ts). Nothing here writes, and nothing is kept but the files.
import type { Board } from '../board/open-board.js';
import { agentPresence, type Presence } from '../sessions/presence.js';
import { type Receipt, readReceipt } from './receipt.js';
import { claimedIds, spoolDir } from './spool.js';

/**
 * `delivered` with the receipt of its first delivery; `delivered` without one (delivered before receipts were kept,
 * on another machine, or its receipt was lost: derived state); or `waiting` in the recipient's queue, with where the
 * recipient is (a live session that takes it at its next turn, or none and when it was last seen).
 */
export type DeliveryStatus =
  | { id: string; to: string; state: 'delivered'; receipt?: Receipt }
  | { id: string; to: string; state: 'waiting'; presence: Presence };

/**
 * The delivery status of each message copy (`id` in `to`'s mailbox), in the order given. Cost per message: one read
 * of its receipt, else one stat of its marker; per recipient once: a listing of its claims, and its presence (a few
 * small reads) only when something of its waits.
 */
export function deliveryStatuses(board: Board, copies: { id: string; to: string }[]): DeliveryStatus[] {
  const claimed = new Map<string, Set<string>>();
  const presence = new Map<string, Presence>();
  return copies.map(({ id, to }) => {
    const receipt = readReceipt(board, to, id);
    if (receipt) return { id, to, state: 'delivered', receipt };
    if (!isQueued(board, to, id, claimed)) return { id, to, state: 'delivered' };
    let where = presence.get(to);
    if (!where) {
      where = agentPresence(board, to);
      presence.set(to, where);
    }
    return { id, to, state: 'waiting', presence: where };
  });
}

// Waiting: a marker in the queue, or a claim not yet acknowledged (a hook between its claim and its output).
function isQueued(board: Board, to: string, id: string, claimed: Map<string, Set<string>>): boolean {
  try {
    if (board.store.stat(`${spoolDir(board, to, 'new')}/${id}`).kind === 'file') return true;
    let ids = claimed.get(to);
    if (!ids) {
      ids = new Set(claimedIds(board, to));
      claimed.set(to, ids);
    }
    return ids.has(id);
  } catch {
    // A queue folder the store refuses (a link): nothing can be delivered from it, so nothing waits there.
    return false;
  }
}

/** deliveryStatuses of `messages`, by each copy's id (every copy of a fan-out has its own). */
export function deliveryById(
  board: Board,
  messages: { id: string; to: string }[],
): Map<string, DeliveryStatus> {
  return new Map(deliveryStatuses(board, messages).map((status) => [status.id, status]));
}
