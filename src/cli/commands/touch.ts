// `baton touch <path…> [--session <id>]` — records paths the current session touched (what who-else reads).
import { requireBoard } from '../../core/board/open-board.js';
import { visibleText } from '../../core/display/visible-text.js';
import { BatonError } from '../../core/errors.js';
import { boundSession } from '../../core/sessions/session.js';
import { touchPaths } from '../../core/sessions/touched.js';
import { boardFromFlags, echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton touch <path>… [--session <id>] [--json]
  Records that this session touched the paths (files or folders), for \`baton who-else\`. The session is the one
  this command runs in (BATON_SESSION, else the one registered for this harness or shell), or --session <id>.
  Paths are kept relative to the session's project root (absolute when outside it), redacted, newest last;
  a session keeps its last 500 distinct paths.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseFor('touch', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  if (positionals.length === 0)
    throw new UsageError('touch needs at least one <path> — see `baton touch --help`');
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const session = flags.session ?? boundSession(board)?.session;
  if (!session) {
    throw new BatonError(
      'not_found',
      'this command runs in no registered session — run `baton register --as <name>` first, or pass --session <id>; nothing was written',
    );
  }
  const result = touchPaths(board, session, positionals);
  if (flags.json)
    printJson(io, {
      board: board.root,
      session: session,
      recorded: result.recorded,
      dropped: result.dropped,
    });
  else {
    const show = (text: string) => visibleText(text, { singleLine: true });
    io.out(`recorded ${result.recorded.map(show).join(', ')} for session ${show(session)}\n`);
  }
  echoBoard(io, board);
  return 0;
}
