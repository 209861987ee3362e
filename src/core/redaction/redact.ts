// The redaction entry point: runs every detector over a text and replaces what they find with markers.

import { findAssignments } from './assignments.js';
import { findPasswordFlags } from './cli-flags.js';
import { CONTEXT_RULES } from './context-rules.js';
import { findEnvValues, secretEnvValues } from './env-values.js';
import { FORMAT_RULES } from './format-rules.js';
import { normalizedView, spansInOriginal } from './normalized-view.js';
import { findPairedSecrets } from './paired-secrets.js';
import { keywordScanner, runPatternRule } from './pattern-rule.js';
import { findPrivateKeys } from './private-keys.js';
import { findMarkers, mergeSpans, RANK, renderSpans, type Span } from './spans.js';

/** Options for {@link redact}. */
export interface RedactOptions {
  /** Environment whose secret-named variables' values are redacted wherever they appear. Default: `process.env`. */
  env?: Record<string, string | undefined>;
}

/** What {@link redact} returns. */
export interface RedactionResult {
  /** The input with every secret span replaced by `[REDACTED:<kind>]`. */
  text: string;
  /** Number of spans replaced (overlapping findings count once). */
  count: number;
  /** Distinct kinds replaced, sorted. */
  kinds: string[];
}

const scanKeywords = keywordScanner([...FORMAT_RULES, ...CONTEXT_RULES]);

/** Every detector that reads the text's shape (all but the exact environment values). */
function findShapes(text: string, spans: Span[]): void {
  const present = scanKeywords(text);
  for (const rule of FORMAT_RULES) runPatternRule(rule, text, RANK.format, spans, present);
  findPrivateKeys(text, spans);
  for (const rule of CONTEXT_RULES) runPatternRule(rule, text, RANK.context, spans, present);
  findPairedSecrets(text, spans);
  findAssignments(text, spans);
  findPasswordFlags(text, spans);
}

function findSpans(text: string, envValues: readonly string[]): Span[] {
  const spans: Span[] = [];
  findShapes(text, spans);
  findEnvValues(text, envValues, spans);
  // A token disguised by a zero-width space or full-width letters is found in the normalised view
  // and redacted in the original; the original is scanned too, as the view can join a token to
  // the word before it. Text with nothing to undo (all ASCII text) builds no view.
  const view = normalizedView(text);
  if (view !== undefined) {
    const found: Span[] = [];
    findShapes(view.text, found);
    spans.push(...spansInOriginal(view, found));
  }
  return spans;
}

// A marker can complete a match that its secret's neighbours blocked (a run of base64 that ran
// into the secret now ends at `[`), so passes repeat until nothing new is found; in practice the
// second pass finds nothing and only runs when the first found something.
const MAX_PASSES = 4;

function redactOnce(text: string, envValues: readonly string[]): RedactionResult {
  const spans = mergeSpans(findSpans(text, envValues), findMarkers(text));
  if (spans.length === 0) return { text, count: 0, kinds: [] };
  const kinds = [...new Set(spans.map((span) => span.kind))];
  return { text: renderSpans(text, spans), count: spans.length, kinds };
}

/**
 * Replaces credentials in `text` with `[REDACTED:<kind>]`: provider tokens (AWS, GitHub, GitLab,
 * OpenAI, Anthropic, Google, Slack, Stripe, age, and the fixed-prefix formats of gitleaks' rule set:
 * Vault, Doppler, Databricks, Shopify, …), JWTs, PEM private keys, Authorization headers,
 * URL passwords, AWS secret keys and Twilio auth tokens next to their ids, literal values of
 * `password=`/`token:`/`config['SECRET_KEY'] =`-style assignments (YAML block scalars included),
 * `--password`/`mysql -p` arguments, and the values of `env`'s `*_KEY`/`*_TOKEN`/`*_SECRET`/
 * `*_PASSWORD` variables. Tokens disguised by invisible or full-width characters are matched on an
 * NFKC view and redacted in the original. Tuned for near-zero false positives on code: hashes,
 * UUIDs, identifiers, references (`$TOKEN`, `${{ secrets.X }}`) and whole-value placeholders
 * (`changeme`, `<your-token>`, `xxxx`) are left alone. Idempotent, linear in the input, never throws.
 */
export function redact(text: string, options: RedactOptions = {}): RedactionResult {
  return redactWith(text, secretEnvValues(options.env ?? process.env));
}

/**
 * {@link redact} with the secret values of `env` found once, at its first use, not at every call: a board's redactor
 * (its environment is the one it was opened with), which redacts every field of every record it writes.
 */
export function redactorFor(env: Record<string, string | undefined>): (text: string) => RedactionResult {
  let envValues: readonly string[] | undefined;
  return (text) => {
    envValues ??= secretEnvValues(env);
    return redactWith(text, envValues);
  };
}

function redactWith(text: string, envValues: readonly string[]): RedactionResult {
  let result = redactOnce(text, envValues);
  const kinds = new Set(result.kinds);
  let count = result.count;
  for (let pass = 1; pass < MAX_PASSES && result.count > 0; pass++) {
    result = redactOnce(result.text, envValues);
    count += result.count;
    for (const kind of result.kinds) kinds.add(kind);
  }
  return { text: result.text, count, kinds: [...kinds].sort() };
}
