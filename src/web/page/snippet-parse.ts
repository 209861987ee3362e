// A search snippet's Markdown lines as a reader sees them: a heading without its #s (shown as a heading), a bullet as
// •, a task box as ☐/☑, bold, emphasis and code spans without their markers, a link as its text. Each piece keeps
// where its text lies in the snippet the server sent, so the matched words it marked stay marked. Nothing becomes
// HTML: the pieces are text for the page to put in elements.

/** `[start, end)` in the snippet's text. */
export type Span = readonly [number, number];

export interface SnippetPiece {
  text: string;
  /** Where `text` starts in the snippet; -1 for text the page adds (a bullet's •), which is never marked. */
  at: number;
  strong?: true;
  em?: true;
  code?: true;
}

export interface SnippetLine {
  heading: boolean;
  pieces: SnippetPiece[];
}

const HEADING = /^\s{0,3}#{1,6}\s+/;
const QUOTE = /^\s{0,3}>\s?/;
const BULLET = /^(\s*)[-*+]\s+(?:\[([ xX])\]\s+)?/;
const LINK = /^\[([^\]\n]{1,300})\]\([^)\s]{1,2000}\)/;
const WORD = /[\p{L}\p{N}]/u;

/** The snippet `text` (lines joined by \n) as lines of pieces. */
export function snippetLines(text: string): SnippetLine[] {
  const lines: SnippetLine[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    lines.push(parseLine(line, offset));
    offset += line.length + 1;
  }
  return lines;
}

function parseLine(line: string, offset: number): SnippetLine {
  const pieces: SnippetPiece[] = [];
  let rest = 0;
  const heading = HEADING.exec(line);
  if (heading) rest = heading[0].length;
  else {
    const quote = QUOTE.exec(line);
    if (quote) rest = quote[0].length;
    const bullet = BULLET.exec(line.slice(rest));
    if (bullet) {
      const box = bullet[2] === undefined ? '•' : bullet[2] === ' ' ? '☐' : '☑';
      pieces.push({ text: `${bullet[1]}${box} `, at: -1 });
      rest += bullet[0].length;
    }
  }
  inline(line, rest, offset, pieces);
  return { heading: heading !== null, pieces };
}

// Code spans, bold, emphasis and links, each closed on the same line; an unclosed marker is text.
function inline(line: string, from: number, offset: number, pieces: SnippetPiece[]): void {
  let plain = from;
  const flush = (to: number) => {
    if (to > plain) pieces.push({ text: line.slice(plain, to), at: offset + plain });
  };
  let i = from;
  while (i < line.length) {
    const c = line[i]!;
    if (c === '`') {
      const run = runOf(line, i, '`');
      const close = line.indexOf('`'.repeat(run), i + run);
      if (close > i + run) {
        flush(i);
        pieces.push({ text: line.slice(i + run, close), at: offset + i + run, code: true });
        i = close + run;
        plain = i;
        continue;
      }
      i += run;
      continue;
    }
    if (c === '*' || c === '_') {
      // A doubled marker is bold, a single one emphasis.
      const width = line[i + 1] === c ? 2 : 1;
      const marker = c.repeat(width);
      const close = line.indexOf(marker, i + width);
      if (
        close > i + width &&
        (width === 2 || line[close + 1] !== c) &&
        opens(line, i, width) &&
        closes(line, close, width)
      ) {
        flush(i);
        const text = line.slice(i + width, close);
        pieces.push(
          width === 2 ? { text, at: offset + i + 2, strong: true } : { text, at: offset + i + 1, em: true },
        );
        i = close + width;
        plain = i;
        continue;
      }
      i += width;
      continue;
    }
    if (c === '[') {
      const link = LINK.exec(line.slice(i));
      if (link) {
        flush(i);
        pieces.push({ text: link[1]!, at: offset + i + 1 });
        i += link[0].length;
        plain = i;
        continue;
      }
    }
    i += 1;
  }
  flush(line.length);
}

function runOf(line: string, at: number, char: string): number {
  let end = at;
  while (line[end] === char) end++;
  return end - at;
}

// A marker opens before a non-space that follows no letter or digit (snake_case stays as written), and closes after
// a non-space that no letter or digit follows.
function opens(line: string, at: number, width: number): boolean {
  const before = line[at - 1];
  const after = line[at + width];
  return after !== undefined && !/\s/.test(after) && (before === undefined || !WORD.test(before));
}

function closes(line: string, at: number, width: number): boolean {
  const before = line[at - 1];
  const after = line[at + width];
  return before !== undefined && !/\s/.test(before) && (after === undefined || !WORD.test(after));
}

/** `piece` cut where `ranges` (sorted, from the server) start and end: each part with whether it is marked. */
export function markedParts(
  piece: SnippetPiece,
  ranges: readonly Span[],
): { text: string; marked: boolean }[] {
  if (piece.at < 0) return [{ text: piece.text, marked: false }];
  const start = piece.at;
  const end = piece.at + piece.text.length;
  const parts: { text: string; marked: boolean }[] = [];
  let at = start;
  for (const [from, to] of ranges) {
    if (!Number.isInteger(from) || !Number.isInteger(to) || to <= from) continue;
    const a = Math.max(from, at);
    const b = Math.min(to, end);
    if (b <= a) continue;
    if (a > at) parts.push({ text: piece.text.slice(at - start, a - start), marked: false });
    parts.push({ text: piece.text.slice(a - start, b - start), marked: true });
    at = b;
  }
  if (at < end) parts.push({ text: piece.text.slice(at - start), marked: false });
  return parts;
}
