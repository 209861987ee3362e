// Session records (`sessions/<id>.json`) and the pid index that lets a command find the session it runs in.

import { hostname } from 'node:os';
import { orList, SHELL_SESSION_ENV } from '../../harnesses/registry.js';
import { checkAgentRecord } from '../agents/registry.js';
import { type Board, boardPath, ensureBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { type JsonSchema, readJsonRecord } from '../store/json-record.js';
import { nameProblem, validateName } from '../store/names.js';
import { validateStoredName, writeJsonRecord } from '../store/records.js';
import { clearRecentEdit, refreshGateMarker } from './hook-gate.js';
import { parentFromEnv, resolveParent } from './parent-link.js';
import { boardAncestors, harnessOf, type ProcessInfo, sessionAnchor } from './process-tree.js';
import { projectKeyOf } from './project.js';

export interface SessionRecord {
  id: string;
  harness: string;
  agent: string;
  cwd: string;
  projectKey: string;
  parentSession: string;
  startedAt: string;
  lastSeen: string;
  endedAt?: string;
  pid?: number;
  /** The machine `pid` belongs to: a session synced from another machine is not judged by this one's processes. */
  host?: string;
  transcriptPath?: string;
  /** Paths the session touched, oldest first: relative to its project root when inside it (see touched.ts). */
  touched?: string[];
  /** When each of `touched` was last touched (same order; a record from before it was kept has none). */
  touchedAt?: string[];
}

interface PidEntry {
  session: string;
  agent: string;
  start: string;
}

export const SESSION_SCHEMA: JsonSchema = {
  id: 'string',
  harness: 'string',
  agent: 'string',
  cwd: 'string',
  projectKey: 'string',
  parentSession: 'string',
  startedAt: 'string',
  lastSeen: 'string',
  endedAt: 'string?',
  pid: 'integer?',
  host: 'string?',
  transcriptPath: 'string?',
  touched: 'string[]?',
  touchedAt: 'string[]?',
};

const PID_SCHEMA: JsonSchema = { session: 'string', agent: 'string', start: 'string' };

export function sessionPath(board: Board, id: string): string {
  return boardPath(board, 'sessions', `${validateName('session', id)}.json`);
}

/** The session's record; undefined when there is none or it is not a valid record (doctor reports those). */
export function readSession(board: Board, id: string): SessionRecord | undefined {
  const read = readJsonRecord<SessionRecord>(board.store, sessionPath(board, id), SESSION_SCHEMA);
  return read.ok && read.value.id === id ? read.value : undefined;
}

export function writeSession(board: Board, record: SessionRecord, { fsync = true } = {}): void {
  validateStoredName(board, 'session', record.id);
  validateStoredName(board, 'agent', record.agent);
  ensureBoard(board);
  if (record.pid !== undefined && record.host === undefined) record.host = hostname();
  // cwd, transcriptPath and touched paths are free text from the harness: redacted like any body.
  writeJsonRecord(board, boardPath(board, 'sessions', `${record.id}.json`), record, { fsync });
  // The hook gate's view of the session (hook-gate.ts): its names now, none once it has ended.
  refreshGateMarker(board, record);
  if (record.endedAt) clearRecentEdit(board, record.id);
  if (record.pid !== undefined) {
    const start = boardAncestors(board).find((p) => p.pid === record.pid)?.start ?? '';
    const entry: PidEntry = { session: record.id, agent: record.agent, start };
    // Derived (rebuilt from the records when stale): no fsync.
    writeJsonRecord(board, boardPath(board, 'state', 'pids', `${record.pid}.json`), entry, { fsync: false });
  }
}

/**
 * Binds `agent` to the session this command runs in (the nearest harness process, else the parent shell), so later
 * commands from the same session act as `agent` without `--as`. A session its harness's hook already registered keeps
 * its id. A new session is linked to the session it continues (BATON_PARENT_SESSION, else its project's pending
 * continuation: see parent-link.ts). Returns the session record.
 */
export function bindSession(
  board: Board,
  name: string,
  anchor: ProcessInfo | undefined = sessionAnchor(boardAncestors(board)),
) {
  const agent = validateStoredName(board, 'agent', name);
  const hooked = board.env.BATON_SESSION ? undefined : boundSession(board)?.session;
  if (!board.env.BATON_SESSION && !hooked && !board.processTree) {
    // A server's own parent process is no caller's session: binding to it would name every caller alike.
    throw new BatonError(
      'no_agent',
      `no session to bind ${agent} to here: this command runs in a server, not in your session — set BATON_SESSION=<your session id> (a harness's ${orList(SHELL_SESSION_ENV.map(([variable]) => variable))} also works), or pass --as ${agent} to each command`,
    );
  }
  const id =
    board.env.BATON_SESSION ||
    hooked ||
    `${harnessOf(anchor)}-${anchor?.pid ?? process.ppid}-${anchor?.start || 'x'}`;
  return recordSession(board, { id, agent, harness: harnessOf(anchor), cwd: board.cwd, pid: anchor?.pid });
}

export interface SessionStart {
  id: string;
  agent: string;
  /** Kept from an existing record: a session's harness never changes. */
  harness: string;
  cwd: string;
  /** The session's process (its harness), for liveness and the pid index. */
  pid?: number;
  transcriptPath?: string;
}

/**
 * Writes (or refreshes) a session's record: a resumed session is live again, keeps its start, project and parent; a
 * new one is linked to the session it continues. The agent record is checked first, so a broken registry record
 * never leaves a session bound and the agent unregistered.
 */
export function recordSession(board: Board, start: SessionStart): SessionRecord {
  const agent = validateStoredName(board, 'agent', start.agent);
  checkAgentRecord(board, agent);
  const id = validateStoredName(board, 'session', start.id);
  const explicitParent = parentFromEnv(board);
  ensureBoard(board);
  // Under the record's lock, so a path `baton touch` records at the same moment is never lost.
  return board.store.withLock(sessionPath(board, id), () => {
    const now = new Date(board.clock()).toISOString();
    const previous = readExistingSession(board, id);
    const projectKey = previous?.projectKey ?? projectKeyOf(start.cwd, board);
    const { endedAt: _ended, ...kept } = previous ?? ({} as Partial<SessionRecord>);
    const record: SessionRecord = {
      ...kept,
      id,
      harness: previous?.harness ?? start.harness,
      agent,
      cwd: start.cwd,
      projectKey,
      parentSession: resolveParent(board, id, projectKey, previous, explicitParent),
      startedAt: previous?.startedAt ?? now,
      lastSeen: now,
      pid: start.pid,
      transcriptPath: start.transcriptPath ?? previous?.transcriptPath,
    };
    // A record made is made durable; a later start changes little that a power cut could lose (when it was seen,
    // its pid): no fsync, which costs a session-start milliseconds on a busy disk.
    writeSession(board, record, { fsync: previous === undefined });
    return record;
  });
}

/** The session's record, undefined when it has none; throws `corrupt` for a file that is there but not a record. */
function readExistingSession(board: Board, id: string): SessionRecord | undefined {
  const path = sessionPath(board, id);
  const read = readJsonRecord<SessionRecord>(board.store, path, SESSION_SCHEMA);
  if (read.ok && read.value.id === id) return read.value;
  if (!read.ok && read.missing) return undefined;
  const reason = read.ok ? 'its id does not match the file name' : read.reason;
  throw new BatonError('corrupt', `${path}: ${reason} — fix or remove it; nothing was written`);
}

/** Marks a session ended (its record stays: lineage and who-else history need it). False when it has no record. */
export function endSession(board: Board, id: string): boolean {
  const path = sessionPath(board, id);
  if (!board.exists) return false;
  return board.store.withLock(path, () => {
    const previous = readSession(board, id);
    if (!previous) return false;
    const now = new Date(board.clock()).toISOString();
    // Its end lost to a power cut reads as a session whose process is gone: ended all the same.
    writeSession(board, { ...previous, lastSeen: now, endedAt: now }, { fsync: false });
    return true;
  });
}

/**
 * The session this process runs in, as `{ session, agent }`: BATON_SESSION (with its record's agent), else the id a
 * harness gives its shell tool (its harness.ts's shellSessionEnv: CODEX_THREAD_ID, …), else the session bound to the nearest
 * ancestor process by `register` or a session-start hook (a few small reads of the pid index, no scan).
 */
export function boundSession(board: Board): { session: string; agent?: string } | undefined {
  if (!board.exists) return undefined;
  const named = board.env.BATON_SESSION;
  if (named) return namedSession(board, named);
  // Harnesses name the session in their shell tool's environment, which also reaches a shell whose process tree
  // hides the harness (Codex's sandbox gives it a pid namespace of its own): trusted only for a session of that
  // harness on the board under that id. A harness started from another's shell inherits the outer one's variable
  // too: of several, the session that started last is the inner one, where this command runs.
  let inner: SessionRecord | undefined;
  for (const [variable, harness] of SHELL_SESSION_ENV) {
    const id = board.env[variable];
    const record = id && !nameProblem('session', id) ? readSession(board, id) : undefined;
    if (record?.harness === harness && (!inner || record.startedAt > inner.startedAt)) inner = record;
  }
  if (inner) return namedSession(board, inner.id);
  for (const proc of boardAncestors(board)) {
    const path = boardPath(board, 'state', 'pids', `${proc.pid}.json`);
    const read = readJsonRecord<PidEntry>(board.store, path, PID_SCHEMA, 4096);
    // A torn or foreign index entry is ignored: it is derived state.
    if (!read.ok || nameProblem('agent', read.value.agent) || nameProblem('session', read.value.session))
      continue;
    const entry = read.value;
    if (!entry.start || !proc.start || entry.start === proc.start) return entry;
  }
  return undefined;
}

function namedSession(board: Board, id: string): { session: string; agent?: string } | undefined {
  if (nameProblem('session', id)) return undefined;
  const agent = readSession(board, id)?.agent;
  return { session: id, agent: agent && !nameProblem('agent', agent) ? agent : undefined };
}

/** The record of the session this process runs in (see boundSession), when it has one. */
export function currentSession(board: Board): SessionRecord | undefined {
  const bound = boundSession(board);
  return bound ? readSession(board, bound.session) : undefined;
}

/** The agent name bound to the session this process runs in, if any. */
export function boundAgent(board: Board): string | undefined {
  return boundSession(board)?.agent;
}
