// PEM private key blocks, whole or truncated, with real or JSON-escaped (`\n`) line breaks.

import { RANK, type Span } from './spans.js';

const BEGIN = /-----BEGIN ([A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?)-----/g;
const MAX_BLOCK = 64 * 1024;
const MIN_BODY = 64;

function isBase64Char(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 47 ||
    code === 61
  );
}

/** Stops counting at `MIN_BODY` so that a page of BEGIN lines costs no more than one body each. */
function hasKeyBody(text: string, start: number, end: number): boolean {
  let count = 0;
  for (let i = start; i < end && count < MIN_BODY; i++) if (isBase64Char(text.charCodeAt(i))) count++;
  return count >= MIN_BODY;
}

/** End of a body without an END line: base64, whitespace and escaped line breaks. */
function truncatedBodyEnd(text: string, start: number): number {
  const limit = Math.min(text.length, start + MAX_BLOCK);
  let i = start;
  while (i < limit) {
    const code = text.charCodeAt(i);
    if (isBase64Char(code) || code === 32 || code === 9 || code === 10 || code === 13) i++;
    else if (code === 92 && /[nr]/.test(text[i + 1] ?? '')) i += 2;
    else break;
  }
  return trimBlankEnd(text, start, i);
}

/** Backs off trailing whitespace and escaped line breaks, which belong to the surrounding text. */
function trimBlankEnd(text: string, start: number, end: number): number {
  let i = end;
  while (i > start) {
    if (/\s/.test(text[i - 1]!)) i--;
    else if (i - 2 >= start && text[i - 2] === '\\' && /[nr]/.test(text[i - 1]!)) i -= 2;
    else break;
  }
  return i;
}

/**
 * Finds `-----END` lines for ascending positions; remembering the last answer keeps a text full of
 * BEGIN lines and no END linear instead of rescanning the tail for every one.
 */
function endFinder(text: string): (from: number) => number {
  let cached = -2;
  return (from) => {
    if (cached === -1 || cached >= from) return cached;
    cached = text.indexOf('-----END ', from);
    return cached;
  };
}

function blockEnd(text: string, bodyStart: number, label: string, nextEnd: (from: number) => number): number {
  const end = nextEnd(bodyStart);
  if (end === -1 || end - bodyStart > MAX_BLOCK) return -1;
  const footer = `-----END ${label}-----`;
  return text.startsWith(footer, end) ? end : -1;
}

/** Appends a span for each private key block whose body holds enough base64 to be a real key. */
export function findPrivateKeys(text: string, spans: Span[]): void {
  if (!text.includes('-----BEGIN ')) return;
  const nextEnd = endFinder(text);
  BEGIN.lastIndex = 0;
  for (let match = BEGIN.exec(text); match !== null; match = BEGIN.exec(text)) {
    const label = match[1] ?? '';
    const bodyStart = match.index + match[0].length;
    const footerStart = blockEnd(text, bodyStart, label, nextEnd);
    const bodyEnd = footerStart === -1 ? truncatedBodyEnd(text, bodyStart) : footerStart;
    if (!hasKeyBody(text, bodyStart, bodyEnd)) continue;
    const end = footerStart === -1 ? bodyEnd : footerStart + `-----END ${label}-----`.length;
    spans.push({ start: match.index, end, kind: 'private-key', rank: RANK.format });
    BEGIN.lastIndex = end;
  }
}
