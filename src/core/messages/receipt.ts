// Delivery receipts (derived, machine-local): when a message was first put into a session's context, by what, and
// which session that was — `state/receipts/<recipient>/<day>/<id>.json`, one small JSON record per message.
//
// A receipt is written when a delivery is acknowledged (a hook's output reached its harness, `listen` or `poll`
// printed it) or when MCP `dm_inbox` showed the message to the model; the message's own file is never touched
// (messages are append-only records). The first delivery wins: a redelivery or a later listing leaves it as it is.
// Receipts live under `state/`, which `baton sync` never carries: a message delivered on another machine has no
// receipt here. Every reader treats a receipt that is missing, unreadable, oversize, hand-edited or planted (a link,
// a folder) as no receipt at all — never a crash — and a receipt that cannot be written never holds a delivery up.
import { type Board, boardPath } from '../board/open-board.js';
import { boundSession, readSession } from '../sessions/session.js';
import { type JsonSchema, readJsonRecord } from '../store/json-record.js';
import { nameProblem } from '../store/names.js';
import { dayOf } from './message.js';

/** What put a message into a session's context. */
export type DeliveryVia = 'hook' | 'listen' | 'poll' | 'mcp';

/** Who took a message: the name and session of the taker as that session knows them. */
export interface Taker {
  via: DeliveryVia;
  /** The taking session's agent name (default: the recipient's name). */
  agent?: string;
  /** The harness session id, when the taker runs in one (a bare terminal's `baton listen` does not). */
  session?: string;
  harness?: string;
}

export interface Receipt {
  /** The message's id. */
  id: string;
  /** The mailbox it was addressed to. */
  to: string;
  /** The agent name of the session it was put into (the identity it had there; may be an alias of `to`). */
  agent: string;
  session?: string;
  harness?: string;
  via: DeliveryVia;
  /** When (ISO, UTC). */
  at: string;
}

const SCHEMA: JsonSchema = {
  id: 'string',
  to: 'string',
  agent: 'string',
  session: 'string?',
  harness: 'string?',
  via: 'string',
  at: 'string',
};
const VIAS: readonly string[] = ['hook', 'listen', 'poll', 'mcp'];
/** A receipt is a few hundred bytes; anything larger is not one of ours. */
const RECEIPT_BYTES = 4096;

export const RECEIPTS_DIR = ['state', 'receipts'] as const;

export function receiptPath(board: Board, to: string, id: string): string {
  return boardPath(board, ...RECEIPTS_DIR, to, dayOf(id), `${id}.json`);
}

/** The receipt of message `id` in `to`'s mailbox, or undefined when there is none that can be trusted. */
export function readReceipt(board: Board, to: string, id: string): Receipt | undefined {
  if (!board.exists) return undefined;
  try {
    const read = readJsonRecord<Receipt>(board.store, receiptPath(board, to, id), SCHEMA, RECEIPT_BYTES);
    return read.ok && receiptProblem(read.value, to, id) === undefined ? read.value : undefined;
  } catch {
    // A path the store refuses (a link on the way): no receipt.
    return undefined;
  }
}

/** Why `value` is not the receipt of message `id` to `to`; undefined when it is. */
function receiptProblem(value: Receipt, to: string, id: string): string | undefined {
  if (value.id !== id) return 'its id is not its file name';
  if (value.to !== to) return 'it names another mailbox';
  if (nameProblem('agent', value.agent)) return '"agent" is not an agent name';
  if (value.session !== undefined && nameProblem('session', value.session))
    return '"session" is not a session id';
  if (value.harness !== undefined && nameProblem('slug', value.harness))
    return '"harness" is not a harness name';
  if (!VIAS.includes(value.via)) return '"via" is not hook, listen, poll or mcp';
  if (Number.isNaN(Date.parse(value.at))) return '"at" is not a time';
  return undefined;
}

/**
 * Records that message `id` (to `to`) was put into `taker`'s context now, unless a trustworthy receipt is there already
 * (the first delivery wins). Best effort: false when nothing was written (kept, or the store refused the path).
 */
export function recordReceipt(board: Board, to: string, id: string, taker: Taker): boolean {
  try {
    if (readReceipt(board, to, id)) return false;
    const receipt: Receipt = {
      id,
      to,
      agent: taker.agent && !nameProblem('agent', taker.agent) ? taker.agent : to,
      ...(taker.session && !nameProblem('session', taker.session) ? { session: taker.session } : {}),
      ...(taker.harness && !nameProblem('slug', taker.harness) ? { harness: taker.harness } : {}),
      via: taker.via,
      at: new Date(board.clock()).toISOString(),
    };
    // Derived state: no fsync (a receipt lost to a power cut reads as "delivered, no receipt").
    board.store.write(receiptPath(board, to, id), `${JSON.stringify(receipt)}\n`, { fsync: false });
    return true;
  } catch {
    return false;
  }
}

/**
 * The taker a command running here is (`listen`, `poll`, an MCP server in a harness): the session it runs in
 * (sessions/session.ts boundSession) with that session's agent name and harness, else `agent` with no session. Asked
 * only when something is delivered; never throws (a receipt is never worth failing a delivery for).
 */
export function takerHere(board: Board, via: DeliveryVia, agent: string): Taker {
  try {
    const bound = boundSession(board);
    if (!bound) return { via, agent };
    const record = readSession(board, bound.session);
    return {
      via,
      agent: record?.agent ?? bound.agent ?? agent,
      session: bound.session,
      harness: record?.harness,
    };
  } catch {
    return { via, agent };
  }
}
