// Where the value of a `key = value` / `key: value` / `<key>value</key>` assignment starts and ends.

/** Values longer than this are data, not a credential; the cap also bounds each read. */
export const MAX_VALUE = 512;
const MAX_GAP = 8;
const BLOCK_HEADER = /[|>][+-]?[1-9]?[+-]?[ \t]*(?:#[^\n]{0,200})?\r?\n/y;
const QUERY_NAME = /(?:amp;)?[A-Za-z_][\w.-]{0,63}=/y;

/** A value found after a key and separator. */
export interface Value {
  start: number;
  end: number;
  /** How it was written: `quoted` and `block` values may hold spaces; `bare` ones end at one. */
  form: 'bare' | 'quoted' | 'block';
  /** A bare value after a spaced `=`, as in code (`token = x`) rather than config (`TOKEN=x`). */
  code: boolean;
}

function isBlank(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
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

/**
 * A bare value ends at whitespace, a quote, an escaped line break (`\n` inside a JSON string), a
 * closing tag, or a `&`/`;`/`,` that starts the next `name=` (query strings, connection strings).
 * Every other character — `( ) { } < & ; , | \` included — may be part of a password.
 */
function isStop(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code === 32 || (code >= 9 && code <= 13) || code === 34 || code === 39 || code === 96) return true;
  if (code === 92) return /[nrtu"']/.test(text[i + 1] ?? '');
  if (code === 60) return text[i + 1] === '/';
  if (code === 38 || code === 59 || code === 44) {
    QUERY_NAME.lastIndex = i + 1;
    return QUERY_NAME.test(text);
  }
  return code > 127 && /\s/.test(text[i]!);
}

function isCloser(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return code === 41 || code === 93 || code === 125;
}

/**
 * The first position at or after a start where `found` holds. Answers do not depend on the
 * start, so remembering the last one keeps `password=password=…` (a keyword every 9 characters
 * of one long run) linear instead of rescanning the run for each keyword.
 */
class NextPosition {
  #from = -1;
  #at = -1;
  readonly #found: (text: string, i: number) => boolean;

  constructor(found: (text: string, i: number) => boolean) {
    this.#found = found;
  }

  from(text: string, start: number): number {
    if (start >= this.#from && start <= this.#at) return this.#at;
    let i = start;
    while (i < text.length && !this.#found(text, i)) i++;
    this.#from = start;
    this.#at = i;
    return i;
  }
}

/** Where bare values end, shared by every keyword of one text. */
export class BareStops {
  readonly stops = new NextPosition(isStop);
  readonly closers = new NextPosition(isCloser);
}

/**
 * Where a bare value from `start` ends: at its first closer it never opened (`fn(password=abc)`,
 * `setKey(privateKey: Buffer): void`), else at its stop; `-1` when that is past the length cap.
 * `<`/`>` are left out: `a>b` is as likely a password as a comparison.
 */
function bareEnd(text: string, start: number, bare: BareStops): number {
  const stop = bare.stops.from(text, start);
  const closer = bare.closers.from(text, start);
  if (closer >= stop) return stop - start > MAX_VALUE ? -1 : stop;
  if (closer - start > MAX_VALUE) return -1;
  const limit = Math.min(stop, start + MAX_VALUE + 1);
  let round = 0;
  let square = 0;
  let curly = 0;
  for (let i = start; i < limit; i++) {
    const code = text.charCodeAt(i);
    if (code === 40) round++;
    else if (code === 91) square++;
    else if (code === 123) curly++;
    else if (code === 41 && round-- === 0) return i;
    else if (code === 93 && square-- === 0) return i;
    else if (code === 125 && curly-- === 0) return i;
  }
  return limit === stop ? stop : -1;
}

/** Drops the punctuation of the sentence around a bare value: a final `.`, `,` or `;`. */
function trimBareEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && /[.,;]/.test(text[i - 1]!)) i--;
  return i;
}

function readBare(text: string, start: number, code: boolean, bare: BareStops): Value | undefined {
  const open = text[start];
  // `password: {`, `token: [`, `secret: (`: an object, list or expression follows, not a literal.
  if (open === '{' || open === '[' || open === '(') return undefined;
  const end = bareEnd(text, start, bare);
  if (end === -1) return undefined;
  return { start, end: trimBareEnd(text, start, end), form: 'bare', code };
}

function readQuoted(text: string, open: number): Value | undefined {
  const quote = text[open];
  const limit = Math.min(text.length, open + 1 + MAX_VALUE);
  for (let i = open + 1; i < limit; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === quote) return { start: open + 1, end: i, form: 'quoted', code: false };
    else if (char === '\n') return undefined;
  }
  return undefined;
}

/** Spaces before the first character of the line holding `at` (a bounded look back). */
function indentOf(text: string, at: number): number {
  let lineStart = at;
  while (lineStart > 0 && at - lineStart < MAX_VALUE && text[lineStart - 1] !== '\n') lineStart--;
  let i = lineStart;
  while (i < at && (text[i] === ' ' || text[i] === '-')) i++;
  return i - lineStart;
}

/**
 * A YAML block scalar (`password: |` or `>` with indicators) holds the lines below that are
 * indented deeper than its key; the value runs from the first to the last character of them.
 */
function readBlock(text: string, keyStart: number, header: number): Value | undefined {
  BLOCK_HEADER.lastIndex = header;
  if (!BLOCK_HEADER.test(text)) return undefined;
  const keyIndent = indentOf(text, keyStart);
  const limit = Math.min(text.length, BLOCK_HEADER.lastIndex + MAX_VALUE);
  let start = -1;
  let end = -1;
  for (let line = BLOCK_HEADER.lastIndex; line < text.length; ) {
    if (line >= limit) return undefined;
    let first = line;
    while (first < limit && isBlank(text[first])) first++;
    let lineEnd = first;
    while (lineEnd < limit && text[lineEnd] !== '\n') lineEnd++;
    if (lineEnd === limit && lineEnd < text.length) return undefined;
    let last = lineEnd;
    while (last > first && /\s/.test(text[last - 1]!)) last--;
    if (last > first) {
      // The first line indented no deeper than the key ends the block.
      if (first - line <= keyIndent) break;
      if (start === -1) start = first;
      end = last;
    }
    line = lineEnd + 1;
  }
  return start === -1 ? undefined : { start, end, form: 'block', code: false };
}

/** `<password>`, `<DB_PASSWORD>`, `<db-password>`: the key is a whole element name. */
function isTagName(text: string, keyStart: number): boolean {
  let i = keyStart;
  while (i > 0 && keyStart - i < 64 && /[\w.-]/.test(text[i - 1]!)) i--;
  return text[i - 1] === '<';
}

function readXmlValue(text: string, start: number): Value | undefined {
  const close = text.indexOf('<', start);
  if (close === -1 || close - start > MAX_VALUE) return undefined;
  return { start, end: close, form: 'quoted', code: false };
}

/**
 * The value assigned to the key that ends at `keyEnd`: after an optional closing quote and
 * subscript bracket (`config['SECRET_KEY'] =`, `settings["api_key"]:`), blanks, an assignment
 * operator and blanks. Quoted, YAML block and bare values; `undefined` when none follows.
 */
export function readValue(
  text: string,
  keyStart: number,
  keyEnd: number,
  stops: BareStops,
): Value | undefined {
  if (text[keyEnd] === '>' && isTagName(text, keyStart)) return readXmlValue(text, keyEnd + 1);
  let at = keyEnd;
  const quotedKey = text[at] === '"' || text[at] === "'";
  if (quotedKey) at++;
  // A subscript names the key only when quoted or a Ruby symbol: `config['SECRET_KEY'] =`,
  // `settings[:api_key] =`; `[type, token] = header.split(' ')` is destructuring.
  if (text[at] === ']' && (quotedKey || text.startsWith('[:', keyStart - 2))) at++;
  const beforeSeparator = skipBlanks(text, at);
  const length = separatorLength(text, beforeSeparator);
  if (length === 0) return undefined;
  const valueStart = skipBlanks(text, beforeSeparator + length);
  const open = text[valueStart];
  if (open === '"' || open === "'" || open === '`') return readQuoted(text, valueStart);
  if ((open === '|' || open === '>') && text[beforeSeparator] === ':') {
    const block = readBlock(text, keyStart, valueStart);
    if (block !== undefined) return block;
  }
  const spaced = beforeSeparator > at || valueStart > beforeSeparator + length;
  return readBare(text, valueStart, spaced && text[beforeSeparator] === '=', stops);
}
