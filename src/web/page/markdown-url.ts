// Where Markdown may link: `safeHref` (http, https and mailto only) and the scanners for `(dest "title")`, `<autolinks>`
// and bare URLs. Each scan is bounded by MAX_URL, so a paragraph of unclosed links stays linear.

const MAX_URL = 2048;
const SCHEMES = new Set(['http:', 'https:', 'mailto:']);
export const ASCII_PUNCT = /^[!-/:-@[-`{-~]$/;
const PUNCT = /^[\p{P}\p{S}]$/u;
const SPACE = /^\s$/u;
// Called once per delimiter run or URL character; ASCII answers without a regex.
export const isSpace = (ch: string) =>
  ch < '\u0080' ? ch === ' ' || (ch >= '\t' && ch <= '\r') : SPACE.test(ch);
export const isPunct = (ch: string) => (ch < '\u0080' ? ASCII_PUNCT.test(ch) : PUNCT.test(ch));

/**
 * The href for a link to `raw`, or undefined when it is not plainly an http, https or mailto URL. Whitespace, control
 * and bidi characters are refused outright (a browser drops a tab inside `java\tscript:`), entities are never decoded,
 * and the scheme must both start the text and be what `new URL` parses.
 */
export function safeHref(raw: string): string | undefined {
  if (raw.length === 0 || raw.length > MAX_URL) return undefined;
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u2066-\u2069\u3000\ufeff]/.test(raw))
    return undefined;
  if (!/^(?:https?:\/\/|mailto:)/i.test(raw)) return undefined;
  try {
    const url = new URL(raw);
    return SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `(dest "title")` after `]`: the safe href and the index after `)`, or undefined. */
export function linkTarget(src: string, start: number): { href: string; end: number } | undefined {
  const limit = Math.min(src.length, start + MAX_URL + 512);
  let i = skipSpace(src, start, limit);
  let dest = '';
  if (src[i] === '<') {
    for (i++; i < limit && src[i] !== '>'; i++) {
      if (src[i] === '<' || src[i] === '\n') return undefined;
      dest += src[i];
    }
    if (i++ >= limit) return undefined;
  } else {
    let depth = 0;
    for (; i < limit; i++) {
      const ch = src[i]!;
      if (ch <= ' ' || ch === '\u007f') break;
      if (ch === '\\' && ASCII_PUNCT.test(src[i + 1] ?? '')) {
        dest += src[++i];
        continue;
      }
      if (ch === ')' && depth === 0) break;
      if (ch === '(' && ++depth > 32) return undefined;
      if (ch === ')') depth--;
      dest += ch;
    }
    if (depth !== 0) return undefined;
  }
  const afterDest = i;
  i = skipSpace(src, i, limit);
  const quote = src[i];
  if (i > afterDest && (quote === '"' || quote === "'" || quote === '(')) {
    const close = quote === '(' ? ')' : quote;
    for (i++; i < limit && src[i] !== close; i++) if (src[i] === '\\') i++;
    if (i >= limit) return undefined;
    i = skipSpace(src, i + 1, limit);
  }
  if (src[i] !== ')') return undefined;
  const href = safeHref(dest);
  return href === undefined ? undefined : { href, end: i + 1 };
}

function skipSpace(src: string, i: number, limit: number): number {
  let newlines = 0;
  while (i < limit && (src[i] === ' ' || src[i] === '\t' || (src[i] === '\n' && newlines++ === 0))) i++;
  return i;
}

/** `<https://…>` or `<name@host>`: a safe link, or undefined (then `<` is text). */
export function autolink(src: string, i: number): { href: string; label: string; end: number } | undefined {
  const limit = Math.min(src.length, i + MAX_URL + 2);
  let j = i + 1;
  while (j < limit && src[j]! > ' ' && src[j] !== '<' && src[j] !== '>') j++;
  if (src[j] !== '>') return undefined;
  const label = src.slice(i + 1, j);
  const email = /^[\w.!#$%&'*+/=?^`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(label);
  const href = safeHref(email ? `mailto:${label}` : label);
  return href === undefined ? undefined : { href, label, end: j + 1 };
}

/** A bare `http(s)://…` at i, trailing punctuation trimmed as GFM does; undefined when there is none. */
export function bareUrl(src: string, i: number): string | undefined {
  const before = src[i - 1] ?? ' ';
  if (!isSpace(before) && !'*_~('.includes(before)) return undefined;
  if (!/^https?:\/\/[^\s<]/i.test(src.slice(i, i + 9))) return undefined;
  let j = i;
  while (j < src.length && j - i <= MAX_URL && !isSpace(src[j]!) && src[j] !== '<') j++;
  if (j - i > MAX_URL) return undefined;
  let url = src.slice(i, j);
  const opened = url.split('(').length - 1;
  let closed = url.split(')').length - 1;
  for (;;) {
    const last = url.at(-1) ?? '';
    if (last === ')' && closed > opened) closed--;
    else if (!last || !'?!.,:*_~\'"'.includes(last)) break;
    url = url.slice(0, -1);
  }
  return url;
}
