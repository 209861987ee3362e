// Open two-phase writes, one per session at `pending/<session>.json`: stored atomically, expired ones cleaned.
import { unlinkSync } from 'node:fs';
import { type Board, boardPath, ensureBoard } from '../board/open-board.js';
import { isTempName } from '../store/atomic-write.js';
import { nameProblem, validateName } from '../store/names.js';
import { validateStoredName, writeJsonRecord } from '../store/records.js';
import { isMissing, listNames, readTextFile } from '../store/safe-fs.js';

export const PENDING_DIR = 'pending';

/** What the reply will be written to. Handoffs add their own kind (with a `handoff` block). */
export type PendingTarget = { kind: 'card-entry'; card: string; title: string } | { kind: 'card-new' };

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
  const read = readTextFile(path);
  if (!read.ok) return read.missing ? { state: 'none' } : { state: 'corrupt', path, reason: read.reason };
  const pending = parsePending(read.text);
  if (!pending || pending.session !== session) {
    return { state: 'corrupt', path, reason: 'not a pending write (bad JSON or wrong session)' };
  }
  if (!isExpired(pending, board.clock())) return { state: 'open', pending };
  removeFile(path);
  return { state: 'expired', pending };
}

export function clearPending(board: Board, session: string): void {
  removeFile(pendingPath(board, session));
}

/** Paths of the expired pending writes, without touching them. Unreadable files are not counted. */
export function findExpiredPendings(board: Board): string[] {
  const expired: string[] = [];
  for (const name of listNames(boardPath(board, PENDING_DIR))) {
    if (isTempName(name) || !name.endsWith('.json')) continue;
    const session = name.slice(0, -'.json'.length);
    if (nameProblem('session', session)) continue;
    const path = pendingPath(board, session);
    const read = readTextFile(path);
    const pending = read.ok ? parsePending(read.text) : undefined;
    if (pending && pending.session === session && isExpired(pending, board.clock())) expired.push(path);
  }
  return expired;
}

/** Removes every expired pending write; returns how many. Unreadable files are left alone. */
export function cleanExpiredPendings(board: Board): number {
  const expired = findExpiredPendings(board);
  for (const path of expired) removeFile(path);
  return expired.length;
}

function parsePending(text: string): PendingWrite | undefined {
  try {
    const value = JSON.parse(text) as Partial<PendingWrite> | null;
    if (!value || typeof value !== 'object' || value.version !== 1) return undefined;
    if (typeof value.session !== 'string' || typeof value.block !== 'string') return undefined;
    if (!value.target || typeof value.target !== 'object' || typeof value.intent !== 'string')
      return undefined;
    if (value.expiresAt !== undefined && Number.isNaN(Date.parse(value.expiresAt))) return undefined;
    return value as PendingWrite;
  } catch {
    return undefined;
  }
}

function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}
