// `baton inbox [--after id] [--limit n] [--all] [--unread] [--json]` — read only, no side effects.
import { resolveAgent } from '../../core/agents/identity.js';
import { requireBoard } from '../../core/board/open-board.js';
import { formatMessages } from '../../core/display/messages.js';
import { resolveMessageId } from '../../core/messages/find-id.js';
import { listMessages } from '../../core/messages/read.js';
import { isId } from '../../core/store/ids.js';
import { intFlag } from '../args.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton inbox [--after <id>] [--limit <n>] [--unread] [--all] [--json] [--as <name>]
  Lists the newest messages to you (default 20), oldest first. Never marks anything read.
  --after   only messages after this one (a message id, or any unique start of one)
  --unread  only messages not yet pushed into your session
  --all     every agent's messages on the board (the operator's view)
  --limit 0 means no limit.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('inbox', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const limit = intFlag('limit', flags.limit, 20);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const agent = flags.all && !flags.unread ? undefined : resolveAgent(board, { as: flags.as });
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
