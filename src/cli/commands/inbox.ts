// `baton inbox [--after id] [--limit n] [--all] [--unread] [--sent] [--json]` — read only, no side effects.
import { resolveAgent } from '../../core/agents/identity.js';
import { type Board, requireBoard } from '../../core/board/open-board.js';
import { deliveryFields, formatDelivery } from '../../core/display/delivery.js';
import { formatMessages } from '../../core/display/messages.js';
import { deliveryById } from '../../core/messages/delivery-status.js';
import { resolveMessageId } from '../../core/messages/find-id.js';
import { listMessages } from '../../core/messages/read.js';
import { isId } from '../../core/store/ids.js';
import { intFlag } from '../args.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton inbox [--after <id>] [--limit <n>] [--unread] [--all] [--sent] [--json] [--as <name>]
  Lists the newest messages to you (default 20), oldest first. Never marks anything read.
  --after   only messages after this one (a message id, or any unique start of one)
  --unread  only messages not yet pushed into your session
  --all     every agent's messages on the board (the operator's view)
  --sent    the messages you sent instead, each with whether it reached its recipient:
            "delivered to claude@shop (session 3f2a9c) 21:25:40Z" or
            "waiting — bob has no live session (last seen 2 d ago)"
  --limit 0 means no limit.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('inbox', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  if (flags.sent && (flags.all || flags.unread)) {
    throw new UsageError(
      `--sent lists your own messages; it does not combine with --${flags.all ? 'all' : 'unread'}`,
    );
  }
  const limit = intFlag('limit', flags.limit, 20);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const agent = flags.all && !flags.unread ? undefined : resolveAgent(board, { as: flags.as });
  if (flags.sent) return sent(io, board, agent!, flags.after, limit, flags.json === true);
  // A full id needs no lookup: it only sets where the listing starts (the hot path stays one directory walk).
  const after =
    flags.after === undefined || isId(flags.after, 'm')
      ? flags.after
      : resolveMessageId(board, flags.after, { recipient: agent });
  const { messages, problems } = listMessages(board, { agent, after, limit, unread: flags.unread });
  reportProblems(io, problems);
  if (flags.json) printJson(io, { board: board.root, agent: agent ?? null, messages, problems });
  else if (messages.length === 0) io.out(flags.unread ? 'no unread messages\n' : 'no messages\n');
  else io.out(formatMessages(messages));
  return 0;
}

// What the agent sent, newest `limit` copies in every mailbox, each with its delivery status.
function sent(
  io: CliIO,
  board: Board,
  agent: string,
  afterFlag: string | undefined,
  limit: number,
  json: boolean,
): number {
  const after =
    afterFlag === undefined || isId(afterFlag, 'm') ? afterFlag : resolveMessageId(board, afterFlag);
  const { messages, problems } = listMessages(board, { from: agent, after, limit });
  reportProblems(io, problems);
  const delivery = deliveryById(board, messages);
  const now = board.clock();
  if (json) {
    const withStatus = messages.map((m) => ({ ...m, delivery: deliveryFields(delivery.get(m.id)!, now) }));
    printJson(io, { board: board.root, agent, messages: withStatus, problems });
  } else if (messages.length === 0) io.out(`no messages sent by ${agent}\n`);
  else {
    io.out(
      formatMessages(messages, (m) => {
        const status = delivery.get(m.id);
        return status && formatDelivery(status, now);
      }),
    );
  }
  return 0;
}
