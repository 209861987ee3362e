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
   * than one regex scan per rule. No keyword may start with another one (the scan reports one
   * keyword per position); the same keyword may serve several rules.
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

function escapeRegex(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * A function that finds which of `rules`' keywords occur in a text, in one scan. It steps one
 * character past each hit, so a keyword inside another's hit (`ECRET` in `AGE-SECRET-KEY-1`) is
 * still seen, and stops once every keyword has been seen.
 */
export function keywordScanner(rules: readonly PatternRule[]): (text: string) => ReadonlySet<string> {
  const keywords = [...new Set(rules.flatMap((rule) => rule.keywords ?? []))];
  const pattern = new RegExp(keywords.map(escapeRegex).join('|'), 'g');
  return (text) => {
    const found = new Set<string>();
    pattern.lastIndex = 0;
    for (let hit = pattern.exec(text); hit !== null; hit = pattern.exec(text)) {
      found.add(hit[0]);
      if (found.size === keywords.length) break;
      pattern.lastIndex = hit.index + 1;
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
