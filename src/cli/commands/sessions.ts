// `baton sessions [--live]` — the harness sessions (and shells) the board knows, most recently seen first.
import { requireBoard } from '../../core/board/open-board.js';
import { isLive, listSessions } from '../../core/sessions/live.js';
import { parseCommandArgs } from '../args.js';
import { boardFromFlags, disabled, printJson, reportProblems } from '../board-flags.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton sessions [--live] [--json]
  Lists session records, most recently seen first: id, harness, agent, live or ended, last seen, cwd.
  --live  only sessions that have not ended and whose process still runs`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('sessions', argv, { live: { type: 'boolean' } });
  if (flags.help) return printUsage(io, usage);
  if (disabled(io)) return 0;
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const { sessions, problems } = listSessions(board);
  reportProblems(io, problems);
  const rows = sessions
    .map((session) => ({ ...session, live: isLive(session) }))
    .filter((s) => !flags.live || s.live);
  if (flags.json) {
    printJson(io, { board: board.root, sessions: rows });
    return 0;
  }
  if (rows.length === 0)
    io.out(flags.live ? 'no live sessions\n' : 'no sessions yet — `baton register --as <name>`\n');
  for (const s of rows) {
    const seen = s.lastSeen.replace('T', ' ').slice(0, 16);
    io.out(`${s.id}  ${s.harness}  ${s.agent}  ${s.live ? 'live' : 'ended'}  ${seen}  ${s.cwd}\n`);
  }
  return 0;
}
