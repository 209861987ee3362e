// `baton board [--project <key>|--all] [--json]` — the relation timeline of notes (SPEC §6), as text.
import { requireBoard } from '../../core/board/open-board.js';
import { visibleText } from '../../core/display/visible-text.js';
import { buildTimeline } from '../../core/notes/lineage.js';
import { projectKeyProblem } from '../../core/notes/note.js';
import { listNotes } from '../../core/notes/read.js';
import { timelineText } from '../../core/notes/timeline-text.js';
import { isLive, listSessions } from '../../core/sessions/live.js';
import { projectKeyOf } from '../../core/sessions/project.js';
import { projectAliases, projectGroup } from '../../core/sessions/project-aliases.js';
import { intFlag } from '../args.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

/** Families shown by default: the newest activity. */
const DEFAULT_FAMILIES = 20;

export const usage = `baton board [--project <key> | --all] [--limit <families>] [--json]
  The notes of this project (or of --project, or --all projects) as families linked by parentSession, newest
  activity first; each line: date | title | status | kind | files | id, then "continued by N", "source: <session>",
  "in progress" (its session is live). A parent session with no note on this board shows as an external node.
  --limit  families shown, newest activity first (default 20; 0 = all). --json always carries every note.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('board', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const limit = intFlag('limit', flags.limit, DEFAULT_FAMILIES);
  if (flags.all && flags.project !== undefined) throw new UsageError('--project and --all: pass only one');
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const asked = flags.all ? undefined : (flags.project ?? projectKeyOf(board.cwd, board));
  if (asked !== undefined && projectKeyProblem(asked)) {
    throw new UsageError(
      `--project ${JSON.stringify(asked)} is not a project key (see \`baton board --all\`)`,
    );
  }
  // A project's notes are in the folders of its key and its older keys (project-aliases.ts); each is shown under
  // the key it resolves to.
  const aliases = projectAliases(board);
  const group = asked === undefined ? undefined : projectGroup(board, asked, aliases);
  const project = group?.[0];
  // The text shows front-matter fields only; --json carries each note whole.
  const listed = listNotes(board, { project: group, frontMatterOnly: !flags.json });
  const problems = listed.problems;
  const notes = listed.notes.map((note) => {
    const key = aliases.map.get(note.projectKey);
    return key === undefined ? note : { ...note, projectKey: key };
  });
  const live = new Set(
    listSessions(board)
      .sessions.filter(isLive)
      .map((s) => s.id),
  );
  const timeline = buildTimeline(notes, (session) => live.has(session));
  reportProblems(io, problems);
  for (const problem of timeline.problems) io.err(`baton: ${visibleText(problem, { singleLine: true })}\n`);
  if (flags.json) {
    printJson(io, { board: board.root, project: project ?? null, notes: notes.length, ...timeline });
    return 0;
  }
  if (notes.length === 0) {
    io.out(
      project
        ? `no notes for project ${project} — write one with \`baton handoff write\` (all projects: \`baton board --all\`)\n`
        : 'no notes on this board — write one with `baton handoff write`\n',
    );
    return 0;
  }
  // One write: a pipe gets the whole timeline at once instead of a syscall per line.
  const text = timelineText(notes, timeline, { families: limit === 0 ? undefined : limit });
  const more =
    text.omitted > 0
      ? `… ${text.omitted} older ${text.omitted === 1 ? 'family' : 'families'} (--limit 0 shows every one)\n`
      : '';
  io.out(`${text.lines.join('\n')}\n${more}`);
  return 0;
}
