// `baton thread <id>` — a conversation from its first message, with every reply and fan-out copy.
import { requireBoard } from '../../core/board/open-board.js';
import { BatonError } from '../../core/errors.js';
import { requireMessageId } from '../../core/messages/message.js';
import { readThread } from '../../core/messages/read.js';
import { parseCommandArgs } from '../args.js';
import { boardFromFlags, disabled, printJson, reportProblems } from '../board-flags.js';
import { formatMessages } from '../format-messages.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton thread <message-id> [--json]
  Shows the whole conversation a message belongs to, oldest first.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseCommandArgs('thread', argv, {}, 1);
  if (flags.help) return printUsage(io, usage);
  if (disabled(io)) return 0;
  const id = positionals[0];
  if (!id) throw new UsageError('thread needs a message id — see `baton inbox` for ids');
  requireMessageId(id);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const { messages, problems } = readThread(board, id);
  if (messages.length === 0) throw new BatonError('not_found', `no message ${id} on ${board.root}`);
  reportProblems(io, problems);
  if (flags.json) printJson(io, { board: board.root, messages });
  else io.out(formatMessages(messages));
  return 0;
}
