// `baton agents` — who is on the board, when they were last seen, how much mail waits for them.
import { listRoster } from '../../core/agents/roster.js';
import { requireBoard } from '../../core/board/open-board.js';
import { formatTime } from '../../core/display/time.js';
import { visibleText } from '../../core/display/visible-text.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton agents [--json]
  Lists registered agents and every agent that has mail, with unread counts; each harness's stable name here
  (\`baton init --as\`, e.g. claude@shop: its sessions act as it, mail to it waits for the next one) with the
  harness, and the per-session names (aliases, e.g. claude-3f2a9c) of an agent's latest sessions.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('agents', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const { agents, problems } = listRoster(board);
  reportProblems(io, problems);
  if (flags.json) {
    printJson(io, { board: board.root, agents });
    return 0;
  }
  if (agents.length === 0) io.out('no agents yet — `baton register --as <name>`\n');
  for (const agent of agents) {
    const seen = agent.lastSeen ? `last seen ${formatTime(agent.lastSeen)}` : 'not registered';
    const name = visibleText(agent.name, { singleLine: true });
    const roles = [
      ...(agent.harnesses.length > 0 ? [`${agent.harnesses.join(', ')} sessions here`] : []),
      ...(agent.aliases.length > 0 ? [`aliases ${agent.aliases.join(', ')}`] : []),
    ];
    const more = roles.length > 0 ? `   ${visibleText(roles.join(' · '), { singleLine: true })}` : '';
    io.out(`${name.padEnd(20)} ${String(agent.unread).padStart(4)} unread   ${seen}${more}\n`);
  }
  return 0;
}
