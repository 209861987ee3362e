// `baton redeliver --as <agent> [--after <id>]` — queue an agent's messages for push again.
import { resolveAgent } from '../../core/agents/identity.js';
import { requireBoard } from '../../core/board/open-board.js';
import { redeliver } from '../../core/messages/delivery.js';
import { parseCommandArgs } from '../args.js';
import { boardFromFlags, disabled, echoBoard, printJson } from '../board-flags.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton redeliver [--as <agent>] [--after <id>] [--json]
  Resets delivery: the agent's messages (all, or those after --after) are pushed again at the next turn.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('redeliver', argv, { after: { type: 'string' } });
  if (flags.help) return printUsage(io, usage);
  if (disabled(io)) return 0;
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const agent = resolveAgent(board, { as: flags.as });
  const queued = redeliver(board, agent, { after: flags.after });
  if (flags.json) printJson(io, { board: board.root, agent, queued });
  else io.out(`queued ${queued} message(s) for ${agent}\n`);
  echoBoard(io, board);
  return 0;
}
