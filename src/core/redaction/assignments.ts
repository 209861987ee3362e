// `password=…`, `token: …`, `"api_key": "…"`, `<password>…</password>`: literal values given to secret-named keys.

import { characterClasses, looksLikeRandomLetters, shannonEntropy } from './entropy.js';
import { isPlaceholder, isReference } from './placeholders.js';
import { RANK, type Span } from './spans.js';

const KEYWORD =
  /pass(?:word|wd|phrase)|secret(?:[_-]?key)?|token|api[_-]?key|access[_-]?key|private[_-]?key|auth/gi;
const MAX_VALUE = 512;
const MIN_VALUE = 6;
const MAX_GAP = 8;

const WORDS = /^[A-Za-z?._-]+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const MEMBER_PATH = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+$/;
const NUMBER = /^[\d.,:+-]+$/;
const PATH_OR_URL = /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)|:\/\//;

/** A value found after a key and separator. */
interface Value {
  start: number;
  end: number;
  /** A bare value after a spaced `=`, as in code (`token = x`) rather than config (`TOKEN=x`, `token: x`). */
  code: boolean;
}

function isIdentifierChar(code: number): boolean {
  return (
    (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 95
  );
}

function isBlank(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/** The keyword must end the key: `max_tokens`, `tokenizer`, `password_field` are other keys. */
function endsKey(text: string, keywordStart: number, keywordEnd: number, keyword: string): boolean {
  const next = text.charCodeAt(keywordEnd);
  if (isIdentifierChar(next)) return false;
  if (next === 45 && /[A-Za-z]/.test(text[keywordEnd + 1] ?? '')) return false;
  // A bare `auth` key only counts on its own (`auth`, `_auth`), never inside `oauth` or `author`.
  return keyword.toLowerCase() !== 'auth' || !/[A-Za-z0-9]/.test(text[keywordStart - 1] ?? '');
}

/** `https://x-access-token:…@host` is a URL's user name, left to the URL password rule. */
function isUrlUser(text: string, keywordStart: number): boolean {
  let i = keywordStart;
  while (i > 0 && i > keywordStart - 64 && /[\w.-]/.test(text[i - 1]!)) i--;
  return text.startsWith('://', i - 3);
}

function skipBlanks(text: string, from: number): number {
  let i = from;
  while (i < from + MAX_GAP && isBlank(text[i])) i++;
  return i;
}

/** Length of the assignment operator at `at`: `=`, `:`, `:=`, `=>`; 0 for comparisons and `::`. */
function separatorLength(text: string, at: number): number {
  const char = text[at];
  const next = text[at + 1];
  if (char === ':') return next === '=' ? 2 : next === ':' ? 0 : 1;
  if (char === '=') return next === '>' ? 2 : next === '=' ? 0 : 1;
  return 0;
}

function readQuoted(text: string, open: number): Value | undefined {
  const quote = text[open];
  const limit = Math.min(text.length, open + 1 + MAX_VALUE);
  for (let i = open + 1; i < limit; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === quote) return { start: open + 1, end: i, code: false };
    else if (char === '\n') return undefined;
  }
  return undefined;
}

const BARE_RUN = /[^\s,;&"'`<>()[\]{}|\\]*/y;

/**
 * Where the bare run that contains a position ends. Every start inside a run ends where the run
 * does, so remembering the last run keeps `password=password=…` (a keyword every 9 characters of
 * one long run) linear instead of rescanning up to the value limit for each keyword.
 */
class BareRuns {
  #start = -1;
  #end = -1;

  endOf(text: string, start: number): number {
    if (start >= this.#start && start < this.#end) return this.#end;
    BARE_RUN.lastIndex = start;
    this.#start = start;
    this.#end = start + (BARE_RUN.exec(text)?.[0].length ?? 0);
    return this.#end;
  }
}

function readBare(text: string, start: number, code: boolean, runs: BareRuns): Value | undefined {
  let end = runs.endOf(text, start);
  if (end - start > MAX_VALUE) return undefined;
  // `token = getToken()` or `secret: keys[0]` is code, not a literal.
  if (/[([{<]/.test(text[end] ?? '')) return undefined;
  while (end > start && text[end - 1] === '.') end--;
  return { start, end, code };
}

function readXmlValue(text: string, start: number): Value | undefined {
  const close = text.indexOf('<', start);
  if (close === -1 || close - start > MAX_VALUE) return undefined;
  return { start, end: close, code: false };
}

function readValue(
  text: string,
  keywordStart: number,
  keywordEnd: number,
  runs: BareRuns,
): Value | undefined {
  if (text[keywordStart - 1] === '<' && text[keywordEnd] === '>') return readXmlValue(text, keywordEnd + 1);
  let at = keywordEnd;
  if (text[at] === '"' || text[at] === "'") at++;
  const beforeSeparator = skipBlanks(text, at);
  const length = separatorLength(text, beforeSeparator);
  if (length === 0) return undefined;
  const valueStart = skipBlanks(text, beforeSeparator + length);
  const open = text[valueStart];
  if (open === '"' || open === "'" || open === '`') return readQuoted(text, valueStart);
  const spaced = beforeSeparator > at || valueStart > beforeSeparator + length;
  return readBare(text, valueStart, spaced && text[beforeSeparator] === '=', runs);
}

/**
 * Letters-only values (words, camelCase, kebab/snake names) are labels, types or variables; so is
 * any identifier after a spaced `=`. Only a balanced mix of cases makes such a value random.
 */
function isWordLike(value: string, code: boolean): boolean {
  return WORDS.test(value) || (code && IDENTIFIER.test(value));
}

// Cheap shape checks first; the placeholder word list is the most expensive and runs last.
function isSecretValue(value: string, code: boolean): boolean {
  if (value.length < MIN_VALUE || /\s/.test(value) || isReference(value)) return false;
  if (NUMBER.test(value) || PATH_OR_URL.test(value) || MEMBER_PATH.test(value)) return false;
  if (isWordLike(value, code)) return looksLikeRandomLetters(value) && !isPlaceholder(value);
  const classes = characterClasses(value);
  const classCount =
    Number(classes.lower) + Number(classes.upper) + Number(classes.digit) + Number(classes.other);
  // 2.3 bits per character also means at least five distinct characters.
  return classCount >= 2 && shannonEntropy(value) >= 2.3 && !isPlaceholder(value);
}

function kindOf(keyword: string): string {
  return keyword.toLowerCase().startsWith('pass') ? 'password-assignment' : 'secret-assignment';
}

/** Appends a span for each literal, non-placeholder value assigned to a secret-named key. */
export function findAssignments(text: string, spans: Span[]): void {
  const runs = new BareRuns();
  KEYWORD.lastIndex = 0;
  for (let match = KEYWORD.exec(text); match !== null; match = KEYWORD.exec(text)) {
    const keywordStart = match.index;
    const keywordEnd = keywordStart + match[0].length;
    if (!endsKey(text, keywordStart, keywordEnd, match[0]) || isUrlUser(text, keywordStart)) continue;
    const value = readValue(text, keywordStart, keywordEnd, runs);
    if (value === undefined) continue;
    const secret = text.slice(value.start, value.end);
    if (!isSecretValue(secret, value.code)) continue;
    spans.push({ start: value.start, end: value.end, kind: kindOf(match[0]), rank: RANK.assignment });
  }
}
