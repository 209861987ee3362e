// Where Markdown may link: `safeHref`, the one rule for every link the page shows (http, https and mailto only).

const MAX_URL = 2048;
const SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The href for a link to `raw`, or undefined when it is not plainly an http, https or mailto URL. Whitespace, control
 * and bidi characters are refused outright (a browser drops a tab inside `java\tscript:`), and the scheme must both
 * start the text and be what `new URL` parses. It decodes nothing: markdown-it hands it a URL with escapes and
 * entities already undone (`&#106;avascript:` arrives as `javascript:`), so what it judges is what the link holds.
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
