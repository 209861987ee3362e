// Whether a value reads as a code expression (call, member access, index, generic type, union) rather than a literal.

const TOKEN = /[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|\?\.|&&|\|\||\+\+|--|\*\*|\.\.\.|\s+|[().[\]<>,:|&!]|[\s\S]/gy;
const MAX_DEPTH = 16;
// Characters no token of the grammar below holds: one of them settles it without tokenising.
const OUTSIDE_GRAMMAR = /[^\w$.()[\]<>,:|&!?+\-*/%=~\s]/;
const INNER_PREFIX = new Set(['-', '+', '*', '**', '...', '~']);
const INNER_OPERATOR = new Set(['=', '+', '-', '*', '/', '%']);

const MEMBER_PATH = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+$/;
const NAME_PIECES = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;
const ONE_CASE = /^(?:[A-Z]+|[a-z]+)\d*$/;
// Names people write keep capitals to the starts of words (`getElementsByTagName`, 4 of 20 letters);
// random base62 has one capital in two. Counted from this many letters on.
const MANY_LETTERS = 8;
const MAX_CAPITALS = 0.4;
// Digits inside a name are one short run in a short name (`utf8Encode`, `Ed25519PrivateKey`); random
// text of this length holds several runs of them.
const LONG_PART = 20;
const MAX_INNER_DIGITS = 5;

function capitalShare(part: string): number {
  let upper = 0;
  let letters = 0;
  for (let i = 0; i < part.length; i++) {
    const code = part.charCodeAt(i);
    if (code >= 65 && code <= 90) upper++;
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) letters++;
  }
  return letters < MANY_LETTERS ? 0 : upper / letters;
}

/**
 * One `_`/`$`-free part of a name in camelCase pieces: one run of digits, last or short inside a
 * short part (`base64`, `Uint8Array`, `IPv4`); a lone letter only first, last or before digits
 * (`getX`, `s2t`, `IPv4`); capitals at most 40% of the letters of a long part.
 */
function partReads(part: string): boolean {
  if (part.length <= 2 || ONE_CASE.test(part)) return true;
  if (capitalShare(part) > MAX_CAPITALS) return false;
  const pieces = part.match(NAME_PIECES) ?? [];
  let digitRuns = 0;
  return pieces.every((piece, i) => {
    const last = i === pieces.length - 1;
    if (/^\d/.test(piece)) {
      const inner = piece.length <= MAX_INNER_DIGITS && part.length < LONG_PART;
      return ++digitRuns === 1 && (last || inner);
    }
    return piece.length > 1 || i === 0 || last || /^\d/.test(pieces[i + 1] ?? '');
  });
}

/** Splits a name at `_` and `$` (`F_DOT`, `this$1$1`) into the parts its words are written in. */
function nameParts(name: string): string[] {
  return name.split(/[_$]+/).filter((part) => part !== '');
}

/**
 * The strict test: a name made of words, as names in code are (`password`, `sessionId`,
 * `SECRET_KEY`, `getElementsByTagName`, `e`). Random text of 20 or more characters almost never
 * passes: it has several runs of digits, or capitals in every other place. Short random text often
 * does, so a short name passes the loose test below inside a call, and a member path needs this one.
 */
function readsAsName(name: string): boolean {
  return nameParts(name).every(partReads);
}

/**
 * The loose test, for names inside calls, indexes and types, whose brackets already read as code:
 * each part is one character or splits into camelCase/UPPER/number pieces whose letter pieces
 * average two or more characters (`substring`, `HTTPBasicAuth`, `b64encode`, `getX`). Half of all
 * random strings of 20 or more characters pass it too, so longer names take the strict test.
 */
function isWordName(name: string): boolean {
  if (name.length >= LONG_PART) return readsAsName(name);
  return nameParts(name).every((part) => {
    if (part.length === 1) return true;
    const letters = (part.match(NAME_PIECES) ?? []).filter((piece) => !/^\d/.test(piece));
    const total = letters.reduce((sum, piece) => sum + piece.length, 0);
    return letters.length === 0 || total >= 2 * letters.length;
  });
}

/**
 * True for `this.form.password`, `options?.token`, `config.db.password`, `e.password`: property
 * reads whose every segment reads as a name. `hvs.CAES…`, `dp.pt.…`, `s3cr3t.passw0rd` and
 * `<8 random>.<32 random>` are literals that happen to hold dots.
 */
export function readsAsMemberPath(value: string): boolean {
  return MEMBER_PATH.test(value) && value.split(/\??\./).every(readsAsName);
}

/**
 * A tiny recursive-descent reader for `getPassword()`, `z.string().min(8)`, `keys[0]`,
 * `Array<string>`, `Record<string,string>`, `string|undefined`, `config.db?.password!`:
 *
 *   expr := term (('|' | '&' | '||' | '&&') term)*
 *   term := '!'* (name | number | '(' list ')' | '[' list? ']') suffix*
 *   suffix := ('.' | '?.') name | '?.'? ('(' list? ')' | '[' list? ']') | '<' list '>' | '!' | '++' | '--'
 *           | ('=' | '+' | '-' | '*' | '/' | '%') term   (inside brackets only, as are the
 *                                                  prefixes '-' '+' '*' '**' '...' '~' of a term)
 *   list := expr (',' expr)*
 *
 * A random password rarely has this structure: any stray symbol, unbalanced bracket or name
 * straight after a closing bracket (`Zq9(x8w7)v6u5`) makes it a literal.
 */
class CodeReader {
  #tokens: string[];
  #at = 0;
  /** Brackets open at the current position; running out of tokens inside one is a cut-off expression. */
  #open = 0;
  #cut = false;

  constructor(value: string) {
    TOKEN.lastIndex = 0;
    this.#tokens = (value.match(TOKEN) ?? []).filter((token) => token.trim() !== '');
  }

  /**
   * True when the tokens read as one expression, or as the start of one cut inside a bracket
   * (`s.substring(start,`), and every name is a word: code names things, random passwords do not.
   */
  reads(): boolean {
    if (!this.#expr(0) || (!this.#cut && this.#at !== this.#tokens.length)) return false;
    return this.#tokens.every((token) => !this.#isName(token) || isWordName(token));
  }

  #peek(): string | undefined {
    return this.#tokens[this.#at];
  }

  /** At the end of the tokens inside a bracket: the value was cut mid-expression (`fn(a, b)` at a space). */
  #endsInside(): boolean {
    if (this.#at < this.#tokens.length || this.#open === 0) return false;
    this.#cut = true;
    return true;
  }

  #take(token: string): boolean {
    if (this.#peek() !== token) return false;
    this.#at++;
    return true;
  }

  #isName(token: string | undefined): boolean {
    return token !== undefined && /^[A-Za-z_$]/.test(token);
  }

  #expr(depth: number): boolean {
    if (depth > MAX_DEPTH || !this.#term(depth)) return false;
    while (!this.#cut && ['|', '&', '||', '&&'].includes(this.#peek() ?? '')) {
      this.#at++;
      if (!this.#term(depth)) return false;
    }
    return true;
  }

  #term(depth: number): boolean {
    // `!x`; inside brackets also `-1`, `*args`, `**kwargs`, `...rest` (base64 never has brackets).
    while (this.#peek() === '!' || (this.#open > 0 && INNER_PREFIX.has(this.#peek() ?? ''))) this.#at++;
    const first = this.#peek();
    if (first === undefined) return this.#endsInside();
    if (first === '(' || first === '[') {
      if (!this.#group(depth, first)) return false;
    } else if (this.#isName(first) || /^\d/.test(first)) this.#at++;
    else return false;
    while (!this.#cut) {
      const next = this.#peek();
      if (next === '.' || next === '?.') {
        this.#at++;
        const member = this.#peek();
        if (member === undefined) return this.#endsInside();
        if (this.#isName(member)) this.#at++;
        else if (next !== '?.' || (member !== '(' && member !== '[')) return false;
      } else if (next === '(' || next === '[' || next === '<') {
        if (!this.#group(depth, next)) return false;
      } else if (next === '!' || next === '++' || next === '--') this.#at++;
      else if (this.#open > 0 && INNER_OPERATOR.has(next ?? '')) {
        // Operators only inside brackets (`tokens[i+1]`, `dict(user=name)`): outside, `a+b/c` is base64.
        this.#at++;
        if (!this.#term(depth)) return false;
      } else return true;
    }
    return true;
  }

  /** `(args)`, `[index]`, `[a:b]`, `<types>`; empty `()` and `[]` too. */
  #group(depth: number, open: string): boolean {
    const close = open === '(' ? ')' : open === '[' ? ']' : '>';
    this.#at++;
    this.#open++;
    let read: boolean;
    if (open !== '<' && this.#take(close)) read = true;
    else if (open === '[') read = this.#slice(depth + 1) && (this.#cut || this.#take(close));
    else read = this.#list(depth + 1) && (this.#cut || this.#take(close));
    if (!read && this.#endsInside()) return true;
    this.#open--;
    return read;
  }

  /** Python slices and indexes: expressions, any of them empty, between `:` and `,` (`[:-1]`, `[pos:]`). */
  #slice(depth: number): boolean {
    for (;;) {
      const next = this.#peek();
      if (next === undefined) return this.#endsInside();
      if (next === ']') return true;
      if (next === ':' || next === ',') this.#at++;
      else if (!this.#expr(depth) || this.#cut) return this.#cut;
    }
  }

  #list(depth: number): boolean {
    if (!this.#expr(depth)) return false;
    while (!this.#cut && this.#take(',')) if (!this.#expr(depth)) return false;
    return true;
  }
}

/**
 * True when `value` holds brackets, `|`/`&` or a leading `!` and reads as a code expression from
 * end to end, or as one cut off inside a bracket (`s.substring(start,` ends at a space); such a
 * value after `password:` is a type, a call, a lookup or a negation, not a password.
 */
export function looksLikeCode(value: string): boolean {
  if (!/[()<>[\]|&]|^!/.test(value) || OUTSIDE_GRAMMAR.test(value)) return false;
  return new CodeReader(value).reads();
}
