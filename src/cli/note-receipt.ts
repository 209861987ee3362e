// The receipt every note write prints (`handoff write`, `result write`, `handoff draft`, `handoff generate`): the
// note's line, its project, session and lineage, and its file — the same lines whatever wrote the note.
import type { Board } from '../core/board/open-board.js';
import { visibleText } from '../core/display/visible-text.js';
import type { NoteRecord } from '../core/notes/note.js';
import { listNotes } from '../core/notes/read.js';
import { lineageText, sessionText } from '../core/notes/timeline-text.js';
import { projectGroup } from '../core/sessions/project-aliases.js';
import type { Harness } from '../core/transcripts/digest.js';
import { harnessLabel } from '../harnesses/registry.js';

/** The harness a transcript came from, as a receipt says it. */
export function transcriptHarness(harness: Harness | undefined): string {
  return harness ? harnessLabel(harness) : 'unknown';
}

/** Where the note sits in its project's lineage (`first of its line`, `continues …`). */
export function writtenLineage(board: Board, note: NoteRecord): string {
  return lineageText(
    note,
    listNotes(board, { project: projectGroup(board, note.projectKey), frontMatterOnly: true }).notes,
  );
}

/**
 * The receipt's lines: `wrote <id> "<title>" (<kind>, <provenance>, <n> files)<how>`, then project · session (or
 * `no session`) · lineage, then `more` (lines of its own), then the file. Text from the board is shown on one line,
 * escaped.
 */
export function receiptText(
  note: NoteRecord,
  path: string,
  lineage: string,
  options: { how?: string; more?: string[] } = {},
): string {
  const show = (text: string) => visibleText(text, { singleLine: true });
  const files = note.files.length === 1 ? '1 file' : `${note.files.length} files`;
  const count = note.artifacts.length;
  const artifacts = count === 0 ? '' : count === 1 ? ', 1 artifact' : `, ${count} artifacts`;
  return (
    `wrote ${note.id} "${show(note.title)}" (${note.kind}, ${note.provenance}, ${files}${artifacts})${options.how ?? ''}\n` +
    `  project ${note.projectKey} · ${sessionText(note, 8)} · ${show(lineage)}\n` +
    (options.more ?? []).map((line) => `  ${line}\n`).join('') +
    `  ${show(path)}\n`
  );
}

/** The JSON fields a receipt from a transcript (draft, generate) starts with. */
export function transcriptReceipt(
  board: Board,
  result: { note: NoteRecord; path: string; transcript: string; redacted: number },
) {
  const { note } = result;
  return {
    id: note.id,
    path: result.path,
    project: note.projectKey,
    title: note.title,
    session: note.session,
    parentSession: note.parentSession,
    agent: note.agent,
    harness: note.harness,
    provenance: note.provenance,
    transcript: note.transcriptPath ?? board.redact(result.transcript).text,
    files: note.files,
    redacted: result.redacted,
  };
}
