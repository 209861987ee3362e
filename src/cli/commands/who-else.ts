// `baton who-else <path> [--json]` — the other live sessions that touched a path (or something under a folder).
import { requireBoard } from '../../core/board/open-board.js';
import { formatTime } from '../../core/display/time.js';
import { visibleText } from '../../core/display/visible-text.js';
import { boundSession } from '../../core/sessions/session.js';
import { whoElse } from '../../core/sessions/who-else.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton who-else <path> [--session <id>] [--json]
  Lists the other live sessions (never this one) that touched <path>, or a path under it when it is a folder:
  session, agent, harness, when, and the paths. Paths compare relative to this folder's project root.
  --session <id>  the session asking (default: the one this command runs in); it is never listed`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseFor('who-else', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const path = positionals[0];
  if (path === undefined || path === '')
    throw new UsageError('who-else needs a <path> — see `baton who-else --help`');
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const self = flags.session ?? boundSession(board)?.session;
  const result = whoElse(board, path, { self });
  reportProblems(io, result.problems);
  if (flags.json) {
    printJson(io, { board: board.root, path: result.path, self: self ?? null, others: result.others });
    return 0;
  }
  const show = (text: string) => visibleText(text, { singleLine: true });
  if (result.others.length === 0) {
    io.out(`nobody else touched ${show(result.path)}\n`);
    return 0;
  }
  for (const other of result.others) {
    const when = formatTime(other.paths[0]?.at || other.lastSeen);
    io.out(`${show(other.agent)}  ${show(other.harness)}  ${show(other.session)}  ${when}\n`);
    for (const touched of other.paths)
      io.out(`  ${show(touched.path)}${touched.at ? `  ${formatTime(touched.at)}` : ''}\n`);
  }
  return 0;
}
