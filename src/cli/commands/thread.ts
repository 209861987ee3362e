// `baton thread <id>` — a conversation from its first message, with every reply and fan-out copy.

import { formatMessages } from '../../core/display/messages.js';
import { BatonError } from '../../core/errors.js';
import { resolveMessageId } from '../../core/messages/find-id.js';
import { readThread } from '../../core/messages/read.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton thread <message-id> [--json]
  Shows the whole conversation a message belongs to, oldest first. <message-id> is a message id or any
  unique start of one (m-01JDX3, with or without m-).`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseFor('thread', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const input = positionals[0];
  if (!input) throw new UsageError('thread needs a message id — see `baton inbox` for ids');
  const board = boardFromFlags(io, flags);
  const id = resolveMessageId(board, input);
  const { messages, problems } = readThread(board, id);
  if (messages.length === 0) throw new BatonError('not_found', `message ${id} was just deleted`);
  reportProblems(io, problems);
  if (flags.json) printJson(io, { board: board.root, messages });
  else io.out(formatMessages(messages));
  return 0;
}
