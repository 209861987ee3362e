// `baton sessions [--live] [--project <key>]` — the harness sessions (and shells) the board knows, most recently seen first.
import { requireBoard } from '../../core/board/open-board.js';
import { formatTime } from '../../core/display/time.js';
import { visibleText } from '../../core/display/visible-text.js';
import { isLive, listSessions } from '../../core/sessions/live.js';
import { projectKeyOf } from '../../core/sessions/project.js';
import { projectAliases, projectGroup } from '../../core/sessions/project-aliases.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton sessions [--live] [--project <key>|.] [--json]
  Lists session records, most recently seen first: id, harness, agent, live or ended, last seen, cwd, and the
  session it continues. Liveness is derived: not ended, and its process still runs.
  --live           only live sessions
  --project <key>  only sessions of that project (\`.\` = this folder's project); default: every project`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('sessions', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const { sessions, problems } = listSessions(board);
  const asked = flags.project === '.' ? projectKeyOf(board.cwd, board) : flags.project;
  // Its key today and its older ones (project-aliases.ts): a session keeps the key it was recorded with.
  const group =
    asked === undefined ? undefined : new Set(projectGroup(board, asked, projectAliases(board, sessions)));
  const project = group === undefined ? undefined : [...group][0];
  reportProblems(io, problems);
  const rows = sessions
    .filter((s) => group === undefined || group.has(s.projectKey))
    .map((session) => ({ ...session, live: isLive(session) }))
    .filter((s) => !flags.live || s.live);
  if (flags.json) {
    printJson(io, { board: board.root, sessions: rows });
    return 0;
  }
  if (rows.length === 0) {
    const what = flags.live ? 'no live sessions' : 'no sessions yet';
    io.out(
      `${what}${project === undefined ? '' : ` in project ${visibleText(project, { singleLine: true })}`}${flags.live ? '' : ' — `baton register --as <name>`'}\n`,
    );
  }
  // Every field is free text from a record file (cwd above all): shown on one line, control characters visible.
  const show = (text: string) => visibleText(String(text), { singleLine: true });
  for (const s of rows) {
    const fields = [s.id, s.harness, s.agent].map(show);
    const parent = s.parentSession ? `  continues ${show(s.parentSession)}` : '';
    io.out(
      `${fields.join('  ')}  ${s.live ? 'live' : 'ended'}  ${formatTime(s.lastSeen)}  ${show(s.cwd)}${parent}\n`,
    );
  }
  return 0;
}
