// Whether an agent has a live session to take its mail, and when it was last seen: a few small reads, for `send`.
import { derivedAgent } from '../agents/alias.js';
import { AGENT_SCHEMA, type AgentRecord, agentPath } from '../agents/registry.js';
import { type Board, boardPath } from '../board/open-board.js';
import { readJsonRecord } from '../store/json-record.js';
import { nameProblem } from '../store/names.js';
import { isLive } from './live.js';
import { readSession } from './session.js';

export interface Presence {
  agent: string;
  /** A live session registered under the agent's name (its most recent), when there is one. */
  live?: { session: string; harness: string; agent: string };
  /** When the agent last acted on this board (its registry record, its sends, its sessions); absent if never. */
  lastSeen?: string;
}

/**
 * Where `agent` is: a live session among those its registry record names (newest first; at most the 20 the record
 * keeps), else when it was last seen. Cost: one read of the agent's record, one stat of its last-seen stamp, and one
 * small read per session named until a live one is found — never a read of every session. A name with no record
 * that has an alias's shape (`claude-3f2a9c`) is looked up among the session folder's names (one listing). A record
 * that is missing, unreadable or hand-edited counts as no sessions; a session record likewise as not live.
 */
export function agentPresence(board: Board, agent: string): Presence {
  const presence: Presence = { agent };
  if (!board.exists || nameProblem('agent', agent)) return presence;
  const seen: string[] = [];
  let sessions: string[] | undefined;
  try {
    const read = readJsonRecord<AgentRecord>(board.store, agentPath(board, agent), AGENT_SCHEMA, 64 * 1024);
    if (read.ok && read.value.name === agent) {
      sessions = read.value.sessions.filter((id) => !nameProblem('session', id));
      seen.push(read.value.lastSeen);
    }
  } catch {
    // a path the store refuses: no record
  }
  const byAlias = sessions === undefined;
  sessions ??= aliasSessions(board, agent);
  for (const id of [...sessions].reverse()) {
    const record = safely(() => readSession(board, id));
    // An alias names its harness too: a session of another harness whose id happens to fit is not it.
    if (!record || (byAlias && derivedAgent(record.harness, record.id) !== agent)) continue;
    seen.push(record.lastSeen);
    if (isLive(record)) {
      presence.live = { session: record.id, harness: record.harness, agent: record.agent };
      break;
    }
  }
  // The last-seen stamp every send refreshes (agents/seen.ts): `state/seen/<agent>`, its mtime the time.
  const stamp = safely(() => board.store.stat(`${boardPath(board, 'state', 'seen')}/${agent}`));
  if (stamp?.kind === 'file') seen.push(new Date(stamp.mtimeMs).toISOString());
  const times = seen
    .filter((at) => !Number.isNaN(Date.parse(at)))
    .sort((a, b) => Date.parse(b) - Date.parse(a));
  if (times[0]) presence.lastSeen = new Date(Date.parse(times[0])).toISOString();
  return presence;
}

const ALIAS = /^([a-z0-9][a-z0-9._]*)-[a-z0-9]{6}$/;

/**
 * The sessions whose per-session alias (`claude-3f2a9c`: agents/alias.ts) is `agent`, when `agent` has that shape:
 * an alias has no registry record of its own (its session registers under the name it acts as). One listing of the
 * session folder's names, no reads, and only for a name with no record.
 */
function aliasSessions(board: Board, agent: string): string[] {
  const harness = ALIAS.exec(agent)?.[1];
  if (!harness) return [];
  const ids = safely(() => board.store.list(boardPath(board, 'sessions'))) ?? [];
  return ids
    .map(({ name }) => (name.endsWith('.json') ? name.slice(0, -'.json'.length) : ''))
    .filter((id) => id !== '' && !nameProblem('session', id) && derivedAgent(harness, id) === agent)
    .sort();
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
