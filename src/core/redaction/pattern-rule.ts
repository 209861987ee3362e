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
   * Prefilter: the rule runs only if one of these occurs. Only worth it where `includes` is cheaper
   * than the pattern's own scan (patterns that start with a literal scan as fast as `includes`).
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

/** Appends a span of `rank` for every accepted match of `rule` in `text`. */
export function runPatternRule(rule: PatternRule, text: string, rank: number, spans: Span[]): void {
  if (rule.keywords && !rule.keywords.some((keyword) => text.includes(keyword))) return;
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
