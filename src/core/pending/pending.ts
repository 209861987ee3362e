// Open two-phase writes, one per session at `pending/<session>.json`: stored atomically, expired ones cleaned.
import { type Board, boardPath, ensureBoard } from '../board/open-board.js';
import { isTempName } from '../store/atomic-write.js';
import { type JsonSchema, parseJsonRecord } from '../store/json-record.js';
import { nameProblem, validateName } from '../store/names.js';
import { validateStoredName, writeJsonRecord } from '../store/records.js';
import type { Problem } from '../store/safe-fs.js';

export const PENDING_DIR = 'pending';
// A pending write holds an intent of at most 2,000 characters and a few names.
const PENDING_BYTES = 64 * 1024;

/** The info string of the block a handoff reply holds. */
export const HANDOFF_BLOCK = 'handoff';

/** What the reply will be written to. */
export type PendingTarget =
  | { kind: 'card-entry'; card: string; title: string }
  | { kind: 'card-new' }
  | { kind: 'handoff' };

export interface PendingWrite {
  version: 1;
  /** The harness session whose next reply is intercepted. */
  session: string;
  /** Info string of the one fenced block the reply must hold (`board-entry` for cards). */
  block: string;
  target: PendingTarget;
  /** What the person asked for, redacted. */
  intent: string;
  requestedBy: string;
  /** The session's agent when asked: the author of the entry. */
  agent: string;
  createdAt: string;
  /** Absent when the board's pending TTL is 0 (never expire). */
  expiresAt?: string;
  /**
   * True once the agent has been shown the prompt (it asked from inside the session, or a hook injected it): only
   * then is its next reply taken as the answer. A request made from outside waits for the session's next turn
   * boundary, where a hook shows it.
   */
  announced?: boolean;
}

export type PendingRead =
  | { state: 'none' }
  | { state: 'open'; pending: PendingWrite }
  /** It was there but had expired; it has now been removed. */
  | { state: 'expired'; pending: PendingWrite }
  /** Unreadable or not a pending record: left in place, reported. */
  | { state: 'corrupt'; path: string; reason: string };

export function pendingPath(board: Board, session: string): string {
  return boardPath(board, PENDING_DIR, `${validateName('session', session)}.json`);
}

/** Stores (or replaces) the pending write of `pending.session`. */
export function savePending(board: Board, pending: PendingWrite): string {
  const path = pendingPath(board, validateStoredName(board, 'session', pending.session));
  ensureBoard(board);
  writeJsonRecord(board, path, pending);
  return path;
}

export function isExpired(pending: PendingWrite, now: number): boolean {
  return pending.expiresAt !== undefined && Date.parse(pending.expiresAt) <= now;
}

/** The session's pending write. An expired one is removed and reported as `expired` (callers ignore it). */
export function readPending(board: Board, session: string): PendingRead {
  const path = pendingPath(board, session);
  const read = board.store.readText(path, PENDING_BYTES);
  if (!read.ok) return read.missing ? { state: 'none' } : { state: 'corrupt', path, reason: read.reason };
  const pending = parsePending(read.text);
  if (!pending || pending.session !== session) {
    return { state: 'corrupt', path, reason: 'not a pending write (bad JSON or wrong session)' };
  }
  if (!isExpired(pending, board.clock())) return { state: 'open', pending };
  board.store.remove(path);
  return { state: 'expired', pending };
}

/** The session's open pending write, read only: an expired or unreadable one is none, and nothing is removed. */
export function peekPending(board: Board, session: string): PendingWrite | undefined {
  const read = board.store.readText(pendingPath(board, session), PENDING_BYTES);
  const pending = read.ok ? parsePending(read.text) : undefined;
  return pending && pending.session === session && !isExpired(pending, board.clock()) ? pending : undefined;
}

/** Every open (unexpired, readable) pending write on the board, read only, oldest first. */
export function listOpenPendings(board: Board): PendingWrite[] {
  const open: PendingWrite[] = [];
  for (const { name } of board.store.list(boardPath(board, PENDING_DIR))) {
    if (isTempName(name) || !name.endsWith('.json')) continue;
    const session = name.slice(0, -'.json'.length);
    if (nameProblem('session', session)) continue;
    const pending = peekPending(board, session);
    if (pending) open.push(pending);
  }
  return open.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** Records that the session's agent has been shown the prompt of its pending write (under the caller's lock). */
export function markAnnounced(board: Board, pending: PendingWrite): void {
  writeJsonRecord(board, pendingPath(board, pending.session), { ...pending, announced: true });
}

export function clearPending(board: Board, session: string): void {
  board.store.remove(pendingPath(board, session));
}

/** Paths of the expired pending writes, without touching them. Unreadable files are not counted. */
export function findExpiredPendings(board: Board): string[] {
  const expired: string[] = [];
  for (const { name } of board.store.list(boardPath(board, PENDING_DIR))) {
    if (isTempName(name) || !name.endsWith('.json')) continue;
    const session = name.slice(0, -'.json'.length);
    if (nameProblem('session', session)) continue;
    const path = pendingPath(board, session);
    const read = board.store.readText(path, PENDING_BYTES);
    const pending = read.ok ? parsePending(read.text) : undefined;
    if (pending && pending.session === session && isExpired(pending, board.clock())) expired.push(path);
  }
  return expired;
}

/** Files in `pending/` that are not pending writes (doctor lists them; they are never removed). */
export function listPendingProblems(board: Board): Problem[] {
  const problems: Problem[] = [];
  const dir = boardPath(board, PENDING_DIR);
  for (const { name } of board.store.list(dir, problems)) {
    if (isTempName(name) || name.endsWith('.lock')) continue;
    const path = `${dir}/${name}`;
    const session = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
    if (!session || nameProblem('session', session)) {
      problems.push({ path, reason: 'not a pending write (pending/<session>.json)' });
      continue;
    }
    const read = board.store.readText(path, PENDING_BYTES);
    if (!read.ok) {
      if (!read.missing) problems.push({ path, reason: read.reason });
    } else if (parsePending(read.text)?.session !== session) {
      problems.push({
        path,
        reason: 'not a pending write (bad JSON, or its session does not match the file name)',
      });
    }
  }
  return problems;
}

/** Removes every expired pending write; returns how many. Unreadable files are left alone. */
export function cleanExpiredPendings(board: Board): number {
  const expired = findExpiredPendings(board);
  for (const path of expired) board.store.remove(path);
  return expired.length;
}

const PENDING_SCHEMA: JsonSchema = {
  version: 'number',
  session: 'string',
  block: 'string',
  target: 'object',
  intent: 'string',
  requestedBy: 'string',
  agent: 'string',
  createdAt: 'string',
  expiresAt: 'string?',
  announced: 'boolean?',
};

function parsePending(text: string): PendingWrite | undefined {
  const read = parseJsonRecord<PendingWrite>(text, PENDING_SCHEMA);
  if (!read.ok) return undefined;
  const pending = read.value;
  if (
    pending.version !== 1 ||
    nameProblem('agent', pending.agent) ||
    nameProblem('agent', pending.requestedBy)
  ) {
    return undefined;
  }
  if (pending.expiresAt !== undefined && Number.isNaN(Date.parse(pending.expiresAt))) return undefined;
  const target = pending.target as { kind?: unknown; card?: unknown; title?: unknown };
  if (target.kind === 'card-new' || target.kind === 'handoff') return pending;
  if (target.kind === 'card-entry' && typeof target.card === 'string' && typeof target.title === 'string') {
    return pending;
  }
  return undefined;
}
