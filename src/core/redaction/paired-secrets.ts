// Secrets without a name of their own, recognised by the id they travel with: AWS secret keys, Twilio auth tokens.

import { characterClasses, isRandomHex, looksRandom } from './entropy.js';
import { isPlaceholder } from './placeholders.js';
import { RANK, type Span } from './spans.js';

/** A secret shape that counts only near an id that announces it. */
export interface PairedRule {
  kind: string;
  /**
   * The announcing id: a span the format rules already found, of this kind and starting with this
   * prefix. Reusing their work costs nothing; where no id occurs, the secret pattern never runs.
   */
  id: { kind: string; prefix: RegExp };
  /** The secret's shape (global, bounded, starting with a lookbehind for its own characters). */
  secret: RegExp;
  accept: (secret: string) => boolean;
}

/** How far apart an id and its secret may be: a line, a JSON object, a few fields of a config. */
const MAX_DISTANCE = 1024;

export const PAIRED_RULES: readonly PairedRule[] = [
  {
    kind: 'aws-secret-key',
    id: { kind: 'aws-access-key', prefix: /^A/ },
    secret: /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    // Real secret keys are base64 of random bytes: both cases, so a 40-hex git SHA never pairs.
    accept: (secret) => {
      const classes = characterClasses(secret);
      return classes.lower && classes.upper && looksRandom(secret) && !isPlaceholder(secret);
    },
  },
  {
    kind: 'twilio-key',
    // An account SID; `SK…` API key SIDs come with a secret of another shape.
    id: { kind: 'twilio-key', prefix: /^AC/ },
    secret: /(?<![A-Za-z0-9])[0-9a-f]{32}(?![A-Za-z0-9])/g,
    accept: isRandomHex,
  },
];

function allMatches(pattern: RegExp, text: string): [number, number][] {
  const found: [number, number][] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    found.push([match.index, match.index + match[0].length]);
  }
  return found;
}

/**
 * Whether the text between an id and a secret keeps them together: close, and either on the same
 * or the next line, or with no `{`/`}` between (so inside one JSON object, or in flat text).
 */
function together(text: string, from: number, to: number): boolean {
  if (to - from > MAX_DISTANCE) return false;
  let newlines = 0;
  let braces = false;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) newlines++;
    else if (code === 123 || code === 125) braces = true;
  }
  return newlines <= 1 || !braces;
}

function runPairedRule(rule: PairedRule, text: string, spans: Span[]): void {
  const ids = spans
    .filter((span) => span.kind === rule.id.kind && rule.id.prefix.test(text.slice(span.start, span.end)))
    .map((span): [number, number] => [span.start, span.end])
    .sort((a, b) => a[0] - b[0]);
  if (ids.length === 0) return;
  let next = 0;
  for (const [start, end] of allMatches(rule.secret, text)) {
    while (next < ids.length && ids[next]![0] < end) next++;
    const before = ids[next - 1];
    const after = ids[next];
    const near =
      (before !== undefined && before[1] <= start && together(text, before[1], start)) ||
      (after !== undefined && together(text, end, after[0]));
    if (near && rule.accept(text.slice(start, end))) {
      spans.push({ start, end, kind: rule.kind, rank: RANK.context });
    }
  }
}

/**
 * Appends a span for each secret that sits next to the id it belongs to. Reads the ids from
 * `spans`, so it runs after the format rules.
 */
export function findPairedSecrets(text: string, spans: Span[]): void {
  for (const rule of PAIRED_RULES) runPairedRule(rule, text, spans);
}
