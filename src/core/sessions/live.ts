// Listing session records and telling which are live (not ended, and their process still exists).
import { hostname } from 'node:os';
import { type Board, boardPath } from '../board/open-board.js';
import { isTempName } from '../store/atomic-write.js';
import { readJsonRecord } from '../store/json-record.js';
import { nameProblem } from '../store/names.js';
import type { Problem } from '../store/safe-fs.js';
import { SESSION_SCHEMA, type SessionRecord } from './session.js';

/** The board's session records, from {@link listSessions}. */
export interface SessionList {
  /** Most recently seen first. */
  sessions: SessionRecord[];
  problems: Problem[];
}

/** Every session record on the board, most recently seen first; unreadable files are reported, not thrown. */
export function listSessions(board: Board): SessionList {
  const dir = boardPath(board, 'sessions');
  const sessions: SessionRecord[] = [];
  const problems: Problem[] = [];
  for (const { name } of board.store.list(dir, problems)) {
    if (isTempName(name) || name.endsWith('.lock')) continue;
    const path = `${dir}/${name}`;
    const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
    if (!id || nameProblem('session', id)) {
      problems.push({ path, reason: 'not a session record' });
      continue;
    }
    const read = readJsonRecord<SessionRecord>(board.store, path, SESSION_SCHEMA);
    if (!read.ok) {
      if (!read.missing) problems.push({ path, reason: read.reason });
    } else if (read.value.id !== id) {
      problems.push({ path, reason: `not a session record: its id does not match the file name` });
    } else if (nameProblem('agent', read.value.agent)) {
      problems.push({ path, reason: `not a session record: its agent is not an agent name` });
    } else sessions.push(read.value);
  }
  sessions.sort((a, b) => compare(b.lastSeen, a.lastSeen) || compare(b.id, a.id));
  return { sessions, problems };
}

/**
 * Live: not ended and, when a pid of this machine is recorded, that process still exists. A session that came from
 * another machine (`baton sync`) is live until it ends there: this machine's processes say nothing about it.
 */
export function isLive(session: SessionRecord): boolean {
  if (session.endedAt) return false;
  if (session.pid === undefined) return true;
  if (session.host !== undefined && session.host !== hostname()) return true;
  return processExists(session.pid);
}

/**
 * The most recently seen live session of `projectKey` (or of any of a project's keys: today's and its older ones,
 * as project-aliases.ts's projectGroup gives them), if any.
 */
export function latestLiveSession(
  board: Board,
  projectKey: string | readonly string[],
): SessionRecord | undefined {
  const keys = typeof projectKey === 'string' ? [projectKey] : projectKey;
  return listSessions(board).sessions.find((s) => keys.includes(s.projectKey) && isLive(s));
}

function processExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
