// Markdown text → a small tree of blocks (pure, DOM-free; `markdown.tsx` maps it to elements). Board text is hostile:
// HTML is never recognised (it stays text), the input is capped, and containers nest at most MAX_DEPTH deep.
import { type Inline, parseInline } from './markdown-inline.js';

export { type Inline, MAX_NEST } from './markdown-inline.js';
export { safeHref } from './markdown-url.js';

/** Characters parsed; the rest is dropped and a `truncated` block says so. */
export const MAX_INPUT = 200_000;
/** Quotes and lists nest at most this deep; deeper markers show as text. */
export const MAX_DEPTH = 16;
const MAX_COLUMNS = 64;

export type Align = 'left' | 'center' | 'right' | undefined;
export interface Item {
  /** undefined: not a task item. */
  checked?: boolean;
  children: Block[];
}
export type Block =
  | { t: 'heading'; level: number; children: Inline[] }
  | { t: 'paragraph'; children: Inline[] }
  | { t: 'code'; info: string; text: string }
  | { t: 'quote'; children: Block[] }
  | { t: 'list'; ordered: boolean; start: number; tight: boolean; items: Item[] }
  | { t: 'hr' }
  | { t: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  | { t: 'truncated' };

/** The heading level to render for a `#` level: one smaller, so a note's `#` never outweighs the page (cap h6). */
export function shownLevel(level: number): 2 | 3 | 4 | 5 | 6 {
  return Math.min(Math.max(level + 1, 2), 6) as 2 | 3 | 4 | 5 | 6;
}

export function parseMarkdown(text: string): Block[] {
  let end = Math.min(text.length, MAX_INPUT);
  if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1]!)) end--;
  const source = text.slice(0, end).replace(/\r\n?/g, '\n').replaceAll('\0', '\ufffd');
  const blocks = parseBlocks(source.split('\n'), 0);
  if (end < text.length) blocks.push({ t: 'truncated' });
  return blocks;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?=[ \t]|$)/;
const QUOTE = /^ {0,3}> ?/;
const BULLET = /^( {0,3})([-+*])([ \t]+|$)/;
const ORDERED = /^( {0,3})(\d{1,9})([.)])([ \t]+|$)/;
const TASK = /^\[([ xX])\](?:[ \t]+|$)/;

function parseBlocks(lines: string[], depth: number): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line)) i++;
    else if (indentOf(line) >= 4) i = indentedCode(lines, i, out);
    else if (fence(line)) i = fencedCode(lines, i, out);
    else if (HEADING.test(line)) {
      out.push({
        t: 'heading',
        level: HEADING.exec(line)![1]!.length,
        children: parseInline(headingText(line)),
      });
      i++;
    } else if (isHr(line)) {
      out.push({ t: 'hr' });
      i++;
    } else if (depth < MAX_DEPTH && QUOTE.test(line)) i = quote(lines, i, depth, out);
    else if (depth < MAX_DEPTH && listMarker(line)) i = list(lines, i, depth, out);
    else if (isTableStart(lines, i)) i = table(lines, i, out);
    else i = paragraph(lines, i, out);
  }
  return out;
}

function isBlank(line: string): boolean {
  return /^[ \t]*$/.test(line);
}

/** Leading whitespace in columns (a tab reaches the next multiple of 4). */
function indentOf(line: string): number {
  let col = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === ' ') col++;
    else if (line[i] === '\t') col += 4 - (col % 4);
    else break;
  }
  return col;
}

/** Removes up to n columns of leading whitespace. */
function dedent(line: string, n: number): string {
  let col = 0;
  let i = 0;
  for (; i < line.length && col < n; i++) {
    if (line[i] === ' ') col++;
    else if (line[i] === '\t') {
      const width = 4 - (col % 4);
      if (col + width > n) return ' '.repeat(col + width - n) + line.slice(i + 1);
      col += width;
    } else break;
  }
  return line.slice(i);
}

function fence(line: string): RegExpExecArray | undefined {
  const m = FENCE.exec(line);
  return m && !(m[2]!.startsWith('`') && m[3]!.includes('`')) ? m : undefined;
}

function isHr(line: string): boolean {
  if (indentOf(line) >= 4) return false;
  const marks = line.replace(/[ \t]/g, '');
  return marks.length >= 3 && /^(?:-+|\*+|_+)$/.test(marks);
}

interface Marker {
  indent: number;
  ordered: boolean;
  delim: string;
  start: number;
  content: number;
  rest: string;
}

function listMarker(line: string): Marker | undefined {
  const m = BULLET.exec(line) ?? ORDERED.exec(line);
  if (!m) return undefined;
  const ordered = m.length === 5;
  const indent = m[1]!.length;
  const width = indent + m[2]!.length + (ordered ? 1 : 0);
  const gap = m[ordered ? 4 : 3]!;
  const gapCols = indentOf(`${' '.repeat(width)}${gap}x`) - width;
  const rest = line.slice(m[0].length);
  const content = rest === '' ? width + 1 : gapCols > 4 ? width + 1 : width + gapCols;
  return {
    indent,
    ordered,
    delim: ordered ? m[3]! : m[2]!,
    start: ordered ? Number(m[2]) : 1,
    content,
    rest,
  };
}

/** Whether a line ends a paragraph (before it) instead of continuing it. */
function interrupts(lines: string[], i: number): boolean {
  const line = lines[i]!;
  if (isBlank(line)) return true;
  if (indentOf(line) >= 4) return false;
  if (fence(line) || HEADING.test(line) || isHr(line) || QUOTE.test(line) || isTableStart(lines, i))
    return true;
  const m = listMarker(line);
  return m !== undefined && m.rest.trim() !== '' && (!m.ordered || m.start === 1);
}

function headingText(line: string): string {
  const s = line.replace(HEADING, '').trim();
  let j = s.length;
  while (j > 0 && s[j - 1] === '#') j--;
  if (j === 0) return '';
  return s[j - 1] === ' ' || s[j - 1] === '\t' ? s.slice(0, j).trimEnd() : s;
}

function indentedCode(lines: string[], i: number, out: Block[]): number {
  const body: string[] = [];
  while (i < lines.length && (isBlank(lines[i]!) || indentOf(lines[i]!) >= 4))
    body.push(dedent(lines[i++]!, 4));
  while (body.length > 0 && isBlank(body.at(-1)!)) {
    body.pop();
    i--;
  }
  out.push({ t: 'code', info: '', text: body.join('\n') });
  return i;
}

function fencedCode(lines: string[], i: number, out: Block[]): number {
  const m = fence(lines[i]!)!;
  const indent = m[1]!.length;
  const marks = m[2]!;
  const body: string[] = [];
  for (i++; i < lines.length; i++) {
    const close = FENCE.exec(lines[i]!);
    if (close && close[2]!.startsWith(marks) && isBlank(close[3]!)) {
      i++;
      break;
    }
    body.push(dedent(lines[i]!, indent));
  }
  out.push({ t: 'code', info: m[3]!.trim(), text: body.join('\n') });
  return i;
}

function quote(lines: string[], i: number, depth: number, out: Block[]): number {
  const inner: string[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const m = QUOTE.exec(line);
    if (m) inner.push(line.slice(m[0].length));
    else if (inner.length > 0 && !isBlank(inner.at(-1)!) && !interrupts(lines, i)) inner.push(line);
    else break;
  }
  out.push({ t: 'quote', children: parseBlocks(inner, depth + 1) });
  return i;
}

function list(lines: string[], i: number, depth: number, out: Block[]): number {
  const first = listMarker(lines[i]!)!;
  const items: Item[] = [];
  let tight = true;
  while (i < lines.length) {
    const m = listMarker(lines[i]!);
    if (!m || m.ordered !== first.ordered || m.delim !== first.delim || isHr(lines[i]!)) break;
    const body = [m.rest];
    for (i++; i < lines.length; i++) {
      const line = lines[i]!;
      const indent = indentOf(line);
      if (isBlank(line)) body.push('');
      else if (indent > m.indent) body.push(dedent(line, Math.min(indent, m.content)));
      else if (!isBlank(body.at(-1)!) && !listMarker(line) && !interrupts(lines, i))
        body.push(line.trimStart());
      else break;
    }
    let blanks = 0;
    while (body.length > 1 && isBlank(body.at(-1)!)) {
      body.pop();
      blanks++;
    }
    const task = TASK.exec(body[0]!);
    if (task) body[0] = body[0]!.slice(task[0].length);
    const children = parseBlocks(body, depth + 1);
    if (children.length > 1 && body.some(isBlank)) tight = false;
    const more = i < lines.length && listMarker(lines[i]!);
    if (blanks > 0 && more) tight = false;
    items.push(task ? { checked: task[1] !== ' ', children } : { children });
  }
  out.push({ t: 'list', ordered: first.ordered, start: first.start, tight, items });
  return i;
}

function cells(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const out: string[] = [];
  let from = 0;
  let cell = '';
  for (let i = 0; i < s.length && out.length < MAX_COLUMNS; i++) {
    if (s[i] === '\\' && s[i + 1] === '|') {
      cell += `${s.slice(from, i)}|`;
      from = ++i + 1;
    } else if (s[i] === '|') {
      out.push((cell + s.slice(from, i)).trim());
      cell = '';
      from = i + 1;
    }
  }
  if (out.length < MAX_COLUMNS) out.push((cell + s.slice(from)).trim());
  return out;
}

function isTableStart(lines: string[], i: number): boolean {
  const head = lines[i]!;
  const rule = lines[i + 1];
  if (rule === undefined || !head.includes('|') || !rule.includes('|') || indentOf(head) >= 4) return false;
  const marks = cells(rule);
  return marks.every((c) => /^:?-+:?$/.test(c)) && marks.length === cells(head).length;
}

function table(lines: string[], i: number, out: Block[]): number {
  const head = cells(lines[i]!);
  const align: Align[] = cells(lines[i + 1]!).map((c) =>
    c.startsWith(':') && c.endsWith(':')
      ? 'center'
      : c.endsWith(':')
        ? 'right'
        : c.startsWith(':')
          ? 'left'
          : undefined,
  );
  const rows: Inline[][][] = [];
  for (i += 2; i < lines.length && !interrupts(lines, i); i++) {
    const row = cells(lines[i]!);
    rows.push(head.map((_, c) => parseInline(row[c] ?? '')));
  }
  out.push({ t: 'table', align, head: head.map(parseInline), rows });
  return i;
}

function paragraph(lines: string[], i: number, out: Block[]): number {
  const start = i;
  for (i++; i < lines.length && !interrupts(lines, i); i++);
  const text = lines.slice(start, i).map((line) => line.trimStart());
  out.push({ t: 'paragraph', children: parseInline(text.join('\n').trimEnd()) });
  return i;
}
