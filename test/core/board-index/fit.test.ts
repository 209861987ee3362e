// Fitting lines to a budget: a line never loses its handle, never exceeds its cap unless it is the handle alone,
// and the lines fit whenever their handles alone would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cut, fitLines, handledLine } from '../../../src/core/board-index/fit.js';

const line = fc.record({
  text: fc.string({ unit: 'grapheme', maxLength: 300 }),
  handle: fc.stringMatching(/^note:n-[0-9A-Z]{26}$/),
});
const chars = (text: string) => Array.from(text).length;

describe('fit', () => {
  it('cut never splits a code point and ends in … when it cuts', () => {
    expect(cut('a😀b', 2)).toBe('a…');
    expect(cut('a😀b', 3)).toBe('a😀b');
    expect(cut('abc', 0)).toBe('');
  });

  it('handledLine keeps the handle, within the cap unless the handle alone is longer', () => {
    fc.assert(
      fc.property(line, fc.integer({ min: 0, max: 400 }), (l, max) => {
        const out = handledLine(l, max);
        expect(out.endsWith(l.handle)).toBe(true);
        if (out !== l.handle) expect(chars(out)).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('fitLines fits the budget whenever the handles alone would, and reports when they do not', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 25 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 6000 }),
        (lines, lineChars, fixed, budget) => {
          const fitted = fitLines(lines, lineChars, fixed, budget);
          const used = fitted.lines.reduce((sum, out) => sum + chars(out) + 1, fixed);
          expect(fitted.lines.every((out, i) => out.endsWith(lines[i]!.handle))).toBe(true);
          const handlesOnly = lines.reduce((sum, l) => sum + chars(l.handle) + 1, fixed);
          if (handlesOnly <= budget) expect([fitted.fits, used <= budget]).toEqual([true, true]);
          else expect(fitted.fits).toBe(false);
        },
      ),
    );
  });
});
