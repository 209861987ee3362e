// The agent registry (`agents/<name>.json`) and the list of agents a board knows about.
import { type Board, boardPath, ensureBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { listRecipients, unreadIds } from '../messages/read.js';
import { isTempName } from '../store/atomic-write.js';
import { type JsonRead, type JsonSchema, readJsonRecord } from '../store/json-record.js';
import { nameProblem } from '../store/names.js';
import { validateStoredName, writeJsonRecord } from '../store/records.js';
import type { Problem } from '../store/safe-fs.js';
import { readSeen } from './seen.js';

/** An agent's registration file: when it was first and last seen, and the sessions bound to its name. */
export interface AgentRecord {
  name: string;
  firstSeen: string;
  lastSeen: string;
  sessions: string[];
}

/**
 * One agent on the board, as {@link listAgents} reports it: registered or only seen in mail, and its unread
 * count.
 */
export interface AgentSummary {
  name: string;
  registered: boolean;
  firstSeen?: string;
  lastSeen?: string;
  sessions: string[];
  unread: number;
}

export const AGENT_SCHEMA: JsonSchema = {
  name: 'string',
  firstSeen: 'string',
  lastSeen: 'string',
  sessions: 'string[]',
};

/** The path of an agent's registry record. */
export function agentPath(board: Board, name: string): string {
  return boardPath(board, 'agents', `${name}.json`);
}

/**
 * Checks that registering `name` can succeed (its record, if any, is valid), so a caller that writes something
 * else first (the session record) never leaves half a registration behind. Throws `corrupt` naming the fix.
 */
export function checkAgentRecord(board: Board, name: string): void {
  if (!board.exists) return;
  const path = agentPath(board, validateStoredName(board, 'agent', name));
  const read = readAgent(board, path, name);
  if (!read.ok && !read.missing) {
    throw new BatonError(
      'corrupt',
      `${path}: ${read.reason} — fix or remove it, then register again; nothing was written`,
    );
  }
}

/** Registers (or refreshes) an agent, remembering the session it was registered from. */
export function registerAgent(board: Board, agent: string, session?: string): AgentRecord {
  const name = validateStoredName(board, 'agent', agent);
  checkAgentRecord(board, name);
  ensureBoard(board);
  const path = agentPath(board, name);
  return board.store.withLock(path, () => {
    const now = new Date(board.clock()).toISOString();
    const read = readAgent(board, path, name);
    if (!read.ok && !read.missing) {
      throw new BatonError('corrupt', `${path}: ${read.reason} — fix or remove it; nothing was written`);
    }
    const previous = read.ok ? read.value : undefined;
    const sessions = previous?.sessions ?? [];
    const record: AgentRecord = {
      name,
      firstSeen: previous?.firstSeen ?? now,
      lastSeen: now,
      sessions: session && !sessions.includes(session) ? [...sessions, session].slice(-20) : sessions,
    };
    // Only when it was seen changed: no fsync (a power cut loses at most that).
    const seenOnly = previous !== undefined && record.sessions === sessions;
    writeJsonRecord(board, path, record, { fsync: !seenOnly });
    return record;
  });
}

function readAgent(board: Board, path: string, name: string): JsonRead<AgentRecord> {
  const read = readJsonRecord<AgentRecord>(board.store, path, AGENT_SCHEMA, 64 * 1024);
  if (read.ok && read.value.name !== name) {
    return {
      ok: false,
      missing: false,
      reason: `a record of ${JSON.stringify(read.value.name)}, not ${name}`,
    };
  }
  return read;
}

/** Registered agents, agents with a mailbox and agents that have sent mail, with unread counts, by name. */
export function listAgents(board: Board): { agents: AgentSummary[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const byName = new Map<string, AgentSummary>();
  const dir = boardPath(board, 'agents');
  for (const { name: file } of board.store.list(dir, problems)) {
    if (isTempName(file) || file.endsWith('.lock')) continue;
    const name = file.endsWith('.json') ? file.slice(0, -'.json'.length) : '';
    if (!name || nameProblem('agent', name)) {
      problems.push({ path: `${dir}/${file}`, reason: 'not an agent record (agents/<name>.json)' });
      continue;
    }
    const read = readAgent(board, `${dir}/${file}`, name);
    if (!read.ok) {
      if (!read.missing) problems.push({ path: `${dir}/${file}`, reason: `${read.reason} (skipped)` });
      continue;
    }
    const { firstSeen, lastSeen, sessions } = read.value;
    byName.set(name, { name, firstSeen, lastSeen, sessions, registered: true, unread: 0 });
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
