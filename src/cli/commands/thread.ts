// `baton thread <id>` — a conversation from its first message, with every reply and fan-out copy, and whether each
// copy has reached its recipient.

import { deliveryFields, formatDelivery } from '../../core/display/delivery.js';
import { formatMessages } from '../../core/display/messages.js';
import { BatonError } from '../../core/errors.js';
import { deliveryById } from '../../core/messages/delivery-status.js';
import { resolveMessageId } from '../../core/messages/find-id.js';
import { readThread } from '../../core/messages/read.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton thread <message-id> [--json]
  Shows the whole conversation a message belongs to, oldest first. <message-id> is a message id or any
  unique start of one (m-01JDX3, with or without m-). Under each message, one line per recipient:
  "delivered to claude@shop (session 3f2a9c) 21:25:40Z" (when a hook, listen or MCP put it into that
  session's context) or "waiting — bob has no live session (last seen 2 d ago)".`;

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
  const delivery = deliveryById(board, messages);
  const now = board.clock();
  if (flags.json) {
    printJson(io, {
      board: board.root,
      messages: messages.map((m) => ({ ...m, delivery: deliveryFields(delivery.get(m.id)!, now) })),
    });
  } else {
    io.out(
      formatMessages(messages, (m) => {
        const status = delivery.get(m.id);
        return status && formatDelivery(status, now);
      }),
    );
  }
  return 0;
}
