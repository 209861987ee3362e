// The one path every stored record takes: redact, format, write atomically through the board's store — so redaction
// holds on every write.
import { basename } from 'node:path';
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { type FieldValue, formatRecord } from './front-matter.js';
import { type NameKind, validateName } from './names.js';

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

/**
 * For names that become file names or record keys (agents, sessions): validates the name and refuses one the
 * redactor would change, since a redacted copy would no longer match its file. The name is not echoed back.
 */
export function validateStoredName(board: Board, kind: NameKind, value: string): string {
  const name = validateName(kind, value);
  // Both spellings: case folding can hide a credential (or an env secret) from the redactor.
  const result = board.redact(name === value ? name : `${value}\n${name}`);
  if (result.count > 0) {
    throw new BatonError(
      'invalid_name',
      `invalid ${kind} name: it looks like a credential (${result.kinds.join(', ')}) — pick another name`,
    );
  }
  return name;
}

/**
 * Redacts every string leaf of a JSON-like value, at any depth (object keys are left alone: they are
 * baton's own field names). Returns a copy; numbers, booleans, null and undefined pass through.
 */
export function redactJson<T>(board: Board, value: T): Redacted<T> {
  let redacted = 0;
  const kinds = new Set<string>();
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const result = board.redact(node);
      redacted += result.count;
      for (const kind of result.kinds) kinds.add(kind);
      return result.text;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) out[key] = walk(item);
      return out;
    }
    return node;
  };
  return { value: walk(value) as T, redacted, kinds: [...kinds].sort() };
}

export interface WriteRecordResult {
  path: string;
  redacted: number;
  kinds: string[];
}

export interface WriteRecordOptions {
  /**
   * The most bytes the record may have once redacted (what its readers open): a longer one is refused with
   * `too_large` and nothing is written. Redaction can lengthen a text, as a marker is longer than a short secret.
   */
  maxBytes?: number;
}

/** Writes one Markdown record atomically, with its fields and body redacted. */
export function writeRecord(
  board: Board,
  path: string,
  fields: Record<string, FieldValue | undefined>,
  body: string,
  options: WriteRecordOptions = {},
): WriteRecordResult {
  const safeFields = redactJson(board, fields);
  const safeBody = redactText(board, body);
  const bytes = Buffer.from(formatRecord(safeFields.value, safeBody.value), 'utf8');
  if (options.maxBytes !== undefined && bytes.length > options.maxBytes) {
    throw new BatonError(
      'too_large',
      `${basename(path)} would be ${bytes.length} bytes once redacted, more than the ${options.maxBytes} its readers open — nothing was written`,
    );
  }
  board.store.write(path, bytes);
  const kinds = new Set([...safeFields.kinds, ...safeBody.kinds]);
  return { path, redacted: safeFields.redacted + safeBody.redacted, kinds: [...kinds].sort() };
}

/** Writes one JSON record (pretty, newline-terminated) atomically, with every string in it redacted. */
export function writeJsonRecord(
  board: Board,
  path: string,
  value: unknown,
  options: { fsync?: boolean } = {},
): WriteRecordResult {
  const safe = redactJson(board, value);
  board.store.write(path, `${JSON.stringify(safe.value, null, 2)}\n`, options);
  return { path, redacted: safe.redacted, kinds: safe.kinds };
}
