// `password=…`, `token: …`, `config['SECRET_KEY'] = …`, `<password>…</password>`: literal values given to secret-named keys.

import { BareStops, readValue, type Value } from './assignment-values.js';
import { isKeyValue, isPassphrase, isSecretValue, isSpacedSecret } from './secret-values.js';
import { RANK, type Span } from './spans.js';

// Only a quote, `]`, blanks and `=`, `:` or `>` (a tag) may follow a key. The lookahead makes the
// keyword end the key (`max_tokens`, `tokenizer`, `password_field` are other keys) and keeps the many
// keywords with no value after them (`getToken()`, `keys`) inside the regex engine.
const KEYWORD =
  /(?:pass(?:word|wd|phrase)?|pwd|pw|secret(?:[_-]?key)?|token|api[_-]?key|access[_-]?key|private[_-]?key|auth|credentials?|key)(?=["']?\]?[ \t]{0,8}[:=>])/gi;
// Short or common words count only where a key name's word starts: `DB_PASS`, `dbPwd`, `ADMIN_PW`,
// `signingKey`, `STORAGE_KEY`, `awsCredentials` — never inside `bypass`, `monkey` or `oauth`.
const WORD_START_ONLY = /^(?:pass|pwd|pw|auth|key|credentials?)$/i;
const PASSWORD_KEY = /^p(?:ass|w)/i;
const MAX_NAME = 64;
const PUBLIC_NAME = /public|publishable/i;
const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

function isAlnum(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9]/.test(char);
}

/** Where a word starts: after a non-letter, or at a camelCase capital (`dbPwd`, `signingKey`). */
function startsWord(text: string, keywordStart: number, keyword: string): boolean {
  if (!WORD_START_ONLY.test(keyword)) return true;
  const previous = text[keywordStart - 1];
  if (!isAlnum(previous)) return true;
  // A bare `auth` key only counts on its own (`auth`, `_auth`), never as `oAuth` or `basicAuth`.
  if (/^auth$/i.test(keyword)) return false;
  return /[A-Z]/.test(keyword[0]!) && /[a-z0-9]/.test(previous!);
}

/** `https://x-access-token:…@host` is a URL's user name, left to the URL password rule. */
function isUrlUser(text: string, keywordStart: number): boolean {
  let i = keywordStart;
  while (i > 0 && i > keywordStart - 64 && /[\w.-]/.test(text[i - 1]!)) i--;
  return text.startsWith('://', i - 3);
}

/** The whole key name around the keyword: `NEXT_PUBLIC_API_KEY`, `app.config`-free `SECRET_KEY`. */
function keyName(text: string, keywordStart: number, keywordEnd: number): string {
  let i = keywordStart;
  while (i > 0 && keywordStart - i < MAX_NAME && /[\w-]/.test(text[i - 1]!)) i--;
  return text.slice(i, keywordEnd);
}

/**
 * `DB_PASSWORD=…`, `export VAULT_TOKEN="…"`: an UPPER_SNAKE name and `=` with nothing between, as
 * `.env` files and shells write them (code puts spaces around `=`).
 */
function isEnvStyle(text: string, keywordEnd: number, value: Value, name: string): boolean {
  if (!ENV_NAME.test(name) || text[keywordEnd] !== '=') return false;
  return value.start === keywordEnd + (value.form === 'quoted' ? 2 : 1);
}

function isSecret(text: string, value: Value, keyword: string, env: boolean): boolean {
  const secret = text.slice(value.start, value.end);
  if (/^key$/i.test(keyword)) return isKeyValue(secret);
  if (value.form === 'bare' || !/\s/.test(secret)) return isSecretValue(secret, { code: value.code, env });
  if (value.form === 'block') return isBlockSecret(secret);
  // `DB_PASSWORD="correct horse battery staple"`: quotes after an environment name make spaces deliberate.
  return isSpacedSecret(secret, env);
}

/** One line is read like any value; several lines count only as a wrapped unspaced secret. */
function isBlockSecret(block: string): boolean {
  const lines = block.split('\n').map((line) => line.trim());
  if (lines.length === 1) return isPassphrase(lines[0]!) || isSecretValue(lines[0]!, { code: false });
  if (lines.some((line) => /\s/.test(line))) return false;
  return isSecretValue(lines.join(''), { code: false });
}

function kindOf(keyword: string): string {
  return PASSWORD_KEY.test(keyword) ? 'password-assignment' : 'secret-assignment';
}

/** Appends a span for each literal, non-placeholder value assigned to a secret-named key. */
export function findAssignments(text: string, spans: Span[]): void {
  const stops = new BareStops();
  KEYWORD.lastIndex = 0;
  for (let match = KEYWORD.exec(text); match !== null; match = KEYWORD.exec(text)) {
    const keyword = match[0];
    const keywordStart = match.index;
    const keywordEnd = keywordStart + keyword.length;
    if (!startsWord(text, keywordStart, keyword)) continue;
    // Most keywords have no value after them; the look-backs below run only for those that do.
    const value = readValue(text, keywordStart, keywordEnd, stops);
    if (value === undefined || value.end <= value.start || isUrlUser(text, keywordStart)) continue;
    const name = keyName(text, keywordStart, keywordEnd);
    const env = isEnvStyle(text, keywordEnd, value, name);
    if (PUBLIC_NAME.test(name) || !isSecret(text, value, keyword, env)) continue;
    spans.push({ start: value.start, end: value.end, kind: kindOf(keyword), rank: RANK.assignment });
  }
}
