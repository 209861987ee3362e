// PEM private key blocks, whole or truncated, with real or JSON-escaped (`\n`) line breaks, in any case and dash style.

import { RANK, type Span } from './spans.js';

// Hand-copied headers lose their shape: `-----begin rsa private key-----`, `----BEGIN PRIVATE KEY----`,
// `—–BEGIN …` after a word processor. Two or more ASCII dashes, or a run that starts with a Unicode
// dash, frame the label.
const DASH = '[-\\u2010-\\u2015\\u2212\\uFE58\\uFE63\\uFF0D]';
const DASHES = `(?:--|[\\u2010-\\u2015\\u2212\\uFE58\\uFE63\\uFF0D])${DASH}{0,9}`;
const LABEL = '[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?';
const BEGIN = new RegExp(`(?<!${DASH})${DASHES} ?BEGIN ${LABEL} ?${DASHES}`, 'gi');
const END = new RegExp(`${DASHES} ?END ${LABEL} ?${DASHES}`, 'gi');
// A header needs BEGIN (`BEGIN`, `begin`, `Begin`) and PRIVATE KEY in some case; `includes` rules most
// texts out faster than any regex.
const BEGIN_WORDS = ['EGIN', 'egin'];
const PRIVATE_KEY = /private key/i;
const MAX_BLOCK = 64 * 1024;
const MIN_BODY = 64;
// Real bodies come in lines of 64 (or at least one long run); prose after a header never has 32 in a row.
const MIN_RUN = 32;

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
  let run = 0;
  let longest = 0;
  for (let i = start; i < end && count < MIN_BODY; i++) {
    if (isBase64Char(text.charCodeAt(i))) {
      count++;
      run++;
      if (run > longest) longest = run;
    } else run = 0;
  }
  return count >= MIN_BODY && longest >= MIN_RUN;
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

/** Where an END line starts and ends. */
type Footer = { start: number; end: number };

/**
 * Finds END lines for ascending positions; remembering the last answer keeps a text full of
 * BEGIN lines and no END linear instead of rescanning the tail for every one.
 */
function endFinder(text: string): (from: number) => Footer | undefined {
  let cached: Footer | null | undefined;
  return (from) => {
    if (cached === null) return undefined;
    if (cached !== undefined && cached.start >= from) return cached;
    END.lastIndex = from;
    const match = END.exec(text);
    cached = match === null ? null : { start: match.index, end: match.index + match[0].length };
    return cached ?? undefined;
  };
}

function blockFooter(bodyStart: number, nextEnd: (from: number) => Footer | undefined): Footer | undefined {
  const footer = nextEnd(bodyStart);
  return footer === undefined || footer.start - bodyStart > MAX_BLOCK ? undefined : footer;
}

/** Appends a span for each private key block whose body holds enough base64 to be a real key. */
export function findPrivateKeys(text: string, spans: Span[]): void {
  if (!BEGIN_WORDS.some((word) => text.includes(word)) || !PRIVATE_KEY.test(text)) return;
  const nextEnd = endFinder(text);
  BEGIN.lastIndex = 0;
  for (let match = BEGIN.exec(text); match !== null; match = BEGIN.exec(text)) {
    const bodyStart = match.index + match[0].length;
    const footer = blockFooter(bodyStart, nextEnd);
    const bodyEnd = footer === undefined ? truncatedBodyEnd(text, bodyStart) : footer.start;
    if (!hasKeyBody(text, bodyStart, bodyEnd)) continue;
    const end = footer === undefined ? bodyEnd : footer.end;
    spans.push({ start: match.index, end, kind: 'private-key', rank: RANK.format });
    BEGIN.lastIndex = end;
  }
}
