// Fresh random secrets of every supported kind, plain and disguised: each must become exactly its marker.

import { describe, expect, it } from 'vitest';
import { findAssignments } from '../../../src/core/redaction/assignments.js';
import { findPasswordFlags } from '../../../src/core/redaction/cli-flags.js';
import { CONTEXT_RULES } from '../../../src/core/redaction/context-rules.js';
import { FORMAT_RULES } from '../../../src/core/redaction/format-rules.js';
import { findPairedSecrets, PAIRED_RULES } from '../../../src/core/redaction/paired-secrets.js';
import {
  keywordScanner,
  type PatternRule,
  runPatternRule,
} from '../../../src/core/redaction/pattern-rule.js';
import { findPrivateKeys } from '../../../src/core/redaction/private-keys.js';
import { redact } from '../../../src/core/redaction/redact.js';
import type { Span } from '../../../src/core/redaction/spans.js';
import {
  ALL_GENERATORS,
  ASSIGNMENT_GENERATORS,
  CONTEXT_GENERATORS,
  ENV_GENERATORS,
  FORMAT_GENERATORS,
  fullWidth,
  type Generator,
  type Planted,
  PRIVATE_KEY_GENERATORS,
  withInvisible,
} from './generators.js';

// `REDACTION_ROUNDS=2000 npx vitest run test/core/redaction/generated.test.ts` hunts for rare misses.
const ROUNDS = Number(process.env.REDACTION_ROUNDS ?? 30);
const SAMPLES_PER_GENERATOR = 40;

const textOf = (p: Planted) => `${p.before}${p.secret}${p.after}`;
const withId = (text: string, p: Planted) =>
  p.id === undefined ? text : text.replace(p.id.value, `[REDACTED:${p.id.kind}]`);
const expectedOf = (p: Planted) => `${withId(p.before, p)}[REDACTED:${p.kind}]${withId(p.after, p)}`;

/**
 * Runs `generate` `rounds` times and returns every case whose output is not exactly the marked
 * text. A `disguise` may let the original text name another kind for the same span (a 40-character
 * prefix of a longer value cut by a BOM is an AWS secret key after `SECRET_KEY:`), so disguised
 * cases accept any kind as long as one marker replaces exactly the disguised secret.
 */
function misses(generate: Generator, rounds: number, disguise?: (secret: string) => string) {
  const wrong: { text: string; got: string }[] = [];
  for (let round = 0; round < rounds; round++) {
    const planted = generate();
    const shown = { ...planted, secret: disguise?.(planted.secret) ?? planted.secret };
    const got = redact(textOf(shown), { env: planted.env ?? {} }).text;
    const exact =
      disguise === undefined
        ? got === expectedOf(shown)
        : anyKind(got, withId(shown.before, shown), withId(shown.after, shown));
    if (!exact) wrong.push({ text: textOf(shown), got });
  }
  return wrong;
}

function anyKind(got: string, before: string, after: string): boolean {
  return (
    got.startsWith(before) &&
    got.endsWith(after) &&
    /^\[REDACTED:[a-z0-9-]+\]$/.test(got.slice(before.length, got.length - after.length))
  );
}

function samples(generators: Record<string, Generator>): Planted[] {
  return Object.values(generators).flatMap((generate) =>
    Array.from({ length: SAMPLES_PER_GENERATOR }, () => generate()),
  );
}

/** Whether `find` reports a span covering exactly the planted secret in at least one sample. */
function findsOne(all: readonly Planted[], find: (text: string, spans: Span[]) => void): boolean {
  return all.some((p) => {
    const spans: Span[] = [];
    find(textOf(p), spans);
    return spans.some(
      (span) => span.start === p.before.length && span.end === p.before.length + p.secret.length,
    );
  });
}

describe('the generator covers every detector', () => {
  const all = samples(ALL_GENERATORS);

  it.each([...FORMAT_RULES, ...CONTEXT_RULES].map((rule): [string, PatternRule] => [rule.kind, rule]))(
    'a generated %s is found by its own rule',
    (_, rule) => {
      expect(findsOne(all, (text, spans) => runPatternRule(rule, text, 0, spans))).toBe(true);
    },
  );

  it.each(PAIRED_RULES.map((rule) => [rule.kind, rule] as const))(
    'a generated %s is found beside its id',
    (_, rule) => {
      const find = (text: string, spans: Span[]) => {
        for (const format of FORMAT_RULES) runPatternRule(format, text, 0, spans);
        findPairedSecrets(text, spans);
        spans.splice(0, spans.length, ...spans.filter((span) => span.rank > 0 && span.kind === rule.kind));
      };
      expect(findsOne(all, find)).toBe(true);
    },
  );

  it('private keys, both assignment kinds and command-line flags are generated', () => {
    expect(findsOne(samples(PRIVATE_KEY_GENERATORS), findPrivateKeys)).toBe(true);
    const assignments = samples(ASSIGNMENT_GENERATORS);
    for (const kind of ['password-assignment', 'secret-assignment']) {
      const ofKind = assignments.filter((p) => p.kind === kind);
      expect(findsOne(ofKind, findAssignments), kind).toBe(true);
    }
    expect(findsOne(assignments, findPasswordFlags)).toBe(true);
  });

  it('every keyword is ASCII and two characters or more: the scan indexes keywords by their first two', () => {
    const keywords = [...new Set([...FORMAT_RULES, ...CONTEXT_RULES].flatMap((rule) => rule.keywords ?? []))];
    expect(keywords.filter((keyword) => !/^[\x20-\x7e]{2,}$/.test(keyword))).toEqual([]);
  });

  it('the keyword scan sees a keyword inside or starting another and reports only what occurs', () => {
    const rule = (keyword: string): PatternRule => ({ kind: keyword, keywords: [keyword], pattern: /x/g });
    const scan = keywordScanner([
      rule('AGE-SECRET-KEY-1'),
      rule('ECRET'),
      rule('eyJ'),
      rule('pat'),
      rule('pat.'),
    ]);
    expect([...scan(`x AGE-${'SECRET'}-KEY-1 y`)].sort()).toEqual(['AGE-SECRET-KEY-1', 'ECRET']);
    expect([...scan('a pat.x and a path')].sort()).toEqual(['pat', 'pat.']);
    expect([...scan('path only')]).toEqual(['pat']);
    expect([...scan('nothing here')]).toEqual([]);
    expect([...scan('eyJ')]).toEqual(['eyJ']);
    expect([...scan('e')]).toEqual([]);
  });

  it('every rule kind has a generator of that kind', () => {
    const generated = new Set(samples(ALL_GENERATORS).map((p) => p.kind));
    const kinds = [...FORMAT_RULES, ...CONTEXT_RULES, ...PAIRED_RULES].map((rule) => rule.kind);
    for (const kind of [...kinds, 'private-key', 'password-assignment', 'secret-assignment', 'env-secret']) {
      expect(generated, kind).toContain(kind);
    }
  });
});

describe('generated secrets', () => {
  for (const [name, generate] of Object.entries(ALL_GENERATORS)) {
    it(`${name}: each fresh secret becomes exactly its marker`, () => {
      expect(misses(generate, ROUNDS)).toEqual([]);
    });
  }

  it('redacting the output again changes nothing', () => {
    for (const planted of samples(ALL_GENERATORS)) {
      const env = planted.env ?? {};
      const once = redact(textOf(planted), { env }).text;
      expect(redact(once, { env })).toEqual({ text: once, count: 0, kinds: [] });
    }
  });
});

// Disguises are undone on a normalised view and the original span is redacted, invisible characters included.
const DISGUISABLE = {
  ...FORMAT_GENERATORS,
  ...CONTEXT_GENERATORS,
  ...PRIVATE_KEY_GENERATORS,
  ...ASSIGNMENT_GENERATORS,
};

describe('disguised secrets', () => {
  for (const [name, generate] of Object.entries(DISGUISABLE)) {
    it(`${name}: with a zero-width space, joiner, word joiner, soft hyphen or BOM inside`, () => {
      expect(misses(generate, ROUNDS, withInvisible)).toEqual([]);
    });
  }

  for (const [name, generate] of Object.entries(FORMAT_GENERATORS)) {
    it(`${name}: in full-width characters, wholly or in part`, () => {
      expect(misses(generate, ROUNDS / 2, (secret) => fullWidth(secret))).toEqual([]);
      expect(misses(generate, ROUNDS / 2, (secret) => fullWidth(secret, 0.3))).toEqual([]);
    });
  }

  it('an environment value is matched exactly, not through the view', () => {
    expect(misses(Object.values(ENV_GENERATORS)[0]!, ROUNDS)).toEqual([]);
  });
});
