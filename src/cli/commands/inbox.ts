// `baton inbox [--after id] [--limit n] [--all] [--unread] [--json]` — read only, no side effects.
import { resolveAgent } from '../../core/agents/identity.js';
import { requireBoard } from '../../core/board/open-board.js';
import { listMessages } from '../../core/messages/read.js';
import { intFlag, parseCommandArgs } from '../args.js';
import { boardFromFlags, disabled, printJson, reportProblems } from '../board-flags.js';
import { formatMessages } from '../format-messages.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton inbox [--after <id>] [--limit <n>] [--unread] [--all] [--json] [--as <name>]
  Lists the newest messages to you (default 20), oldest first. Never marks anything read.
  --unread  only messages not yet pushed into your session
  --all     every agent's messages on the board (the operator's view)
  --limit 0 means no limit.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('inbox', argv, {
    after: { type: 'string' },
    limit: { type: 'string' },
    all: { type: 'boolean' },
    unread: { type: 'boolean' },
  });
  if (flags.help) return printUsage(io, usage);
  if (disabled(io)) return 0;
  const limit = intFlag('limit', flags.limit, 20);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const agent = flags.all && !flags.unread ? undefined : resolveAgent(board, { as: flags.as });
  const { messages, problems } = listMessages(board, {
    agent,
    after: flags.after,
    limit,
    unread: flags.unread,
  });
  reportProblems(io, problems);
  if (flags.json) printJson(io, { board: board.root, agent: agent ?? null, messages, problems });
  else if (messages.length === 0) io.out(flags.unread ? 'no unread messages\n' : 'no messages\n');
  else io.out(formatMessages(messages));
  return 0;
}
