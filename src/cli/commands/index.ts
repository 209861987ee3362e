// `baton index [--as agent] [--session id] [--budget chars] [--json]` — what the hooks inject: the board index.
import { actingAgentIfAny } from '../../core/agents/identity.js';
import { requireBoard } from '../../core/board/open-board.js';
import { DEFAULT_INDEX_BUDGET, renderIndex } from '../../core/board-index/render.js';
import { visibleText } from '../../core/display/visible-text.js';
import { validateName } from '../../core/store/names.js';
import { intFlag } from '../args.js';
import { boardFromFlags, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton index [--as <agent>] [--session <id>] [--budget <chars>] [--json]
  Prints the board index as a hook injects it at session start and after compaction: a header line, your unread
  mail count, the session's open pending writes, the project's newest notes (date, kind, status, title,
  conclusion, note:<id>) and the cards with the latest activity (card:<id>). Rebuilt from the files each time,
  never stored. --budget: characters at most (default ${DEFAULT_INDEX_BUDGET}); lines are cut, never their handles,
  and when the handles alone do not fit, the oldest lines are left out ("notes, 3 of 12:"). The header line stays.
  config.json: index.maxNotes (default 20; 0 turns the index off), index.lineChars (default 160; 0: no cut).`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('index', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const budget = intFlag('budget', flags.budget, DEFAULT_INDEX_BUDGET, 1);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const session = flags.session === undefined ? undefined : validateName('session', flags.session);
  // For a named session, its own agent (what its hook would show); else the acting agent, when there is one.
  const agent =
    session !== undefined && flags.as === undefined ? undefined : actingAgentIfAny(board, { as: flags.as });
  const index = renderIndex(board, { agent, session, budget });
  for (const problem of index.problems) io.err(`baton: ${visibleText(problem, { singleLine: true })}\n`);
  if (flags.json) {
    printJson(io, { board: board.root, ...index });
    return 0;
  }
  if (index.off) io.err('baton: the index is off (index.maxNotes is 0 in config.json)\n');
  else if (index.text === '') io.err(`baton: nothing to index for project ${index.project} yet\n`);
  else {
    io.out(`${index.text}\n`);
    if (index.overBudget) {
      io.err(
        `baton: --budget ${budget} is less than the index's header line; it is printed alone (${index.text.length} characters)\n`,
      );
    }
  }
  return 0;
}
