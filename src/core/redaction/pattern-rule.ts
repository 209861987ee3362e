// The regex rule shape shared by format and context detectors, and the prefiltered loop that runs it.

import type { Span } from './spans.js';

/**
 * One credential format. Every pattern must be global and use bounded quantifiers; one whose body can
 * repeat its own prefix starts with a negative lookbehind for the characters it matches, so only
 * the start of a run is tried and a 1 MB run stays linear. Patterns with a `group` need the `d` flag.
 */
export interface PatternRule {
  kind: string;
  /**
   * Prefilter: the rule runs only if one of these (case-sensitive) strings occurs. Every rule's
   * keywords are looked for in one combined scan per text ({@link keywordScanner}), far cheaper
   * than one regex scan per rule. Keywords are ASCII and at least two characters long; the same
   * keyword may serve several rules. A keyword need not be the token's prefix, only part of every
   * match: one whose first two characters are rare in text (`hpat_` for `shpat_`) is compared less.
   */
  keywords?: readonly string[];
  pattern: RegExp;
  /** Capture group holding the secret; the whole match when omitted. */
  group?: number;
  /** Rejects matches that have the shape but not the substance (filler, words, bad checksums). */
  accept?: (secret: string) => boolean;
}

function secretRange(match: RegExpExecArray, group: number | undefined): [number, number] | undefined {
  if (group === undefined) return [match.index, match.index + match[0].length];
  return match.indices?.[group];
}

/** Where a pair of ASCII characters sits in a 128 × 128 table. */
function pairIndex(first: number, second: number): number {
  return first * 128 + second;
}

/**
 * A function that finds which of `rules`' keywords occur in a text, in one pass: each position's
 * two characters index a table of the keywords that start with them, and only those are compared.
 * One regex alternation of a hundred keywords costs a hundred quick checks at every position; the
 * table costs one lookup. Stops once every keyword has been seen.
 */
export function keywordScanner(rules: readonly PatternRule[]): (text: string) => ReadonlySet<string> {
  const keywords = [...new Set(rules.flatMap((rule) => rule.keywords ?? []))];
  const slots = new Uint16Array(128 * 128);
  const starting: string[][] = [[]];
  for (const keyword of keywords) {
    const at = pairIndex(keyword.charCodeAt(0), keyword.charCodeAt(1));
    if (slots[at] === 0) {
      slots[at] = starting.length;
      starting.push([]);
    }
    starting[slots[at]!]!.push(keyword);
  }
  return (text) => {
    const found = new Set<string>();
    let first = text.charCodeAt(0);
    for (let i = 0; i < text.length - 1; i++) {
      const second = text.charCodeAt(i + 1);
      const slot = first < 128 && second < 128 ? slots[pairIndex(first, second)]! : 0;
      first = second;
      if (slot === 0) continue;
      for (const keyword of starting[slot]!) {
        if (found.has(keyword) || !text.startsWith(keyword, i)) continue;
        found.add(keyword);
        if (found.size === keywords.length) return found;
      }
    }
    return found;
  };
}

/**
 * Appends a span of `rank` for every accepted match of `rule` in `text`. `present` is what a
 * {@link keywordScanner} found in `text`; without it the rule's keywords are looked up one by one.
 */
export function runPatternRule(
  rule: PatternRule,
  text: string,
  rank: number,
  spans: Span[],
  present?: ReadonlySet<string>,
): void {
  const occurs = (keyword: string) => (present ? present.has(keyword) : text.includes(keyword));
  if (rule.keywords && !rule.keywords.some(occurs)) return;
  const { pattern } = rule;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0].length === 0) pattern.lastIndex++;
    const range = secretRange(match, rule.group);
    if (range === undefined || range[1] <= range[0]) continue;
    const secret = text.slice(range[0], range[1]);
    if (rule.accept && !rule.accept(secret)) continue;
    spans.push({ start: range[0], end: range[1], kind: rule.kind, rank });
  }
}
