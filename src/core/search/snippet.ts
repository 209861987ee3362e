// A search hit's snippet: a few lines of the record's Markdown around the first match, kept as lines (a bullet stays
// a bullet, a heading a heading, a code span in its backticks), long lines cut around the match, no raw HTML; and
// where the matched words lie in it, for highlighting.
import { termSpans } from './tokens.js';

/** `[start, end)` in UTF-16 code units of the text it belongs to. */
export type Range = [number, number];

export interface Snippet {
  /** One to SNIPPET_LINES lines, joined by `\n`. */
  text: string;
  ranges: Range[];
}

/**
 * Lines a snippet shows at most: the matching line, the one before it (often its heading), the one after (unless it
 * is a heading: it belongs to the next section).
 */
export const SNIPPET_LINES = 3;
/** Characters of one line shown at most. */
export const LINE_CHARS = 160;
const MAX_RANGES = 64;
// Characters kept before a match when its line is cut.
const LEAD = 50;

const HEADING = /^\s{0,3}#{1,6}\s/;
const FENCE = /^\s*(`{3,}|~{3,})/;
const MARKER = /^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)/;
// Tags and comments, not what merely looks like a comparison (`a < b`).
const HTML = /<!--[\s\S]*?(-->|$)|<\/?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?\/?>/g;

/** Where the words of `terms` (as the index keeps them: tokens.ts) lie in `text`. */
export function rangesOf(text: string, terms: ReadonlySet<string>): Range[] {
  const out: Range[] = [];
  if (terms.size === 0) return out;
  for (const span of termSpans(text)) {
    if (!terms.has(span.term)) continue;
    const last = out[out.length - 1];
    // Adjacent CJK characters are one highlighted run.
    if (last && last[1] === span.start) last[1] = span.end;
    else out.push([span.start, span.end]);
    if (out.length >= MAX_RANGES) break;
  }
  return out;
}

/**
 * The snippet of `text` for a hit on `terms`: the first line holding one of them with the line before and after it;
 * when no line does (the title or a name matched), the first lines of the text. A line that is the title is skipped.
 */
export function snippetOf(text: string, terms: ReadonlySet<string>, title = ''): Snippet {
  // A line that only repeats the title (a result's task) says nothing the title does not.
  const lines = shownLines(text).filter((line) => line.trim() !== title.trim());
  let at = -1;
  for (let i = 0; i < lines.length && at < 0; i++) if (holds(lines[i]!, terms)) at = i;
  const picked =
    at < 0
      ? lines.slice(0, SNIPPET_LINES).map((line) => cutLine(line, 0))
      : [
          ...(at > 0 ? [cutLine(lines[at - 1]!, 0)] : []),
          cutLine(lines[at]!, rangesOf(lines[at]!, terms)[0]![0]),
          ...(at + 1 < lines.length ? [cutLine(lines[at + 1]!, 0)] : []),
        ].slice(0, SNIPPET_LINES);
  // A heading at the end belongs to what follows, not to the match.
  while (picked.length > 1 && HEADING.test(picked[picked.length - 1]!)) picked.pop();
  const shown = picked.join('\n');
  return { text: shown, ranges: rangesOf(shown, terms) };
}

// Whether `line` holds one of `terms` as a word: a quick look for the letters first (most lines hold none).
function holds(line: string, terms: ReadonlySet<string>): boolean {
  const lower = line.toLowerCase();
  for (const term of terms) if (lower.includes(term)) return rangesOf(line, terms).length > 0;
  return false;
}

// The text's lines worth showing: no blank lines, no code fences, no HTML, tabs as spaces, indentation kept short.
function shownLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.replace(HTML, '').split('\n')) {
    if (FENCE.test(raw)) continue;
    const line = raw
      .replace(/\t/g, '  ')
      .replace(/^ {5,}/, '    ')
      .trimEnd();
    if (line.trim() !== '') out.push(line);
  }
  return out;
}

/** A line of at most LINE_CHARS, cut around `from` (a match) when it is longer; its Markdown marker is kept. */
function cutLine(line: string, from: number): string {
  if (line.length <= LINE_CHARS) return line;
  const marker = MARKER.exec(line)?.[0] ?? '';
  let start = Math.max(marker.length, from - LEAD);
  // Not in the middle of a word (nor of a surrogate pair).
  while (start > marker.length && /[\p{L}\p{N}]/u.test(line[start - 1]!) && from - start < LEAD + 20) start--;
  if (start <= marker.length + 1) start = marker.length;
  const room = LINE_CHARS - marker.length - (start > marker.length ? 1 : 0) - 1;
  let end = Math.min(line.length, start + room);
  if (end < line.length && /[\uDC00-\uDFFF]/.test(line[end] ?? '')) end--;
  if (start < line.length && /[\uDC00-\uDFFF]/.test(line[start] ?? '')) start++;
  return `${marker}${start > marker.length ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
}
