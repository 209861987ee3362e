// Session records (`sessions/<id>.json`) and the pid index that lets a command find the session it runs in.

import { readGitInfo } from '../board/git.js';
import { type Board, boardPath, ensureBoard } from '../board/open-board.js';
import { validateName } from '../store/names.js';
import { validateStoredName, writeJsonRecord } from '../store/records.js';
import { readTextFile } from '../store/safe-fs.js';
import { ancestors, harnessOf, type ProcessInfo, sessionAnchor } from './process-tree.js';

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
  transcriptPath?: string;
  touched?: string[];
}

interface PidEntry {
  session: string;
  agent: string;
  start: string;
}

/** The project key: a slug of the git root of `cwd` (fallback: `cwd`), so notes group per project. */
export function projectKeyOf(cwd: string): string {
  const root = readGitInfo(cwd)?.root ?? cwd;
  return (
    root
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'root'
  );
}

export function readSession(board: Board, id: string): SessionRecord | undefined {
  const read = readTextFile(boardPath(board, 'sessions', `${validateName('session', id)}.json`));
  if (!read.ok) return undefined;
  try {
    return JSON.parse(read.text) as SessionRecord;
  } catch {
    return undefined;
  }
}

export function writeSession(board: Board, record: SessionRecord): void {
  validateStoredName(board, 'session', record.id);
  validateStoredName(board, 'agent', record.agent);
  ensureBoard(board);
  // cwd, transcriptPath and touched paths are free text from the harness: redacted like any body.
  writeJsonRecord(board, boardPath(board, 'sessions', `${record.id}.json`), record);
  if (record.pid !== undefined) {
    const start = ancestors().find((p) => p.pid === record.pid)?.start ?? '';
    const entry: PidEntry = { session: record.id, agent: record.agent, start };
    writeJsonRecord(board, boardPath(board, 'state', 'pids', `${record.pid}.json`), entry);
  }
}

/**
 * Binds `agent` to the session this command runs in (the nearest harness process, else the parent shell), so later
 * commands from the same session act as `agent` without `--as`. Returns the session record.
 */
export function bindSession(board: Board, agent: string, anchor: ProcessInfo | undefined = sessionAnchor()) {
  const now = new Date(board.clock()).toISOString();
  const harness = harnessOf(anchor);
  const id = board.env.BATON_SESSION || `${harness}-${anchor?.pid ?? process.ppid}-${anchor?.start || 'x'}`;
  const previous = readSession(board, id);
  const record: SessionRecord = {
    ...previous,
    id,
    harness: previous?.harness ?? harness,
    agent,
    cwd: board.cwd,
    projectKey: previous?.projectKey ?? projectKeyOf(board.cwd),
    parentSession: previous?.parentSession ?? '',
    startedAt: previous?.startedAt ?? now,
    lastSeen: now,
    pid: anchor?.pid,
  };
  writeSession(board, record);
  return record;
}

/** The agent name bound to the session this process runs in, if any (a few small reads, no scan). */
export function boundAgent(board: Board): string | undefined {
  if (!board.exists) return undefined;
  const sessionId = board.env.BATON_SESSION;
  if (sessionId) return readSession(board, sessionId)?.agent;
  for (const proc of ancestors()) {
    const read = readTextFile(boardPath(board, 'state', 'pids', `${proc.pid}.json`));
    if (!read.ok) continue;
    try {
      const entry = JSON.parse(read.text) as PidEntry;
      if (!entry.start || !proc.start || entry.start === proc.start) return entry.agent;
    } catch {
      // a torn or foreign index entry: ignore, it is derived state
    }
  }
  return undefined;
}
