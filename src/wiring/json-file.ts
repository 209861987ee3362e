// Settings files as JSON objects: refused (naming the file) when not an object of valid JSON, written back with a
// 2-space indent and a final newline, and left byte-identical when nothing in them changed.
import { BatonError } from '../core/errors.js';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object in `text`; a BatonError naming `path` when it is not valid JSON or not an object. */
export function parseJsonObject(path: string, text: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new BatonError(
      'corrupt',
      `${path} is not valid JSON (${(error as Error).message}) — nothing was written; fix the file (or move it away) and run baton init again`,
    );
  }
  if (!isObject(value))
    throw new BatonError(
      'corrupt',
      `${path} does not hold a JSON object — nothing was written; fix the file (or move it away) and run baton init again`,
    );
  return value;
}

export function stringifyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * An edit of a JSON settings file: `mutate` changes the parsed object in place. An absent file starts as `{}`; the
 * text is kept as it was when the object did not change; a file left empty by a removal is deleted.
 */
export function editJson(
  path: string,
  current: string | null,
  mutate: (settings: JsonObject) => void,
  remove: boolean,
): string | null {
  if (current === null && remove) return null;
  const settings = current === null ? {} : parseJsonObject(path, current);
  const before = JSON.stringify(settings);
  mutate(settings);
  if (remove && Object.keys(settings).length === 0) return null;
  if (current !== null && JSON.stringify(settings) === before) return current;
  return stringifyJson(settings);
}

/** The object at `settings[key]`, created when absent; a BatonError naming the file when it is something else. */
export function objectAt(
  path: string,
  settings: JsonObject,
  key: string,
  create: boolean,
): JsonObject | undefined {
  const value = settings[key];
  if (value === undefined) {
    if (!create) return undefined;
    const made: JsonObject = {};
    settings[key] = made;
    return made;
  }
  if (!isObject(value))
    throw new BatonError(
      'corrupt',
      `${path}: "${key}" is not an object — nothing was written; fix the file and run baton init again`,
    );
  return value;
}
