// A result longer than a note keeps whole: its head, cut at a line's end, then a closing notice giving the full size
// and where the whole deliverable is. The front matter says it too (`truncated: true`, `fullBytes`), so readers can.
import type { NoteRecord } from './note.js';

/** A head ends at the last line end within this many bytes of its limit, else at the last space or tab there. */
const BOUNDARY_WINDOW = 64 * 1024;

export interface ResultCut {
  /** UTF-8 bytes of the deliverable as it was given. */
  fullBytes: number;
  /** UTF-8 bytes of the head kept (before the notice). */
  keptBytes: number;
  /** Over the size a note keeps whole, or (a body made of short secrets) lengthened past a note file by redaction. */
  reason: 'size' | 'redaction';
  /** Where the whole deliverable can be read (a transcript, a file); undefined when baton never saw it stored. */
  wholeAt?: string;
}

/**
 * The first at most `maxBytes` UTF-8 bytes of `text`, never inside a character, ending at a line's end (else a
 * space) when one is within 64 KiB of the limit: a token cut in two could slip past the redactor, a line cannot.
 */
export function headOf(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  const floor = end - BOUNDARY_WINDOW;
  const line = bytes.lastIndexOf(0x0a, end - 1);
  const space = Math.max(bytes.lastIndexOf(0x20, end - 1), bytes.lastIndexOf(0x09, end - 1));
  if (line >= 0 && line >= floor) end = line + 1;
  else if (space >= 0 && space >= floor) end = space + 1;
  return bytes.toString('utf8', 0, end);
}

const count = (n: number) => n.toLocaleString('en-US');

/** The paragraph that closes a head: what was cut, the full size, and where the whole is. Markdown, one line. */
export function cutNotice(cut: ResultCut, limitBytes: number): string {
  const why =
    cut.reason === 'size'
      ? `The deliverable was ${count(cut.fullBytes)} bytes, more than the ${count(limitBytes)} bytes (${limitBytes / 1024 / 1024} MiB) a result note keeps whole`
      : `The deliverable (${count(cut.fullBytes)} bytes) grew past what a note file holds once its credentials were redacted`;
  const whole = cut.wholeAt ? `The whole deliverable is in ${cut.wholeAt}` : 'baton kept no copy of the rest';
  return `\n\n---\n\n**[baton] This result was cut to its head.** ${why}, so only its first ${count(cut.keptBytes)} bytes are above. ${whole}.\n`;
}

/** What a writer tells whoever wrote a result it cut: one line, the sizes and where the whole is. */
export function cutSummary(cut: ResultCut, limitBytes: number): string {
  const why =
    cut.reason === 'size'
      ? `the result is ${count(cut.fullBytes)} bytes, more than the ${limitBytes / 1024 / 1024} MiB a note keeps whole`
      : `the result (${count(cut.fullBytes)} bytes) grew past what a note file holds once redacted`;
  const whole = cut.wholeAt ? `the whole is in ${cut.wholeAt}` : 'baton kept no copy of the rest';
  return `${why}: the note keeps its first ${count(cut.keptBytes)} bytes (truncated: true, status degraded unless error); ${whole}`;
}

/** For a note that holds the head of a longer result: one line saying so, for readers to print with it. */
export function cutLine(note: NoteRecord): string | undefined {
  if (!note.truncated) return undefined;
  const size = note.fullBytes === undefined ? '' : ` of ${count(note.fullBytes)} bytes`;
  const whole = note.transcriptPath ? `; the whole is in the transcript ${note.transcriptPath}` : '';
  return `note ${note.id} holds only the head of a longer result${size} (truncated: true)${whole}`;
}
