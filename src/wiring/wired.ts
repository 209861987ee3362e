// Whether a settings file holds baton's wiring, read leniently (an unreadable file simply is not wired).
import { readFileSync } from 'node:fs';
import { batonHooksIn } from './hook-entries.js';
import { isObject } from './json-file.js';
import { isOwnedText } from './owned-file.js';

export function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function hasBatonHooks(path: string): boolean {
  const text = readOrNull(path);
  if (text === null) return false;
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) && batonHooksIn(value).length > 0;
  } catch {
    return false;
  }
}

export function isOwnedFile(path: string): boolean {
  const text = readOrNull(path);
  return text !== null && isOwnedText(text);
}
