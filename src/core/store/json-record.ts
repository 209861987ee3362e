// JSON records (agents, sessions, pending writes, the pid index): read capped from regular files only, through the
// board's store, and checked against a schema per record type, so a hand-edited record is reported and skipped,
// never a crash.
import type { BoardStore } from './board-store.js';

/** A field's type; a trailing `?` makes it optional. */
export type FieldType =
  | 'string'
  | 'string?'
  | 'number'
  | 'number?'
  | 'integer?'
  | 'boolean?'
  | 'string[]'
  | 'string[]?'
  | 'object'
  | 'object?';

/** The fields a record type must (or may) have; fields not named are allowed and kept. */
export type JsonSchema = Record<string, FieldType>;

export type JsonRead<T> = { ok: true; value: T } | { ok: false; missing: boolean; reason: string };

const DEFAULT_MAX_BYTES = 256 * 1024;

function matches(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return false;
  }
}

/** Why `value` does not fit `schema`, naming the first field that is off; undefined when it fits. */
export function schemaProblem(value: unknown, schema: JsonSchema): string | undefined {
  if (!matches(value, 'object')) return 'is not a JSON object';
  const record = value as Record<string, unknown>;
  for (const [key, spec] of Object.entries(schema)) {
    const optional = spec.endsWith('?');
    const type = optional ? spec.slice(0, -1) : spec;
    const field = record[key];
    if (field === undefined && optional) continue;
    if (field === undefined) return `has no "${key}"`;
    if (!matches(field, type)) return `"${key}" is not ${describe(type)}`;
  }
  return undefined;
}

function describe(type: string): string {
  const names: Record<string, string> = {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'true or false',
    'string[]': 'a list of text',
    object: 'an object',
  };
  return names[type] ?? type;
}

/** Parses `text` and checks it against `schema`. */
export function parseJsonRecord<T>(text: string, schema: JsonSchema): JsonRead<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, missing: false, reason: 'is not valid JSON' };
  }
  const problem = schemaProblem(value, schema);
  if (problem) return { ok: false, missing: false, reason: `not a valid record: it ${problem}` };
  return { ok: true, value: value as T };
}

/**
 * What a record is read through: the board's store (`board.store`), or a bare reader of the disk where no store is
 * loaded (the hooks' quiet check: `(path, max) => readTextFile(root, path, max)`, which is the file store's read).
 */
export type TextReader = Pick<BoardStore, 'readText'>;

/** Reads one JSON record: a regular file, at most `maxBytes` (default 256 KiB), fitting `schema`. */
export function readJsonRecord<T>(
  reader: TextReader,
  path: string,
  schema: JsonSchema,
  maxBytes = DEFAULT_MAX_BYTES,
): JsonRead<T> {
  const read = reader.readText(path, maxBytes);
  if (!read.ok) return read;
  return parseJsonRecord<T>(read.text, schema);
}
