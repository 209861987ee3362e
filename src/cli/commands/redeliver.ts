// `baton redeliver --as <agent> [--after <id>]` — queue an agent's messages for push again.
import { resolveAgent } from '../../core/agents/identity.js';
import { requireBoard } from '../../core/board/open-board.js';
import { BatonError } from '../../core/errors.js';
import { redeliver } from '../../core/messages/delivery.js';
import { resolveMessageId } from '../../core/messages/find-id.js';
import { listMessages } from '../../core/messages/read.js';
import { boardFromFlags, echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton redeliver [--as <agent>] [--after <id>] [--json]
  Resets delivery: the agent's messages (all, or those after --after, an id or any unique start of one) are
  pushed again at the next turn.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('redeliver', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const agent = resolveAgent(board, { as: flags.as });
  const after =
    flags.after === undefined ? undefined : resolveMessageId(board, flags.after, { recipient: agent });
  if (listMessages(board, { agent, limit: 1 }).messages.length === 0) {
    throw new BatonError(
      'not_found',
      `${agent} has no messages on ${board.root} — nothing to redeliver (see \`baton agents\` for who has mail)`,
    );
  }
  const queued = redeliver(board, agent, { after });
  if (flags.json) printJson(io, { board: board.root, agent, queued });
  else io.out(`queued ${queued} message(s) for ${agent}\n`);
  echoBoard(io, board);
  return 0;
}
