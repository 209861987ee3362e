// Who the board knows, as `baton agents` and MCP `dm_agents` show them: the registry's list (registry.ts), plus the
// stable name of each harness in this project (config.json `agents`: listed before its first session, so mail can
// be sent to it) and the per-session aliases of each agent's latest sessions.
import { loadSettings } from '../board/config.js';
import type { Board } from '../board/open-board.js';
import { unreadIds } from '../messages/read.js';
import { readSession } from '../sessions/session.js';
import type { Problem } from '../store/safe-fs.js';
import { derivedAgent } from './alias.js';
import { type AgentSummary, listAgents } from './registry.js';

export interface RosterEntry extends AgentSummary {
  /** The harnesses whose sessions here act as this name (config.json `agents`). */
  harnesses: string[];
  /** The per-session names of its latest sessions (newest last), each reaching that one session. */
  aliases: string[];
}

/** Aliases shown per agent: those of its latest sessions. */
const ALIASES_SHOWN = 5;

export function listRoster(board: Board): { agents: RosterEntry[]; problems: Problem[] } {
  const { agents, problems } = listAgents(board);
  // A broken config.json is doctor's to report; its usable names are listed.
  const loaded = loadSettings(board);
  const entries = new Map<string, RosterEntry>(
    agents.map((agent) => [agent.name, { ...agent, harnesses: [], aliases: aliasesOf(board, agent) }]),
  );
  for (const [harness, name] of Object.entries(loaded.settings.agents)) {
    let entry = entries.get(name);
    if (!entry) {
      const unread = unreadIds(board, name).length;
      entry = { name, registered: false, sessions: [], unread, harnesses: [], aliases: [] };
      entries.set(name, entry);
    }
    entry.harnesses.push(harness);
  }
  return { agents: [...entries.values()].sort((a, b) => a.name.localeCompare(b.name)), problems };
}

function aliasesOf(board: Board, agent: AgentSummary): string[] {
  const aliases: string[] = [];
  for (const id of agent.sessions.slice(-ALIASES_SHOWN)) {
    const record = readSession(board, id);
    const alias = record && derivedAgent(record.harness, record.id);
    if (alias && alias !== agent.name && !aliases.includes(alias)) aliases.push(alias);
  }
  return aliases;
}
