// sha256.ts gives node:crypto's digest for any text: project keys and transcript names made before it stay the same.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/sha256.js';

const node = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('matches the standard vectors and every padding boundary', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (let length = 0; length <= 200; length++)
      expect(sha256Hex('a'.repeat(length))).toBe(node('a'.repeat(length)));
  });

  it('matches node:crypto on any text, multi-byte characters and lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(node(text));
      }),
      { numRuns: 500 },
    );
  });
});
