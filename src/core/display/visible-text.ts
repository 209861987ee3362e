// Showing untrusted text to a person or a model: control characters made visible, and bodies framed line by
// line, so text from the board can never move a terminal's cursor, retitle it, or pose as a header of its own.

// C0 controls but tab and newline, DEL, C1 controls, line/paragraph separators, bidi overrides and isolates.
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

const NAMED: Record<string, string> = { '\r': '\\r', '\u001b': '\\e', '\u000b': '\\v', '\u000c': '\\f' };

function visible(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every control character shown as an escape (`\e`, `\r`, `\x07`, `\u2028`, …). Newlines and tabs
 * stay, unless `singleLine` is set (then a newline shows as `\n` too). For terminals and models only: files and
 * `--json` keep text as data.
 */
export function visibleText(text: string, options: { singleLine?: boolean } = {}): string {
  const escaped = text.replace(INVISIBLE, visible);
  return options.singleLine ? escaped.replace(/\n/g, '\\n') : escaped;
}

/** The gutter in front of every line of a framed body. A header line never starts with it. */
export const BODY_GUTTER = '│ ';

/**
 * A body as a block in which every line starts with `gutter`: whatever the body holds (a copy of a header,
 * a closing tag, a cursor move), it cannot start a line of its own, so it cannot pose as another message.
 */
export function framedBody(body: string, gutter: string = BODY_GUTTER): string {
  return visibleText(body.replace(/\n+$/, ''))
    .split('\n')
    .map((line) => `${gutter}${line}`)
    .join('\n');
}
