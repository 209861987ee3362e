// The text of a card file: entry headings, escaping of heading-like body lines, and parsing a card back.
//
// A card file is front matter (id, title, created_by, created_at) and then entries, each
//   `### e-<id> · <type> · <author> · <ISO time>`, a blank line, the body, a blank line.
// Only a line that starts exactly with `### e-` is an entry heading. Escaping (mbox "From " quoting, made
// reversible): a body line that starts with zero or more backslashes and then `### e-` is stored with one more
// backslash in front (`\### e-…`) and read back with one fewer, so a body can never split an entry and reads
// back byte for byte. `\###` is also Markdown's own escape, so `cat` and renderers both show the literal line.
// Text between the front matter and the first entry (a person's note) is allowed and left alone.
import { parseRecord } from '../store/front-matter.js';
import { nameProblem } from '../store/names.js';
import { type CardEntry, isEntryType, normalizeBody } from './card.js';

const HEADING_START = '### e-';
const HEADING = /^### (e-[0-9A-HJKMNP-TV-Z]{26}) · (\S+) · (\S+) · (\S+)[ \t]*\r?$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
// Only `\n` starts a line here (the parser splits on it): `\r`, U+2028 or U+2029 before `### e-` is body text.
const NEEDS_ESCAPE = /(^|\n)(\\*### e-)/g;
const ESCAPED = /^\\(\\*### e-)/;

export interface CardHead {
  title: string;
  createdBy: string;
  createdAt: string;
}

export type CardParse =
  | { ok: true; head: CardHead; entries: CardEntry[] }
  /** What could be read is still given (for `readCard` on a hand-broken file). */
  | { ok: false; reason: string; head: Partial<CardHead>; entries: CardEntry[] };

export function escapeBody(body: string): string {
  return body.replace(NEEDS_ESCAPE, '$1\\$2');
}

export function unescapeLine(line: string): string {
  return line.replace(ESCAPED, '$1');
}

export function entryHeading(entry: Omit<CardEntry, 'body'>): string {
  return `### ${entry.id} · ${entry.type} · ${entry.author} · ${entry.at}`;
}

/** The bytes appended to a card for one entry (body already redacted and normalised). */
export function renderEntry(entry: CardEntry): string {
  return `\n${entryHeading(entry)}\n\n${escapeBody(entry.body)}\n`;
}

/** `text` with `entry` appended; a hand-edited file missing its final newline gets one first. */
export function appendEntryText(text: string, entry: CardEntry): string {
  return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${renderEntry(entry)}`;
}

/** Parses a card file. Never throws; `fileId` (from the file name) must match the front-matter id when given. */
export function parseCardText(text: string, fileId?: string): CardParse {
  const record = parseRecord(text);
  if (!record.ok) return { ok: false, reason: `front matter: ${record.reason}`, head: {}, entries: [] };
  const f = record.fields;
  const head: Partial<CardHead> = {
    title: stringField(f.title),
    createdBy: stringField(f.created_by),
    createdAt: stringField(f.created_at),
  };
  const fail = (reason: string, entries: CardEntry[] = []): CardParse => ({
    ok: false,
    reason,
    head,
    entries,
  });
  const id = stringField(f.id);
  if (!id) return fail('front matter has no "id"');
  if (fileId !== undefined && id !== fileId)
    return fail(`front matter id ${id} does not match the file name (${fileId})`);
  if (!head.title) return fail('front matter has no "title"');

  const firstLine = countNewlines(text, text.length - record.body.length) + 1;
  const entries: CardEntry[] = [];
  const seen = new Set<string>();
  let current: { entry: Omit<CardEntry, 'body'>; lines: string[] } | undefined;
  const close = () => {
    if (current) entries.push({ ...current.entry, body: normalizeBody(current.lines.join('\n')) });
  };
  const lines = record.body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith(HEADING_START)) {
      current?.lines.push(unescapeLine(line));
      continue;
    }
    const heading = parseHeading(line);
    if (typeof heading === 'string') {
      close();
      return fail(`line ${firstLine + i}: ${heading}`, entries);
    }
    if (seen.has(heading.id)) {
      close();
      return fail(`line ${firstLine + i}: entry ${heading.id} appears twice`, entries);
    }
    seen.add(heading.id);
    close();
    current = { entry: heading, lines: [] };
  }
  close();
  return {
    ok: true,
    head: { title: head.title, createdBy: head.createdBy ?? '', createdAt: head.createdAt ?? '' },
    entries,
  };
}

function parseHeading(line: string): Omit<CardEntry, 'body'> | string {
  const shape = `"${line.slice(0, 60)}" is not an entry heading (### e-<id> · <type> · <author> · <time>)`;
  const match = HEADING.exec(line);
  if (!match) return shape;
  const [, id, type, author, at] = match as unknown as [string, string, string, string, string];
  if (!isEntryType(type)) return `${shape}: unknown type "${type}"`;
  if (nameProblem('agent', author)) return `${shape}: bad author "${author}"`;
  if (!ISO_TIME.test(at) || Number.isNaN(Date.parse(at))) return `${shape}: bad time "${at}"`;
  return { id, type, author, at };
}

function stringField(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  return undefined;
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
