import { readNote, storedNoteText } from '../../core/notes/read.js';
import { TextFile } from './json.js';
import type { ApiContext } from './router.js';

/**
 * Characters of a body the page gets: what its Markdown renderer parses (page/markdown-parse.ts MAX_INPUT), so a
 * 4 MiB result costs the page 200,000 characters to render and the rest waits behind GET /notes/<id>/raw.
 */
const BODY_SHOWN = 200_000;

/** The body whole up to BODY_SHOWN characters, else its start (never half of a surrogate pair). */
export function shownBody(body: string): string {
  if (body.length <= BODY_SHOWN) return body;
  const end = /[\ud800-\udbff]/.test(body[BODY_SHOWN - 1]!) ? BODY_SHOWN - 1 : BODY_SHOWN;
  return body.slice(0, end);
}

/** GET /notes/<id>/raw: the note file as stored (as `baton read` prints it, without escapes: it is text/plain). */
export function rawNote({ board, params, query }: ApiContext): TextFile {
  const note = readNote(board, params[0]!);
  return new TextFile(storedNoteText(board, note), `${note.id}.md`, query.get('download') === '1');
}
