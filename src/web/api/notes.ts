// The notes endpoints: one note with its three actions (resume, continue, request a supplementary handoff), and a
// note file as stored (note-body.ts). The timeline's are in timeline.ts.
import { type Board, boardPath } from '../../core/board/open-board.js';
import { BatonError } from '../../core/errors.js';
import {
  planSupplement,
  type SupplementPlan,
  writeSupplementaryHandoff,
} from '../../core/llm/supplementary.js';
import { prepareContinuation, resumeOf } from '../../core/notes/continuation.js';
import { buildTimeline, type TimelineNode } from '../../core/notes/lineage.js';
import { NOTES_DIR, type NoteRecord } from '../../core/notes/note.js';
import { listNotes, readNote } from '../../core/notes/read.js';
import { cutLine } from '../../core/notes/result-head.js';
import { parseSections, SECTION_KEYS, sectionTitle } from '../../core/notes/sections.js';
import { requestHandoff } from '../../core/pending/request.js';
import { isStartableHarness, shellLine } from '../../core/sessions/harness-commands.js';
import { isLive } from '../../core/sessions/live.js';
import { projectGroup } from '../../core/sessions/project-aliases.js';
import { readSession, type SessionRecord } from '../../core/sessions/session.js';
import { nameProblem } from '../../core/store/names.js';
import { HARNESS_NAMES, orList } from '../../harnesses/registry.js';
import type { ContinueResult, NoteDetail, NoteSummary, SupplementResult } from '../api-types.js';
import { folderStamp, Memo } from './folder-stamp.js';
import { ApiRefusal, stringField } from './json.js';
import { rawNote, shownBody } from './note-body.js';
import type { ApiContext, Endpoint } from './router.js';

/** The notes endpoints (the timeline's are in timeline.ts). */
export function noteEndpoints(): Endpoint[] {
  return [
    {
      method: 'GET',
      path: /^\/notes\/([^/]+)$/,
      handle: ({ board, params, changes }) => noteDetail(board, params[0]!, changes.of('notes')),
    },
    { method: 'GET', path: /^\/notes\/([^/]+)\/raw$/, handle: rawNote },
    { method: 'POST', path: /^\/notes\/([^/]+)\/continue$/, handle: continueNote },
    { method: 'POST', path: /^\/notes\/([^/]+)\/supplement$/, handle: supplement },
  ];
}

export function summary(note: NoteRecord): NoteSummary {
  return {
    id: note.id,
    kind: note.kind,
    projectKey: note.projectKey,
    session: note.session,
    parentSession: note.parentSession,
    agent: note.agent,
    harness: note.harness,
    createdAt: note.createdAt,
    title: note.title,
    status: note.status,
    conclusion: note.conclusion,
    provenance: note.provenance,
    fileCount: note.files.length,
    degraded: note.degraded,
    task: note.task,
  };
}

function noteDetail(board: Board, id: string, changes: number): NoteDetail {
  const note = readNote(board, id);
  const session = recordedSession(board, note);
  const sessionLive = session !== undefined && isLive(session);
  const parsed = parseSections(note.body);
  const sections =
    parsed.ok && note.kind === 'handoff'
      ? SECTION_KEYS.map((key) => ({ key, title: sectionTitle(key), text: parsed.sections[key].text }))
      : null;
  const { parent, children } = relatives(board, note, changes);
  const resume = resumeOf(note, session?.cwd);
  const plan = planSupplement(board, note);
  return {
    note: {
      ...summary(note),
      facts: note.facts,
      files: note.files,
      artifacts: note.artifacts,
      rev: note.rev,
      transcriptPath: note.transcriptPath,
      body: shownBody(note.body),
      bodyChars: note.body.length,
      truncated: cutLine(note),
      path: note.path,
    },
    sections,
    sessionLive,
    parent,
    externalParent: parent ? undefined : externalParent(board, note),
    children,
    resume:
      'argv' in resume ? { command: shellLine(resume.argv, { cwd: resume.cwd }), cwd: resume.cwd } : resume,
    supplement: {
      ...supplementOf(plan),
      ...(plan.mode === 'none' ? { reason: session ? 'no-transcript' : 'unrecorded' } : {}),
    },
  };
}

/**
 * The parent a note names that is not in its family on this board: its session as recorded here (who, which project)
 * and the newest note that session left in any project, so the page can open one of them.
 */
function externalParent(board: Board, note: NoteRecord): NoteDetail['externalParent'] {
  const id = note.parentSession;
  if (!id) return undefined;
  const record = nameProblem('session', id) ? undefined : readSession(board, id);
  let found: NoteRecord | undefined;
  // The parent session's own project first (where its notes are), else every project.
  const group = record ? projectGroup(board, record.projectKey) : undefined;
  for (const project of group ? [group, undefined] : [undefined]) {
    const { notes } = listNotes(board, { project, frontMatterOnly: true });
    for (const candidate of notes) {
      if (candidate.session === id && candidate.id !== note.id && (!found || candidate.id > found.id))
        found = candidate;
    }
    if (found) break;
  }
  return {
    session: id,
    recorded: record !== undefined,
    agent: record?.agent ?? found?.agent,
    harness: record?.harness ?? found?.harness,
    projectKey: record?.projectKey ?? found?.projectKey,
    note: found ? { id: found.id, title: found.title, projectKey: found.projectKey } : undefined,
  };
}

type Relatives = Pick<NoteDetail, 'parent' | 'children'>;

// Every note's place in its project's lineage, built once and kept while the project's note folders are unchanged
// (a note written, replaced or removed changes its folder) and the board watcher reported no change to notes (a
// note's front matter edited in place by hand): opening a note does not build the lineage again.
const lineageMemo = new Memo<Map<string, Relatives>>();

// Where the note sits in its family: the same lineage the timeline draws, so the links agree with it.
function relatives(board: Board, note: NoteRecord, changes: number): Relatives {
  const group = projectGroup(board, note.projectKey);
  const folders = folderStamp(
    group.map((key) => boardPath(board, NOTES_DIR, key)),
    0,
  );
  const stamp = `${folders}\n${changes}`;
  const all = lineageMemo.get(`${board.root}\0${group.join('\0')}`, stamp, () => lineageOf(board, group));
  return all.get(note.id) ?? { children: [] };
}

function lineageOf(board: Board, group: string[]): Map<string, Relatives> {
  const { notes } = listNotes(board, { project: group, frontMatterOnly: true });
  const { families } = buildTimeline(notes);
  const out = new Map<string, Relatives>();
  const stack: { node: TimelineNode; parent?: TimelineNode }[] = families.map((node) => ({ node }));
  while (stack.length > 0) {
    const { node, parent } = stack.pop()!;
    if (node.note) {
      out.set(node.note.id, {
        parent: parent?.note ? { id: parent.note.id, title: parent.note.title } : undefined,
        children: node.children
          .filter((child) => child.note)
          .map((child) => ({
            id: child.note!.id,
            title: child.note!.title,
            kind: child.kind === 'sub-agent' ? 'sub-agent' : 'main',
          })),
      });
    }
    for (const child of node.children) stack.push({ node: child, parent: node });
  }
  return out;
}

// A hand-written note may name a session that is no session name at all: then it has no record to read.
function recordedSession(board: Board, note: NoteRecord): SessionRecord | undefined {
  return nameProblem('session', note.session) ? undefined : readSession(board, note.session);
}

function continueNote({ board, params, body }: ApiContext): ContinueResult {
  const harness = stringField(body, 'harness', true);
  if (harness !== undefined && !isStartableHarness(harness)) {
    throw new ApiRefusal(400, 'invalid_input', `harness must be ${orList(HARNESS_NAMES)}`);
  }
  const continuation = prepareContinuation(board, params[0]!, { harness });
  return {
    harness: continuation.harness,
    text: continuation.text,
    command: shellLine(continuation.argv, { cwd: continuation.cwd, env: continuation.env }),
    cwd: continuation.cwd,
    textFile: continuation.textFile,
  };
}

// What the page is told of a plan (not where a draft's transcript is).
function supplementOf(plan: SupplementPlan): NoteDetail['supplement'] {
  return plan.mode === 'draft' ? { mode: plan.mode, why: plan.why, model: plan.model } : plan;
}

async function supplement({ board, params, body, person }: ApiContext): Promise<SupplementResult> {
  const note = readNote(board, params[0]!);
  const plan = planSupplement(board, note);
  const intent = stringField(body, 'intent', true);
  if (plan.mode === 'request') {
    const request = requestHandoff(board, {
      requestedBy: person,
      session: note.session,
      announced: false,
      intent: intent ?? `a supplementary handoff to note ${note.id} ("${note.title}")`,
    });
    return {
      mode: 'request',
      session: request.pending.session,
      expiresAt: request.pending.expiresAt,
      prompt: request.prompt,
    };
  }
  if (plan.mode === 'none') throw new BatonError('not_found', plan.why);
  const written = await writeSupplementaryHandoff(board, plan.source);
  return {
    mode: 'draft',
    note: { id: written.note.id, title: written.note.title },
    method: written.method,
    by: written.method === 'generated' ? `${written.provider} ${written.model}` : undefined,
  };
}
