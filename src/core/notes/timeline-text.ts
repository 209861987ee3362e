// The relation timeline as text lines (SPEC §6), the same for `baton board` and the MCP `board` tool: a header per
// project, then each family's notes indented under their parent, one line each with `date | title | status | kind |
// files | id` and badges. Every free-text field is shown on one line with its control characters made visible.
import { visibleText } from '../display/visible-text.js';
import { SHORT_SESSION, type Timeline, type TimelineNode, walkFamily } from './lineage.js';
import type { NoteRecord } from './note.js';

export interface TimelineTextOptions {
  /** Show at most this many families (newest activity first); the rest are counted in `omitted`. */
  families?: number;
}

export interface TimelineText {
  lines: string[];
  /** Families left out by `families`. */
  omitted: number;
}

/**
 * The timeline of `notes` as lines: for each project (in the order of its newest family), `project <key> · N notes ·
 * anchor <first note id>`, then its families, each node indented two spaces per generation.
 */
export function timelineText(
  notes: NoteRecord[],
  timeline: Timeline,
  options: TimelineTextOptions = {},
): TimelineText {
  const shown = timeline.families.slice(0, options.families ?? timeline.families.length);
  const counts = new Map<string, { notes: number; anchor: string }>();
  // Notes come oldest first, so the first one of a project is its anchor.
  for (const note of notes) {
    const count = counts.get(note.projectKey);
    if (count) count.notes++;
    else counts.set(note.projectKey, { notes: 1, anchor: note.id });
  }
  const byProject = new Map<string, TimelineNode[]>();
  for (const family of shown) {
    const key = familyProject(family);
    const list = byProject.get(key);
    if (list) list.push(family);
    else byProject.set(key, [family]);
  }
  const lines: string[] = [];
  for (const [key, families] of byProject) {
    const count = counts.get(key);
    const total = count?.notes ?? 0;
    lines.push(
      `project ${key} · ${total === 1 ? '1 note' : `${total} notes`}${count ? ` · anchor ${count.anchor}` : ''}`,
    );
    for (const family of families) pushFamily(lines, family, 1);
  }
  return { lines, omitted: timeline.families.length - shown.length };
}

// Depth first, in the order walkFamily walks (no recursion: a hand-made lineage may be very deep).
function pushFamily(lines: string[], node: TimelineNode, depth: number): void {
  for (const at of walkFamily(node, depth)) lines.push(`${'  '.repeat(at.depth)}${nodeLine(at.node)}`);
}

/** The project a family belongs to: its first note's (an external root takes its first child's). */
export function familyProject(node: TimelineNode): string {
  if (node.note) return node.note.projectKey;
  for (const child of node.children) return familyProject(child);
  return '';
}

/** `date | title | status | kind | files | id` and the badges, one line. */
export function nodeLine(node: TimelineNode): string {
  if (!node.note) {
    return `╌ external session ${show(node.external ?? '').slice(0, SHORT_SESSION)} (no note on this board)${node.inProgress ? ' · in progress' : ''} ╌`;
  }
  const note = node.note;
  // A result no session delegated is the first of its line, but it is not a handoff: it says `result`.
  const kind =
    node.kind === 'sub-agent'
      ? `sub-agent of ${show(note.parentSession.slice(0, SHORT_SESSION))}`
      : note.kind === 'result'
        ? 'result'
        : 'main';
  const files = note.files.length === 1 ? '1 file' : `${note.files.length} files`;
  const badges = [
    node.continuedBy > 0 ? `continued by ${node.continuedBy}` : '',
    node.source && node.kind === 'main' ? `source: ${show(node.source)}` : '',
    node.inProgress ? 'in progress' : '',
    note.provenance === 'raw' ? 'raw draft' : '',
  ].filter(Boolean);
  return `${lineTime(note.createdAt)} | ${show(note.title)} | ${note.status} | ${kind} | ${files} | ${note.id}${badges.length ? ` · ${badges.join(' · ')}` : ''}`;
}

/**
 * The note's session, for a receipt: `session <id>` (its first `chars` characters when given), or `no session` for a
 * note written outside any session (its session is then its own id, so a continuation can still name it).
 */
export function sessionText(note: NoteRecord, chars?: number): string {
  if (note.session === note.id) return 'no session';
  return `session ${show(chars === undefined ? note.session : note.session.slice(0, chars))}`;
}

/**
 * How `note` continues its line, for a receipt: `first of its line (the anchor of this project)`, `continues n-…
 * "<title>" (session <8 chars>)`, or `continues session <8 chars> (no note of it on this board)`. `project`: the notes
 * of its project (the note itself may be among them).
 */
export function lineageText(note: NoteRecord, project: NoteRecord[]): string {
  const others = project.filter((other) => other.id !== note.id);
  if (!note.parentSession) {
    return `first of its line${others.length === 0 ? ' (the anchor of this project)' : ''}`;
  }
  const session = show(note.parentSession.slice(0, SHORT_SESSION));
  const parent = others.filter((other) => other.session === note.parentSession).at(-1);
  return parent
    ? `continues ${parent.id} "${show(parent.title)}" (session ${session})`
    : `continues session ${session} (no note of it on this board)`;
}

function show(text: string): string {
  return visibleText(text, { singleLine: true });
}

// A time as toISOString writes it, with a day every month has (what parseNote keeps): sliced, not parsed.
const CANONICAL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

// The CLI's time format (src/cli/format-time.ts: UTC to the second, `Z`), here because core cannot import the CLI
// and the CLI's hot path must not import core modules it does not use.
function lineTime(iso: string): string {
  if (CANONICAL_TIME.test(iso)) return `${iso.slice(0, 10)} ${iso.slice(11, 19)}Z`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return show(iso);
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}Z`;
}
