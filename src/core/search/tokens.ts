// How text becomes search terms, the same way for the index, the query and the highlighting: runs of letters and
// digits, lower-cased; a CJK character is a term of its own (Chinese and Japanese write no spaces between words).

/** One term and where it lies in the text (UTF-16 offsets, end exclusive). */
export interface TermSpan {
  term: string;
  start: number;
  end: number;
}

// A word: letters, digits and combining marks; or one ideograph, kana or hangul syllable.
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const WORD = new RegExp(`[${CJK}]|[[\\p{L}\\p{N}\\p{M}]--[${CJK}]]+`, 'gv');
/** A term longer than this is cut: a 100 KB line of base64 is not a word anyone types. */
export const MAX_TERM = 40;

/** The terms of `text`, in order. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) out.push(normalTerm(match[0]));
  return out;
}

/** The terms of `text` with their places. */
export function termSpans(text: string): TermSpan[] {
  const out: TermSpan[] = [];
  for (const match of text.matchAll(WORD)) {
    out.push({ term: normalTerm(match[0]), start: match.index, end: match.index + match[0].length });
  }
  return out;
}

/** A term as the index keeps it: lower case, at most MAX_TERM characters. */
export function normalTerm(word: string): string {
  const lower = word.toLowerCase();
  return lower.length > MAX_TERM ? lower.slice(0, MAX_TERM) : lower;
}
