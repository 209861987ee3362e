// The exact values of this process's secret-named environment variables, raw, URL-encoded and JSON-escaped.

import { isPlaceholder } from './placeholders.js';
import { RANK, type Span } from './spans.js';

const SECRET_NAME = /_(?:KEY|TOKEN|SECRET|PASSWORD|PASSPHRASE)$/i;
const PUBLIC_NAME = /PUBLIC|PUBLISHABLE/i;
const MIN_LENGTH = 8;
const NOT_SECRET = /^(?:[A-Za-z]+|\d+|(?:\/|~\/|[A-Za-z]:\\)\S*)$/;

/** Words, numbers and file paths are configuration, not secrets, even under a `_KEY` name. */
function isSecretValue(value: string): boolean {
  if (value.length < MIN_LENGTH || isPlaceholder(value)) return false;
  return !NOT_SECRET.test(value) || (/^[A-Za-z]+$/.test(value) && value.length >= 16);
}

function encodeUri(value: string): string | undefined {
  try {
    return encodeURIComponent(value);
  } catch {
    // Lone surrogates cannot be URL-encoded; such a value cannot appear URL-encoded either.
    return undefined;
  }
}

/** The forms in which a value may appear in pasted text: raw, URL-encoded, inside a JSON string. */
function spellings(value: string): string[] {
  const forms = [value, encodeUri(value), JSON.stringify(value).slice(1, -1)];
  return [...new Set(forms.filter((form): form is string => form !== undefined))];
}

/**
 * Secret values from `env`: variables whose names end in `_KEY`, `_TOKEN`, `_SECRET`, `_PASSWORD`
 * or `_PASSPHRASE` (not `PUBLIC`/`PUBLISHABLE` ones), at least 8 characters, and not a plain word,
 * number, path or placeholder. Longest first, so a value containing another wins.
 */
export function secretEnvValues(env: Record<string, string | undefined>): string[] {
  const values = new Set<string>();
  // Names first: reading a `process.env` value is far slower than listing its names.
  for (const name of Object.keys(env)) {
    if (!SECRET_NAME.test(name) || PUBLIC_NAME.test(name)) continue;
    const value = env[name];
    if (value === undefined || !isSecretValue(value)) continue;
    for (const form of spellings(value)) values.add(form);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** Appends a span for every occurrence of any of `values`. */
export function findEnvValues(text: string, values: readonly string[], spans: Span[]): void {
  for (const value of values) {
    for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length)) {
      spans.push({ start: at, end: at + value.length, kind: 'env-secret', rank: RANK.environment });
    }
  }
}
