// How a new session learns the session it continues: BATON_PARENT_SESSION, else a one-shot pending continuation
// left for its project (`state/continuations/<project>.json`) that the first session to start there claims.
import { dirname } from 'node:path';
import { type Board, boardPath, ensureBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { projectKeyProblem } from '../notes/note.js';
import { tempPathFor } from '../store/atomic-write.js';
import { type JsonSchema, readJsonRecord } from '../store/json-record.js';
import { nameProblem, validateName } from '../store/names.js';
import { writeJsonRecord } from '../store/records.js';

/** The environment variable `baton continue` sets for the session it starts; the session-start hook reads it. */
export const PARENT_ENV = 'BATON_PARENT_SESSION';

/** Derived state: a pending continuation lives here until a session claims it or it expires. */
export const CONTINUATIONS_DIR = ['state', 'continuations'] as const;

/** A continuation waiting for the next session of its project. */
export interface PendingContinuation {
  version: 1;
  projectKey: string;
  /** The session the new one continues (the note's session). */
  parentSession: string;
  /** The note it continues. */
  note: string;
  /** The harness `baton continue` started (or printed the command for). */
  harness: string;
  createdAt: string;
  /** Absent: never expires (the board's pending TTL is 0). */
  expiresAt?: string;
}

const SCHEMA: JsonSchema = {
  version: 'number',
  projectKey: 'string',
  parentSession: 'string',
  note: 'string',
  harness: 'string',
  createdAt: 'string',
  expiresAt: 'string?',
};

/** The file of `projectKey`'s pending continuation (a project key is a folder name: see projectKeyProblem). */
export function continuationPath(board: Board, projectKey: string): string {
  const problem = projectKeyProblem(projectKey);
  if (problem)
    throw new BatonError('invalid_name', `invalid project key ${JSON.stringify(projectKey)}: ${problem}`);
  return boardPath(board, ...CONTINUATIONS_DIR, `${projectKey}.json`);
}

/** Leaves (or replaces) the pending continuation of `pending.projectKey`. Returns its path. */
export function leaveContinuation(board: Board, pending: PendingContinuation): string {
  validateName('session', pending.parentSession);
  const path = continuationPath(board, pending.projectKey);
  ensureBoard(board);
  writeJsonRecord(board, path, pending);
  return path;
}

/**
 * Claims `projectKey`'s pending continuation: first come, once. The file is renamed away before it is read, so of
 * two sessions starting at once only one gets it. An expired one is removed and not returned. With `accept`, a
 * claimed continuation that does not satisfy it is put back for the next session.
 */
export function claimContinuation(
  board: Board,
  projectKey: string,
  accept: (pending: PendingContinuation) => boolean = () => true,
): PendingContinuation | undefined {
  // A hand-edited session record may carry any project key: it simply has no continuation waiting.
  if (projectKeyProblem(projectKey)) return undefined;
  const path = continuationPath(board, projectKey);
  // A link or a file where a folder belongs holds no continuation (doctor names it): nothing is followed.
  if (board.store.checkFolders(dirname(path)).state !== 'ok' || board.store.stat(path).kind !== 'file')
    return undefined;
  const claimed = tempPathFor(path);
  if (!board.store.rename(path, claimed)) return undefined;
  const read = readJsonRecord<PendingContinuation>(board.store, claimed, SCHEMA, 64 * 1024);
  const pending = read.ok ? read.value : undefined;
  const valid =
    pending?.version === 1 &&
    pending.projectKey === projectKey &&
    !nameProblem('session', pending.parentSession) &&
    (pending.expiresAt === undefined || !Number.isNaN(Date.parse(pending.expiresAt)));
  if (!valid || !accept(pending)) {
    // Not ours to consume (a hand-edited file, or meant for another parent): back where it was, unless a newer
    // one has been left meanwhile.
    if (board.store.stat(path).kind === 'missing') board.store.rename(claimed, path);
    else board.store.remove(claimed);
    return undefined;
  }
  board.store.remove(claimed);
  if (pending.expiresAt !== undefined && Date.parse(pending.expiresAt) <= board.clock()) return undefined;
  return pending;
}

/** The parent named by BATON_PARENT_SESSION, validated; undefined when it is unset or empty. */
export function parentFromEnv(board: Board): string | undefined {
  const value = board.env[PARENT_ENV];
  if (!value) return undefined;
  const problem = nameProblem('session', value);
  if (problem) {
    throw new BatonError(
      'invalid_name',
      `${PARENT_ENV} is not a session id (${problem}) — unset it, or set it to the session this one continues`,
    );
  }
  return value;
}

/**
 * The parent of session `id` in `projectKey`, for its record. An explicit BATON_PARENT_SESSION wins (and consumes
 * the project's pending continuation when that names the same parent); a session that already has a record keeps
 * its parent; a new one claims the project's pending continuation; otherwise `''` (first of its line).
 */
export function resolveParent(
  board: Board,
  id: string,
  projectKey: string,
  previous: { parentSession: string } | undefined,
  explicit: string | undefined = parentFromEnv(board),
): string {
  if (explicit !== undefined) {
    if (!previous) claimContinuation(board, projectKey, (pending) => pending.parentSession === explicit);
    return explicit === id ? '' : explicit;
  }
  if (previous) return previous.parentSession;
  const pending = claimContinuation(board, projectKey, (p) => p.parentSession !== id);
  return pending?.parentSession ?? '';
}
