// What `baton handoff write` and `baton result write` share: the body they read and the receipt they print.
import type { Board } from '../core/board/open-board.js';
import { visibleText } from '../core/display/visible-text.js';
import { listNotes } from '../core/notes/read.js';
import { lineageText } from '../core/notes/timeline-text.js';
import type { WriteHandoffResult } from '../core/notes/write.js';
import { readNamedFile } from '../core/store/read-file.js';
import { printJson } from './board-flags.js';
import { type CliIO, UsageError } from './io.js';

/** The largest note file or stdin accepted (the note's own limit is in characters; this bounds the read). */
export const BODY_BYTES = 1024 * 1024;

/** A note's body from stdin, or from `--file` when given. */
export async function readNoteInput(io: CliIO, file: string | undefined): Promise<string> {
  if (file === undefined) return io.readStdin(BODY_BYTES);
  const read = readNamedFile(file, BODY_BYTES);
  if (read.ok) return read.text;
  throw new UsageError(`cannot read --file ${file}: it ${read.missing ? 'does not exist' : read.reason}`);
}

/** The receipt of a written note: id, project, title, lineage; `--json` prints the whole result. */
export function printReceipt(io: CliIO, board: Board, result: WriteHandoffResult, json = false): void {
  const { note } = result;
  const lineage = lineageText(
    note,
    listNotes(board, { project: note.projectKey, frontMatterOnly: true }).notes,
  );
  if (json) {
    printJson(io, { board: board.root, ...result, lineage });
    return;
  }
  const show = (text: string) => visibleText(text, { singleLine: true });
  const files = note.files.length === 1 ? '1 file' : `${note.files.length} files`;
  io.out(
    `wrote ${note.id} "${show(note.title)}" (${note.kind}, ${note.provenance}, ${files})\n` +
      `  project ${note.projectKey} · session ${show(note.session.slice(0, 8))} · ${show(lineage)}\n` +
      `  ${show(result.path)}\n`,
  );
  if (result.redacted > 0) {
    io.err(
      `redacted ${result.redacted} credential span(s) before storing: ${result.redactedKinds.join(', ')}\n`,
    );
  }
}
