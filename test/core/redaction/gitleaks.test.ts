// Every gitleaks rule with a fixed prefix: 200 fresh tokens each, planted in text, each redacted exactly; the count is kept.

import { describe, expect, it } from 'vitest';
import { CONTEXT_RULES } from '../../../src/core/redaction/context-rules.js';
import { FORMAT_RULES } from '../../../src/core/redaction/format-rules.js';
import { redact } from '../../../src/core/redaction/redact.js';
import { COVERED, type CoveredRow, LEFT_OUT } from './gitleaks-table.js';
import { PROSE } from './gitleaks-tokens.js';
import { type Random, seededRandom } from './random.js';

// `REDACTION_SEED=<n> npx vitest run test/core/redaction/gitleaks.test.ts` draws other tokens.
const SEED = Number(process.env.REDACTION_SEED ?? 21);
const PER_RULE = 200;
// Of gitleaks' 225 rules, 133 have a secret that starts with fixed text: 127 covered (122 by the token's
// format alone, 5 as the value of a secret-named key), 6 left out.
const COVERED_RULES = 127;
const BY_NAME_ONLY = 5;
const LEFT_OUT_RULES = 6;

/** A seed of its own for each rule, so that adding a rule does not change the tokens of the others. */
function seedOf(id: string): number {
  let hash = SEED >>> 0;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

function plant(row: CoveredRow, r: Random): { text: string; expected: string } {
  const [before, after] = r.pick(row.contexts ?? PROSE).split('§') as [string, string];
  return { text: `${before}${row.token(r)}${after}`, expected: `${before}[REDACTED:${row.kind}]${after}` };
}

const counted = COVERED.filter((row) => row.fixedPrefix !== false);

describe('gitleaks rules with a fixed prefix', () => {
  it(`covers ${COVERED_RULES} of them and leaves ${LEFT_OUT_RULES} out, each for a stated reason`, () => {
    const byName = counted.filter((row) => row.kind === 'secret-assignment');
    console.log(
      `gitleaks rules with a fixed prefix: ${counted.length + LEFT_OUT.length}; covered ${counted.length} ` +
        `(${counted.length - byName.length} by format, ${byName.length} only as a secret-named key's value); ` +
        `left out ${LEFT_OUT.length} (${LEFT_OUT.map((row) => row.id).join(', ')})`,
    );
    expect(counted.length).toBe(COVERED_RULES);
    expect(byName.length).toBe(BY_NAME_ONLY);
    expect(LEFT_OUT.length).toBe(LEFT_OUT_RULES);
    for (const row of LEFT_OUT) expect(row.why.length, row.id).toBeGreaterThan(20);
  });

  it('names each gitleaks rule once, and maps it to a kind that redaction reports', () => {
    const ids = [...COVERED, ...LEFT_OUT].map((row) => row.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const kinds = new Set([
      ...[...FORMAT_RULES, ...CONTEXT_RULES].map((rule) => rule.kind),
      'private-key',
      'secret-assignment',
    ]);
    expect(COVERED.filter((row) => !kinds.has(row.kind)).map((row) => `${row.id}: ${row.kind}`)).toEqual([]);
  });

  it.each(COVERED.map((row): [string, CoveredRow] => [row.id, row]))(
    `%s: ${PER_RULE} fresh tokens are each redacted exactly`,
    (_, row) => {
      const r = seededRandom(seedOf(row.id));
      const misses: { text: string; got: string }[] = [];
      for (let i = 0; i < PER_RULE; i++) {
        const { text, expected } = plant(row, r);
        const got = redact(text, { env: {} }).text;
        if (got !== expected) misses.push({ text, got });
      }
      expect(misses.slice(0, 3), `${misses.length}/${PER_RULE} missed, REDACTION_SEED=${SEED}`).toEqual([]);
    },
  );
});
