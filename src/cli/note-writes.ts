// What `baton handoff write` and `baton result write` share: the body they read and the receipt they print.
import type { Board } from '../core/board/open-board.js';
import { BatonError, isBatonError } from '../core/errors.js';
import type { WriteHandoffResult } from '../core/notes/write.js';
import { RESULT_LIMITS } from '../core/notes/write-result.js';
import { readNamedFile } from '../core/store/read-file.js';
import { printJson } from './board-flags.js';
import { type CliIO, RESULT_STDIN_LIMIT, UsageError } from './io.js';
import { receiptText, writtenLineage } from './note-receipt.js';

/** The largest note file or stdin accepted (the note's own limit is in characters; this bounds the read). */
export const BODY_BYTES = 1024 * 1024;

/** A note's body from stdin, or from `--file` when given, at most `maxBytes`. */
export async function readNoteInput(
  io: CliIO,
  file: string | undefined,
  maxBytes = BODY_BYTES,
): Promise<string> {
  if (file === undefined) return io.readStdin(maxBytes);
  // A remote client's --file names a file on its own machine (the policy refuses it before this).
  if (io.remote) throw new UsageError('--file does not apply over BATON_URL — pipe the text on stdin');
  const read = readNamedFile(file, maxBytes);
  if (read.ok) return read.text;
  const why = read.missing
    ? 'does not exist'
    : read.reason.startsWith('is ')
      ? read.reason
      : `is ${read.reason}`;
  throw new UsageError(`cannot read --file ${file}: it ${why}`);
}

/** A result's input (stdin or `--file`), at most RESULT_STDIN_LIMIT; more is refused and nothing is written. */
export async function readResultInput(io: CliIO, file: string | undefined): Promise<string> {
  try {
    return await readNoteInput(io, file, RESULT_STDIN_LIMIT);
  } catch (error) {
    if (!isBatonError(error, 'too_large')) throw error;
    throw new BatonError(
      'too_large',
      `stdin is larger than ${RESULT_STDIN_LIMIT / 1024 / 1024} MiB — nothing was written; a result note keeps ${RESULT_LIMITS.bodyBytes / 1024 / 1024} MiB whole and the head of a longer one: save the output to a file and pipe its start (\`head -c 4M out.md | baton result write\`)`,
    );
  }
}

/** The receipt of a written note: id, project, title, lineage; `--json` prints the whole result. */
export function printReceipt(io: CliIO, board: Board, result: WriteHandoffResult, json = false): void {
  const lineage = writtenLineage(board, result.note);
  if (json) {
    printJson(io, { board: board.root, ...result, lineage });
    return;
  }
  io.out(receiptText(result.note, result.path, lineage));
  if (result.redacted > 0) {
    io.err(
      `redacted ${result.redacted} credential span(s) before storing: ${result.redactedKinds.join(', ')}\n`,
    );
  }
}
