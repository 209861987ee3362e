// The relation timeline's endpoints (SPEC §6, issue 25): the families as summaries, a page at a time, newest activity
// first; the lines of the families a person opens; and where a note is (for a link straight to it). The families are
// built once per change of the notes and kept, so paging, opening a family and finding a note cost a lookup.
import { createHash } from 'node:crypto';
import { lstatSync } from 'node:fs';
import type { Board } from '../../core/board/open-board.js';
import { BatonError } from '../../core/errors.js';
import { type FamilySummary, familyLines, summarizeFamily } from '../../core/notes/family-lines.js';
import { buildTimeline, type TimelineNode } from '../../core/notes/lineage.js';
import { type NoteRecord, projectKeyProblem } from '../../core/notes/note.js';
import { listNoteFiles, listNotes, listProjects } from '../../core/notes/read.js';
import { projectAliases, projectGroup } from '../../core/sessions/project-aliases.js';
import type {
  TimelineFamilyJson,
  TimelineFindJson,
  TimelineJson,
  TimelineLineJson,
  TimelineLinesJson,
  TimelineNote,
} from '../api-types.js';
import { ApiRefusal } from './json.js';
import type { ApiContext, Endpoint } from './router.js';
import { liveSessionIds, problemLines } from './shared.js';

/** Families per page when the page asks for no number. */
export const FAMILY_PAGE = 100;
/** The most families one answer holds, and the most families whose lines one request asks for. */
export const MAX_FAMILIES = 500;
export const MAX_LINE_FAMILIES = 100;

/** The timeline endpoints of one web app, with its own memo of the timelines it built. */
export function timelineEndpoints(): Endpoint[] {
  const memo: Memo = new Map();
  return [
    { method: 'GET', path: /^\/timeline$/, handle: (context) => families(context, memo) },
    { method: 'GET', path: /^\/timeline\/lines$/, handle: (context) => lines(context, memo) },
    { method: 'GET', path: /^\/timeline\/find\/([^/]+)$/, handle: (context) => find(context, memo) },
  ];
}

interface Built {
  fingerprint: string;
  project: string | null;
  projects: string[];
  total: number;
  problems: string[];
  families: { key: string; node: TimelineNode; summary: FamilySummary }[];
  byKey: Map<string, number>;
  /** Note id → its family's place in `families`. */
  byNote: Map<string, number>;
  /** Lines already answered, by family key. */
  lines: Map<string, TimelineLineJson[]>;
}

// The last timeline built, per board and project: a page load, a page of families, an opened family and every open
// page after a change ask for it, and with thousands of notes building it costs far more than checking that nothing
// has changed. A few entries only: each holds the notes' front matter.
type Memo = Map<string, Built>;
const MEMO_ENTRIES = 4;

function families({ board, query }: ApiContext, memo: Memo): TimelineJson {
  const built = timeline(board, query, memo);
  const offset = count(query, 'offset', 0, Number.MAX_SAFE_INTEGER);
  const limit = count(query, 'limit', FAMILY_PAGE, MAX_FAMILIES);
  return {
    project: built.project,
    projects: built.projects,
    families: built.families.slice(offset, offset + limit).map(familyJson),
    familyCount: built.families.length,
    offset,
    total: built.total,
    problems: built.problems,
  };
}

function lines({ board, query }: ApiContext, memo: Memo): TimelineLinesJson {
  const keys = [...new Set(query.getAll('family'))];
  if (keys.length === 0)
    throw new ApiRefusal(400, 'invalid_input', 'name at least one family (family=<key>)');
  if (keys.length > MAX_LINE_FAMILIES) {
    throw new ApiRefusal(400, 'invalid_input', `at most ${MAX_LINE_FAMILIES} families at a time`);
  }
  const built = timeline(board, query, memo);
  const answer: Record<string, TimelineLineJson[]> = {};
  for (const key of keys) {
    const at = built.byKey.get(key);
    if (at === undefined) continue;
    let known = built.lines.get(key);
    if (!known) {
      known = familyLines(built.families[at]!.node).map(({ node, depth, branch }) => ({
        note: rowNote(node.note),
        kind: node.kind === 'sub-agent' ? 'sub-agent' : 'main',
        depth,
        branch,
        continuedBy: node.continuedBy,
        inProgress: node.inProgress,
      }));
      built.lines.set(key, known);
    }
    answer[key] = known;
  }
  return { lines: answer };
}

function find({ board, query, params }: ApiContext, memo: Memo): TimelineFindJson {
  const id = params[0]!;
  const built = timeline(board, query, memo);
  const at = built.byNote.get(id);
  if (at === undefined) throw new BatonError('not_found', `no note ${id} in the timeline`);
  return { family: built.families[at]!.key, index: at };
}

function timeline(board: Board, query: URLSearchParams, memo: Memo): Built {
  const project = query.get('project') || null;
  if (project !== null && projectKeyProblem(project)) {
    throw new ApiRefusal(400, 'invalid_input', `project ${JSON.stringify(project)} is not a project key`);
  }
  const live = liveSessionIds(board);
  // A project's notes are in the folders of its key and its older keys (project-aliases.ts); the list of projects
  // names each by the key it resolves to.
  const aliases = projectAliases(board);
  const group = project === null ? undefined : projectGroup(board, project, aliases);
  const memoKey = `${board.root}\0${project ?? ''}`;
  const fingerprint = notesFingerprint(board, group, live);
  const known = memo.get(memoKey);
  if (known?.fingerprint === fingerprint) return known;
  const { notes, problems } = listNotes(board, { project: group, frontMatterOnly: true });
  const tree = buildTimeline(notes, (session) => live.has(session));
  const built: Built = {
    fingerprint,
    project: group?.[0] ?? null,
    projects: [...new Set(listProjects(board).map((name) => aliases.map.get(name) ?? name))],
    total: notes.length,
    problems: [...problemLines(problems), ...tree.problems],
    families: tree.families.map((node) => ({ key: familyKey(node), node, summary: summarizeFamily(node) })),
    byKey: new Map(),
    byNote: new Map(),
    lines: new Map(),
  };
  built.families.forEach((family, at) => {
    built.byKey.set(family.key, at);
    const stack = [family.node];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.note) built.byNote.set(node.note.id, at);
      for (const child of node.children) stack.push(child);
    }
  });
  memo.delete(memoKey);
  if (memo.size >= MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  memo.set(memoKey, built);
  return built;
}

/** A family's key: its first note's id, or `x:<session>` for the notes of an external parent. */
function familyKey(node: TimelineNode): string {
  return node.note ? node.note.id : `x:${node.external ?? ''}`;
}

function familyJson({ key, node, summary }: Built['families'][number]): TimelineFamilyJson {
  return {
    key,
    note: node.note ? rowNote(node.note) : undefined,
    external: node.external,
    kind: node.kind,
    notes: summary.notes,
    latest: summary.latest,
    newest: summary.newest ? rowNote(summary.newest) : undefined,
    inProgress: summary.inProgress,
    errors: summary.errors,
    agents: summary.agents,
    harnesses: summary.harnesses,
  };
}

function rowNote(note: NoteRecord): TimelineNote {
  return {
    id: note.id,
    kind: note.kind,
    agent: note.agent,
    harness: note.harness,
    createdAt: note.createdAt,
    title: note.title,
    status: note.status,
    degraded: note.degraded,
    provenance: note.provenance,
  };
}

function count(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const text = query.get(name);
  if (text === null || text === '') return fallback;
  if (!/^\d{1,9}$/.test(text)) {
    throw new ApiRefusal(400, 'invalid_input', `${name} must be a whole number, not ${JSON.stringify(text)}`);
  }
  return Math.min(Number(text), max);
}

/**
 * What the timeline depends on, cheaply: every note file's name, size, mtime and inode (an edit in place, a
 * replacement or a removal changes it), the project folders, and which sessions are live.
 */
function notesFingerprint(board: Board, project: readonly string[] | undefined, live: Set<string>): string {
  const hash = createHash('sha256');
  for (const file of listNoteFiles(board, { project })) {
    try {
      const stat = lstatSync(file.path);
      hash.update(`${file.path}\0${stat.size}\0${stat.mtimeMs}\0${stat.ino}\n`);
    } catch {
      hash.update(`${file.path}\0gone\n`);
    }
  }
  hash.update(`projects\0${listProjects(board).join('\0')}\nlive\0${[...live].sort().join('\0')}`);
  hash.update(`\ngroup\0${(project ?? []).join('\0')}`);
  return hash.digest('hex');
}
