// `baton board [--project <key>|--all] [--json]` — the relation timeline of notes (SPEC §6), as text.
import { requireBoard } from '../../core/board/open-board.js';
import { visibleText } from '../../core/display/visible-text.js';
import { buildTimeline, type TimelineNode, walkFamily } from '../../core/notes/lineage.js';
import { projectKeyProblem } from '../../core/notes/note.js';
import { listNotes } from '../../core/notes/read.js';
import { isLive, listSessions } from '../../core/sessions/live.js';
import { projectKeyOf } from '../../core/sessions/session.js';
import { parseCommandArgs } from '../args.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { formatTime } from '../format-time.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton board [--project <key> | --all] [--json]
  The notes of this project (or of --project, or --all projects) as families linked by parentSession, newest
  activity first; each line: date | title | status | kind | files | id, then "continued by N", "source: <session>",
  "in progress" (its session is live). A parent session with no note on this board shows as an external node.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('board', argv, {
    project: { type: 'string' },
    all: { type: 'boolean' },
  });
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  if (flags.all && flags.project !== undefined) throw new UsageError('--project and --all: pass only one');
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const project = flags.all ? undefined : (flags.project ?? projectKeyOf(board.cwd, board.redact));
  if (project !== undefined && projectKeyProblem(project)) {
    throw new UsageError(
      `--project ${JSON.stringify(project)} is not a project key (see \`baton board --all\`)`,
    );
  }
  const { notes, problems } = listNotes(board, { project });
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
  const byProject = new Map<string, TimelineNode[]>();
  for (const family of timeline.families) {
    const key = familyProject(family);
    byProject.set(key, [...(byProject.get(key) ?? []), family]);
  }
  for (const [key, families] of byProject) {
    const own = notes.filter((note) => note.projectKey === key);
    const anchor = own[0];
    io.out(
      `project ${key} · ${own.length === 1 ? '1 note' : `${own.length} notes`}${anchor ? ` · anchor ${anchor.id}` : ''}\n`,
    );
    for (const family of families) {
      for (const { node, depth } of walkFamily(family))
        io.out(`${'  '.repeat(depth + 1)}${nodeLine(node)}\n`);
    }
  }
  return 0;
}

function familyProject(node: TimelineNode): string {
  if (node.note) return node.note.projectKey;
  for (const child of node.children) return familyProject(child);
  return '';
}

/** `date | title | status | kind | files | id` and the badges, one line. */
export function nodeLine(node: TimelineNode): string {
  const show = (text: string) => visibleText(text, { singleLine: true });
  if (!node.note) {
    return `╌ external session ${show(node.external ?? '').slice(0, 8)} (no note on this board)${node.inProgress ? ' · in progress' : ''} ╌`;
  }
  const note = node.note;
  const kind = node.kind === 'sub-agent' ? `sub-agent of ${show(note.parentSession.slice(0, 8))}` : 'main';
  const files = note.files.length === 1 ? '1 file' : `${note.files.length} files`;
  const badges = [
    node.continuedBy > 0 ? `continued by ${node.continuedBy}` : '',
    node.source && node.kind === 'main' ? `source: ${show(node.source)}` : '',
    node.inProgress ? 'in progress' : '',
    note.provenance === 'raw' ? 'raw draft' : '',
  ].filter(Boolean);
  return `${formatTime(note.createdAt)} | ${show(note.title)} | ${note.status} | ${kind} | ${files} | ${note.id}${badges.length ? ` · ${badges.join(' · ')}` : ''}`;
}
