// `baton read <note-id>` — a note as stored (control characters shown as escapes; `--json`: the parsed note, exact).
import { requireBoard } from '../../core/board/open-board.js';
import { visibleText } from '../../core/display/visible-text.js';
import { readNote, storedNoteText } from '../../core/notes/read.js';
import { cutLine } from '../../core/notes/result-head.js';
import { boardFromFlags, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton read <note-id> [--json]
  Prints a note as it is stored. Any unique start of a note id works (n-01JDX6…); see \`baton board\`.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseFor('read', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const id = positionals[0];
  if (!id) throw new UsageError('read needs a note id — see `baton board`');
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const note = readNote(board, id);
  if (note.degraded) {
    io.err(
      `baton: note ${note.id} is degraded (${visibleText(note.degraded, { singleLine: true })}) — shown as stored\n`,
    );
  }
  const cut = cutLine(note);
  if (cut) io.err(`baton: ${visibleText(cut, { singleLine: true })}\n`);
  if (flags.json) {
    printJson(io, { board: board.root, note });
    return 0;
  }
  io.out(visibleText(storedNoteText(board, note)));
  return 0;
}
