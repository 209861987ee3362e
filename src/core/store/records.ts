// The one path every stored body takes: redact, format, write atomically — so redaction holds on every write.
import type { Board } from '../board/open-board.js';
import { writeFileAtomic } from './atomic-write.js';
import { type FieldValue, formatRecord } from './front-matter.js';

export interface Redacted<T> {
  value: T;
  /** Number of credential spans replaced by `[REDACTED:<kind>]`. */
  redacted: number;
  kinds: string[];
}

/** Redacts free text (bodies, subjects, titles) before it is stored or shown to another agent. */
export function redactText(board: Board, text: string): Redacted<string> {
  const result = board.redact(text);
  return { value: result.text, redacted: result.count, kinds: result.kinds };
}

/** Redacts every string (and string list item) of a record's fields. */
export function redactFields<T extends Record<string, FieldValue | undefined>>(
  board: Board,
  fields: T,
): Redacted<T> {
  const out: Record<string, FieldValue | undefined> = {};
  let redacted = 0;
  const kinds = new Set<string>();
  const take = (text: string): string => {
    const result = board.redact(text);
    redacted += result.count;
    for (const kind of result.kinds) kinds.add(kind);
    return result.text;
  };
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') out[key] = take(value);
    else if (Array.isArray(value)) out[key] = value.map(take);
    else out[key] = value;
  }
  return { value: out as T, redacted, kinds: [...kinds].sort() };
}

export interface WriteRecordResult {
  path: string;
  redacted: number;
  kinds: string[];
}

/** Writes one Markdown record atomically, with its fields and body redacted. */
export function writeRecord(
  board: Board,
  path: string,
  fields: Record<string, FieldValue | undefined>,
  body: string,
): WriteRecordResult {
  const safeFields = redactFields(board, fields);
  const safeBody = redactText(board, body);
  writeFileAtomic(path, formatRecord(safeFields.value, safeBody.value));
  const kinds = new Set([...safeFields.kinds, ...safeBody.kinds]);
  return { path, redacted: safeFields.redacted + safeBody.redacted, kinds: [...kinds].sort() };
}
