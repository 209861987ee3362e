// `baton agents` — who is on the board, when they were last seen, how much mail waits for them.
import { listAgents } from '../../core/agents/registry.js';
import { requireBoard } from '../../core/board/open-board.js';
import { formatTime } from '../../core/display/time.js';
import { visibleText } from '../../core/display/visible-text.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton agents [--json]
  Lists registered agents and every agent that has mail, with unread counts.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('agents', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const { agents, problems } = listAgents(board);
  reportProblems(io, problems);
  if (flags.json) {
    printJson(io, { board: board.root, agents });
    return 0;
  }
  if (agents.length === 0) io.out('no agents yet — `baton register --as <name>`\n');
  for (const agent of agents) {
    const seen = agent.lastSeen ? `last seen ${formatTime(agent.lastSeen)}` : 'not registered';
    const name = visibleText(agent.name, { singleLine: true });
    io.out(`${name.padEnd(20)} ${String(agent.unread).padStart(4)} unread   ${seen}\n`);
  }
  return 0;
}
