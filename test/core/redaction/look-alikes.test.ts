// Look-alikes of secrets (SHAs, UUIDs, ULIDs, digests, data: images, paths, placeholders, references): none is redacted.

import { describe, expect, it } from 'vitest';
import { redact } from '../../../src/core/redaction/redact.js';
import { LOOK_ALIKES, type LookAlike } from './look-alikes.js';
import { seededRandom } from './random.js';

// `REDACTION_SEED=<n> npx vitest run test/core/redaction/look-alikes.test.ts` draws other values.
const SEED = Number(process.env.REDACTION_SEED ?? 21);
const PER_CONTEXT = 40;

function flagged(family: LookAlike, seed: number): { text: string; got: string }[] {
  const r = seededRandom(seed);
  const wrong: { text: string; got: string }[] = [];
  for (const context of family.contexts) {
    for (let i = 0; i < PER_CONTEXT; i++) {
      const text = context.replace('§', family.value(r));
      const got = redact(text, { env: {} }).text;
      if (got !== text) wrong.push({ text, got });
    }
  }
  return wrong;
}

describe('look-alikes of secrets', () => {
  it.each(LOOK_ALIKES.map((family, i): [string, LookAlike, number] => [family.name, family, i]))(
    '%s: none of the fresh values is redacted',
    (_, family, i) => {
      const wrong = flagged(family, SEED + i);
      expect(wrong.slice(0, 3), `${wrong.length} redacted, REDACTION_SEED=${SEED}`).toEqual([]);
    },
  );

  it('reports the count: 0 false positives', () => {
    const total = LOOK_ALIKES.reduce((sum, family) => sum + family.contexts.length * PER_CONTEXT, 0);
    const wrong = LOOK_ALIKES.flatMap((family, i) => flagged(family, SEED + i));
    console.log(`look-alikes: ${wrong.length} of ${total} redacted (${LOOK_ALIKES.length} families)`);
    expect(wrong.length).toBe(0);
  });
});
