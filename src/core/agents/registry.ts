// The agent registry (`agents/<name>.json`) and the list of agents a board knows about.
import { type Board, boardPath, ensureBoard } from '../board/open-board.js';
import { listRecipients, unreadIds } from '../messages/read.js';
import { isTempName } from '../store/atomic-write.js';
import { withLock } from '../store/lock.js';
import { validateName } from '../store/names.js';
import { validateStoredName, writeJsonRecord } from '../store/records.js';
import { listNames, type Problem, readTextFile } from '../store/safe-fs.js';
import { readSeen } from './seen.js';

export interface AgentRecord {
  name: string;
  firstSeen: string;
  lastSeen: string;
  sessions: string[];
}

export interface AgentSummary {
  name: string;
  registered: boolean;
  firstSeen?: string;
  lastSeen?: string;
  sessions: string[];
  unread: number;
}

/** Registers (or refreshes) an agent, remembering the session it was registered from. */
export function registerAgent(board: Board, name: string, session?: string): AgentRecord {
  validateStoredName(board, 'agent', name);
  ensureBoard(board);
  const path = boardPath(board, 'agents', `${name}.json`);
  return withLock(path, () => {
    const now = new Date(board.clock()).toISOString();
    const previous = readAgent(path);
    const sessions = previous?.sessions ?? [];
    const record: AgentRecord = {
      name,
      firstSeen: previous?.firstSeen ?? now,
      lastSeen: now,
      sessions: session && !sessions.includes(session) ? [...sessions, session].slice(-20) : sessions,
    };
    writeJsonRecord(board, path, record);
    return record;
  });
}

function readAgent(path: string): AgentRecord | undefined {
  const read = readTextFile(path);
  if (!read.ok) return undefined;
  try {
    const value = JSON.parse(read.text) as AgentRecord;
    return typeof value.name === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Registered agents, agents with a mailbox and agents that have sent mail, with unread counts, by name. */
export function listAgents(board: Board): { agents: AgentSummary[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const byName = new Map<string, AgentSummary>();
  const dir = boardPath(board, 'agents');
  for (const file of listNames(dir)) {
    if (isTempName(file) || !file.endsWith('.json')) continue;
    const record = readAgent(`${dir}/${file}`);
    if (!record || validateSafe(record.name) !== file.slice(0, -5)) {
      problems.push({ path: `${dir}/${file}`, reason: 'not a valid agent record (skipped)' });
      continue;
    }
    byName.set(record.name, { ...record, registered: true, unread: 0 });
  }
  for (const name of listRecipients(board, problems)) {
    if (!byName.has(name)) byName.set(name, { name, registered: false, sessions: [], unread: 0 });
  }
  for (const [name, at] of readSeen(board)) {
    const known = byName.get(name);
    if (!known) byName.set(name, { name, registered: false, lastSeen: at, sessions: [], unread: 0 });
    else if (!known.lastSeen || known.lastSeen < at) known.lastSeen = at;
  }
  for (const summary of byName.values()) summary.unread = unreadIds(board, summary.name).length;
  return { agents: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)), problems };
}

function validateSafe(name: string): string | undefined {
  try {
    return validateName('agent', name);
  } catch {
    return undefined;
  }
}
