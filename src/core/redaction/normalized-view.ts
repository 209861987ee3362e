// A view of the text with disguises undone (NFKC, invisible characters dropped) and a map back to the original offsets.

import type { Span } from './spans.js';

/** The text as detectors should see it, and where each of its code units came from. */
export interface NormalizedView {
  text: string;
  /** `starts[i]`/`ends[i]`: the original range of the character that produced view unit `i`. */
  starts: Int32Array;
  ends: Int32Array;
}

// How a non-ASCII code point takes part in a disguise (cached per code point, computed on first sight).
const UNKNOWN = 0;
const PLAIN = 1; // left alone: NFKC keeps it, or turns it into nothing ASCII
const INVISIBLE = 2; // zero-width space/joiner, soft hyphen, BOM, bidi marks: dropped
const LETTERS = 3; // NFKC gives ASCII letters or digits: full-width `ｇｈｐ`, math `𝐀`, `ﬁ`
const PUNCTUATION = 4; // NFKC gives one ASCII symbol: full-width `＿`, `－`, `／`

const bmpClasses = new Uint8Array(0x10000);
const astralClasses = new Map<number, number>();
// Astral code points are cached up to a bound, so adversarial text cannot grow the cache without limit.
const MAX_ASTRAL_CACHE = 4096;
const normalized = new Map<number, string>();
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const ASCII_GRAPHIC = /^[\x21-\x7e]+$/;

function classify(point: number): number {
  const char = String.fromCodePoint(point);
  if (IGNORABLE.test(char)) return INVISIBLE;
  const nfkc = char.normalize('NFKC');
  if (nfkc === char || !ASCII_GRAPHIC.test(nfkc)) return PLAIN;
  if (/[A-Za-z0-9]/.test(nfkc)) {
    normalized.set(point, nfkc);
    return LETTERS;
  }
  if (nfkc.length !== 1) return PLAIN;
  normalized.set(point, nfkc);
  return PUNCTUATION;
}

function classOf(point: number): number {
  if (point < 0x80) return PLAIN;
  if (point < 0x10000) {
    if (bmpClasses[point] === UNKNOWN) bmpClasses[point] = classify(point);
    return bmpClasses[point]!;
  }
  const known = astralClasses.get(point);
  if (known !== undefined) return known;
  const kind = classify(point);
  if (astralClasses.size < MAX_ASTRAL_CACHE) astralClasses.set(point, kind);
  return kind;
}

function isAsciiAlnum(point: number): boolean {
  return (point >= 48 && point <= 57) || (point >= 65 && point <= 90) || (point >= 97 && point <= 122);
}

/** A character a token is made of: ASCII letters and digits, or what normalises to them. */
function isTokenChar(point: number | undefined): boolean {
  if (point === undefined) return false;
  return point < 0x80 ? isAsciiAlnum(point) : classOf(point) === LETTERS;
}

/** `-` and `_`, which join a token's parts. */
function isSeparator(point: number | undefined): boolean {
  return point === 0x2d || point === 0x5f;
}

const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;

/**
 * A visible character a token or its frame may hold: anything but space, invisible characters
 * and emoji (whose joiners and variation selectors are part of the emoji, not a disguise).
 */
function isVisibleTokenChar(point: number | undefined): boolean {
  if (point === undefined) return false;
  if (point < 0x80) return point > 0x20 && point < 0x7f;
  const char = String.fromCodePoint(point);
  return classOf(point) !== INVISIBLE && !/\s/.test(char) && !PICTOGRAPH.test(char);
}

/** The code point that ends just before `i` (a whole surrogate pair when there is one). */
function pointBefore(text: string, i: number): number | undefined {
  if (i === 0) return undefined;
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) return text.codePointAt(i - 2);
  return low;
}

/**
 * Whether the non-ASCII character at `i` can hide part of a token: letters that normalise to ASCII
 * next to token characters or separators, a symbol between two token characters, an invisible character next to a visible
 * character (`—\u2060–BEGIN` too). Emoji joiners and variation selectors, `…`, `é` and CJK
 * punctuation are not.
 */
function disguises(text: string, i: number, point: number): boolean {
  const kind = classOf(point);
  if (kind === PLAIN) return false;
  const before = pointBefore(text, i);
  const after = text.codePointAt(i + (point > 0xffff ? 2 : 1));
  if (kind === INVISIBLE) return isVisibleTokenChar(before) || isVisibleTokenChar(after);
  // A lone one between a token's separators is one too (`xoxa-６-…`, `glpat-１_-…`: generated runs found both).
  if (kind === LETTERS)
    return isTokenChar(before) || isTokenChar(after) || isSeparator(before) || isSeparator(after);
  return isTokenChar(before) && isTokenChar(after);
}

const NON_ASCII = /[^\x00-\x7f]/g;

/** Whether any character disguises a token; ASCII-only text answers after one regex scan. */
function hasDisguise(text: string): boolean {
  // Every character below 0x80 is one UTF-8 byte: equal lengths mean ASCII, found without a regex.
  if (Buffer.byteLength(text, 'utf8') === text.length) return false;
  NON_ASCII.lastIndex = 0;
  for (let match = NON_ASCII.exec(text); match !== null; match = NON_ASCII.exec(text)) {
    const point = text.codePointAt(match.index)!;
    if (disguises(text, match.index, point)) return true;
    if (point > 0xffff) NON_ASCII.lastIndex++;
  }
  return false;
}

/**
 * The view of `text` that detectors run on when it hides tokens: compatibility characters
 * normalised (NFKC, one code point at a time, so every view unit maps to one original character)
 * and invisible characters dropped. `undefined` when nothing in `text` disguises a token — then the
 * original is all there is to scan, and building nothing keeps ordinary text on the fast path.
 */
export function normalizedView(text: string): NormalizedView | undefined {
  if (!hasDisguise(text)) return undefined;
  const parts: string[] = [];
  let starts: Int32Array = new Int32Array(text.length + 16);
  let ends: Int32Array = new Int32Array(text.length + 16);
  let length = 0;
  let run = 0;
  for (let i = 0; i < text.length; ) {
    const point = text.codePointAt(i)!;
    const width = point > 0xffff ? 2 : 1;
    const kind = point < 0x80 ? PLAIN : classOf(point);
    if (kind === PLAIN) {
      for (let k = 0; k < width; k++) {
        starts[length] = i;
        ends[length++] = i + width;
      }
      i += width;
      continue;
    }
    // A changed character ends the run of unchanged ones, which is copied whole.
    parts.push(text.slice(run, i));
    const unit = kind === INVISIBLE ? '' : normalized.get(point)!;
    // Room for this expansion and for every unit still to come unchanged.
    const needed = length + unit.length + (text.length - i - width);
    if (needed > starts.length) {
      const grown = Math.max(starts.length * 2, needed + 16);
      starts = grow(starts, grown);
      ends = grow(ends, grown);
    }
    for (let k = 0; k < unit.length; k++) {
      starts[length] = i;
      ends[length++] = i + width;
    }
    parts.push(unit);
    i += width;
    run = i;
  }
  parts.push(text.slice(run));
  return { text: parts.join(''), starts, ends };
}

function grow(array: Int32Array, size: number): Int32Array {
  const grown = new Int32Array(size);
  grown.set(array);
  return grown;
}

/** Moves spans found in the view back onto the original text, covering whole original characters. */
export function spansInOriginal(view: NormalizedView, spans: readonly Span[]): Span[] {
  return spans
    .filter((span) => span.end > span.start)
    .map((span) => ({ ...span, start: view.starts[span.start]!, end: view.ends[span.end - 1]! }));
}
