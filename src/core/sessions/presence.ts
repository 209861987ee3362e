// Whether an agent has a live session to take its mail, and when it was last seen: a few small reads, for `send`.
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
 * small read per session named until a live one is found — never a scan of the board's sessions. A record that is
 * missing, unreadable or hand-edited counts as no sessions; a session record likewise as not live.
 */
export function agentPresence(board: Board, agent: string): Presence {
  const presence: Presence = { agent };
  if (!board.exists || nameProblem('agent', agent)) return presence;
  const seen: string[] = [];
  let sessions: string[] = [];
  try {
    const read = readJsonRecord<AgentRecord>(board.store, agentPath(board, agent), AGENT_SCHEMA, 64 * 1024);
    if (read.ok && read.value.name === agent) {
      sessions = read.value.sessions.filter((id) => !nameProblem('session', id));
      seen.push(read.value.lastSeen);
    }
  } catch {
    // a path the store refuses: no record
  }
  for (const id of [...sessions].reverse()) {
    const record = safely(() => readSession(board, id));
    if (!record) continue;
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

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
