// Whether a value reads as a code expression (call, member access, index, generic type, union) rather than a literal.

const TOKEN = /[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|\?\.|&&|\|\||\+\+|--|\*\*|\.\.\.|\s+|[().[\]<>,:|&!]|[\s\S]/gy;
const MAX_DEPTH = 16;
// Characters no token of the grammar below holds: one of them settles it without tokenising.
const OUTSIDE_GRAMMAR = /[^\w$.()[\]<>,:|&!?+\-*/%=~\s]/;
const INNER_PREFIX = new Set(['-', '+', '*', '**', '...', '~']);
const INNER_OPERATOR = new Set(['=', '+', '-', '*', '/', '%']);

const NAME_PIECES = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

/**
 * Whether a name reads as words: each `_`/`$`-separated part is one character (`i`, `F_DOT`) or
 * splits into camelCase/UPPER/number pieces whose letter pieces average two or more characters
 * (`substring`, `XMLHttpRequest`, `b64encode`, `getX`, `this$1$1`). Random text breaks into
 * one-letter pieces (`x0hRNc`, `eP`, `x8w7`).
 */
function isWordName(name: string): boolean {
  return name
    .split(/[_$]+/)
    .filter((part) => part !== '')
    .every((part) => {
      if (part.length === 1) return true;
      const letters = (part.match(NAME_PIECES) ?? []).filter((piece) => !/^\d/.test(piece));
      const total = letters.reduce((sum, piece) => sum + piece.length, 0);
      return letters.length === 0 || total >= 2 * letters.length;
    });
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
