// Whether a value given to a secret-named key is a literal secret rather than code, a path, a label or a stand-in.

import { looksLikeCode, readsAsMemberPath } from './code-shape.js';
import { characterClasses, looksLikeRandomLetters, looksRandom, shannonEntropy } from './entropy.js';
import { isPlaceholder, isReference } from './placeholders.js';

const MIN_VALUE = 6;
const WORDS = /^[A-Za-z?._-]+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const NUMBER = /^[\d.,:+-]+$/;
const PATH_START = /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/;
const URL = /:\/\//;
// `/(?<!\S)-p/g;` after `const PASSWORD =`: a regular expression literal in code.
const REGEX_LITERAL = /^\/.+\/[dgimsuvy]*;?$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{20,}={0,2}$/;
const PASSPHRASE = /^[a-z]{3,12}(?: [a-z]{3,12}){2,7}$/;
const PROSE_WORDS = new Set(
  'and are but can for from has have its may must not now only our should that the then this too use was were will with you your'.split(
    ' ',
  ),
);

/** How the value was written, which decides how much it must look like a secret. */
export interface ValueContext {
  /** A bare value after a spaced `=`, as in code (`token = x`) rather than config (`TOKEN=x`). */
  code: boolean;
  /**
   * A value given to an UPPER_SNAKE name straight after `=` (`DB_PASSWORD=…`, `export VAULT_TOKEN=…`),
   * as `.env` files, shells and Dockerfiles write it: there no value is code.
   */
  env?: boolean;
}

/**
 * `/home/dev/.ssh/id_ed25519`, `./keys/server.pem`, `C:\keys`, a URL or a regex literal: not a
 * secret, unless it is base64 that
 * happens to start with `/` (it then holds `+` or `=`, or a long random stretch between slashes).
 */
function isPath(value: string): boolean {
  if (URL.test(value) || REGEX_LITERAL.test(value)) return true;
  if (!PATH_START.test(value) || /[+=]/.test(value)) return false;
  return !value.split(/[/\\]/).some((segment) => segment.length >= 16 && looksRandom(segment));
}

/**
 * Letters-only values (words, camelCase, kebab/snake names) are labels, types or variables; so is
 * any identifier after a spaced `=`. Only a balanced mix of cases makes such a value random.
 */
function isWordLike(value: string, code: boolean): boolean {
  return WORDS.test(value) || (code && IDENTIFIER.test(value));
}

/** Lowercase words as a diceware passphrase has them, with none of the little words prose needs. */
export function isPassphrase(value: string): boolean {
  return PASSPHRASE.test(value) && !value.split(' ').some((word) => PROSE_WORDS.has(word));
}

/**
 * True when `value`, written without spaces, is a literal secret: not a reference, number, path,
 * member path, call or type; random-looking if letters only; otherwise two character classes and
 * 2.3 bits per character (which also means five distinct characters); and not wholly a placeholder.
 */
export function isSecretValue(value: string, context: ValueContext): boolean {
  if (value.length < MIN_VALUE || /\s/.test(value) || isReference(value)) return false;
  if (NUMBER.test(value) || isPath(value)) return false;
  // Code is excused only where code may be written: after `VAULT_TOKEN=` (a `.env` file, a shell)
  // `a.b`, `f(x)` and `a<b>` are the secret's own characters, and a dotted value is no label either.
  // Elsewhere `a.b` is code only when every part reads as a name (`this.form.password`, not `hvs.CAES…`).
  if (!context.env && (looksLikeCode(value) || readsAsMemberPath(value))) return false;
  // Cheap shape checks first; the placeholder word split is the most expensive and runs last.
  if (isWordLike(value, context.code) && !(context.env && value.includes('.'))) {
    return looksLikeRandomLetters(value) && !isPlaceholder(value);
  }
  const classes = characterClasses(value);
  const classCount =
    Number(classes.lower) + Number(classes.upper) + Number(classes.digit) + Number(classes.other);
  return classCount >= 2 && shannonEntropy(value) >= 2.3 && !isPlaceholder(value);
}

/**
 * A value with spaces counts only as a passphrase (`correct horse battery staple`), or anywhere
 * when the key is an environment-style `NAME="…"` whose quotes make spaces deliberate.
 */
export function isSpacedSecret(value: string, envStyle: boolean): boolean {
  const trimmed = value.trim();
  if (trimmed.length < MIN_VALUE || isReference(trimmed) || isPlaceholder(trimmed)) return false;
  return envStyle || isPassphrase(trimmed);
}

/**
 * The stricter test for a bare `…_KEY` / `…Key` name, which also names cache keys, sort keys and
 * React keys: base64 or base64url of at least 20 characters, both cases, a digit or `+`/`/`.
 */
export function isKeyValue(value: string): boolean {
  if (!BASE64_KEY.test(value) || !looksRandom(value)) return false;
  const classes = characterClasses(value);
  return classes.lower && classes.upper && (classes.digit || /[+/]/.test(value)) && !isPlaceholder(value);
}
