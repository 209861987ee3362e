// Turn-boundary push: claim up to `max` queued messages, show them, then acknowledge exactly what was shown (and
// receipt it: receipt.ts).
import type { Board } from '../board/open-board.js';
import { validateName } from '../store/names.js';
import type { Problem } from '../store/safe-fs.js';
import { type Message, messagePath, readMessageFile } from './message.js';
import { listMessages } from './read.js';
import { recordReceipt, type Taker } from './receipt.js';
import {
  acknowledge,
  type ClaimedId,
  claimId,
  dropMarker,
  enqueue,
  markerAgeMs,
  queuedIds,
  recoverExpiredClaims,
  release,
} from './spool.js';

/** How many messages {@link pollMessages} claims, and for how long. */
export interface PollOptions {
  /** At most this many messages per batch (default 5). */
  max?: number;
  /** A claim not acknowledged within this many ms goes back to the queue (default 60 s). */
  leaseMs?: number;
  /**
   * Who the messages are shown to, for their receipts (receipt.ts); a function is asked only when something is
   * acknowledged, so an empty poll costs nothing more. Default: `{ via: 'poll' }`, the recipient with no session.
   */
  by?: Taker | (() => Taker);
}

/** Messages claimed by one {@link pollMessages} call. */
export interface PollBatch {
  /** Claimed messages, oldest first. Nobody else will be given them while this batch holds them. */
  messages: Message[];
  /** Queued messages left for a later poll. */
  more: number;
  /** Queued ids whose message file is not there yet (a send between its two writes): worth a quick retry. */
  inFlight: number;
  problems: Problem[];
  /**
   * Marks the first `count` messages delivered (default: all), each with a receipt naming who took it (the first
   * delivery of a message wins), and returns the rest to the queue.
   */
  acknowledge(count?: number): void;
  /** Returns every message of the batch to the queue (nothing was shown). */
  release(): void;
}

// A marker whose message has not appeared after this long belongs to a send that was killed between its writes.
const ORPHAN_MS = 60_000;

/**
 * Claims the next messages queued for `agent`. Delivery is at least once (a crashed poller's claims expire and
 * return) and, in normal operation, exactly once (claims are atomic renames, so racing pollers never share one).
 */
export function pollMessages(board: Board, name: string, options: PollOptions = {}): PollBatch {
  const agent = validateName('agent', name);
  const max = Math.max(1, options.max ?? 5);
  const problems: Problem[] = [];
  const claims: { claim: ClaimedId; message: Message }[] = [];
  const by = options.by ?? { via: 'poll' };
  if (!board.exists) return batch(board, agent, claims, 0, 0, problems, by);
  recoverExpiredClaims(board, agent, Date.now(), options.leaseMs ?? 60_000);
  const queued = queuedIds(board, agent);
  let looked = 0;
  let inFlight = 0;
  for (const id of queued) {
    if (claims.length >= max) break;
    looked++;
    const path = messagePath(board, agent, id);
    const read = readMessageFile(board.store, path);
    if (!read.ok) {
      if (!read.missing) problems.push({ path, reason: read.reason });
      else if (markerAgeMs(board, agent, id, Date.now()) > ORPHAN_MS) dropMarker(board, agent, id);
      else inFlight++;
      continue;
    }
    const claim = claimId(board, agent, id);
    if (claim) claims.push({ claim, message: read.message });
  }
  return batch(board, agent, claims, queued.length - looked, inFlight, problems, by);
}

function batch(
  board: Board,
  agent: string,
  claims: { claim: ClaimedId; message: Message }[],
  more: number,
  inFlight: number,
  problems: Problem[],
  by: Taker | (() => Taker),
): PollBatch {
  let settled = false;
  return {
    messages: claims.map((c) => c.message),
    more,
    inFlight,
    problems,
    acknowledge(count = claims.length) {
      if (settled) return;
      settled = true;
      let taker: Taker | undefined;
      claims.forEach((c, index) => {
        if (index >= count) {
          release(board, agent, c.claim);
          return;
        }
        taker ??= typeof by === 'function' ? by() : by;
        // Before the marker goes: a delivered message never reads as delivered without its receipt meanwhile.
        recordReceipt(board, agent, c.claim.id, taker);
        acknowledge(board, c.claim);
      });
    },
    release() {
      if (settled) return;
      settled = true;
      for (const c of claims) release(board, agent, c.claim);
    },
  };
}

/** Which messages {@link redeliver} queues again. */
export interface RedeliverOptions {
  /** Only messages after this id (default: every message to the agent). */
  after?: string;
}

/** Queues an agent's messages for push again; returns how many were queued. */
export function redeliver(board: Board, name: string, options: RedeliverOptions = {}): number {
  const agent = validateName('agent', name);
  if (!board.exists) return 0;
  const { messages } = listMessages(board, { agent, after: options.after, limit: 0 });
  const already = new Set(queuedIds(board, agent));
  let queued = 0;
  for (const message of messages) {
    if (already.has(message.id)) continue;
    enqueue(board, agent, message.id);
    queued++;
  }
  return queued;
}
