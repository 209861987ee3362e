// The windowed list's arithmetic (src/web/page/virtual-rows.ts): offsets from measured and estimated heights, the
// rows a viewport needs, where to scroll to show a row.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowAt, rowOffsets, rowRange, scrollFor } from '../../src/web/page/virtual-rows.js';

const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);

describe('rowOffsets', () => {
  it('uses a measured height by key, the estimate for the rest, and ends with the total', () => {
    const offsets = rowOffsets(['a', 'b', 'c'], new Map([['b', 100]]), 50);
    expect([...offsets]).toEqual([0, 50, 150, 200]);
  });

  it('keeps a measured height with its row when rows are inserted above it', () => {
    const measured = new Map([['b', 100]]);
    expect([...rowOffsets(['x', 'y', 'a', 'b', 'c'], measured, 50)]).toEqual([0, 50, 100, 150, 250, 300]);
  });

  it('takes a per-row estimate', () => {
    expect([...rowOffsets(['a', 'b'], new Map(), (i) => (i === 0 ? 80 : 40))]).toEqual([0, 80, 120]);
  });

  it('an empty list has no rows and no height', () => {
    const offsets = rowOffsets([], new Map(), 50);
    expect([...offsets]).toEqual([0]);
    expect(rowRange(offsets, 0, 900, 100)).toEqual({ start: 0, end: 0 });
    expect(scrollFor(offsets, 0, { top: 0, height: 900 }, 'center')).toBeUndefined();
  });
});

describe('rowAt and rowRange', () => {
  it('finds the row at a height, clamped to the list', () => {
    const offsets = rowOffsets(keys(4), new Map(), 10);
    expect(rowAt(offsets, -5)).toBe(0);
    expect(rowAt(offsets, 0)).toBe(0);
    expect(rowAt(offsets, 9.9)).toBe(0);
    expect(rowAt(offsets, 10)).toBe(1);
    expect(rowAt(offsets, 35)).toBe(3);
    expect(rowAt(offsets, 1_000)).toBe(3);
  });

  it('renders the viewport and the overscan each way, no more', () => {
    const offsets = rowOffsets(keys(1_000), new Map(), 50);
    // Viewport 5,000–5,900 px (rows 100–117), 200 px more each way: rows 96–121.
    expect(rowRange(offsets, 5_000, 5_900, 200)).toEqual({ start: 96, end: 122 });
    expect(rowRange(offsets, 0, 900, 200)).toEqual({ start: 0, end: 22 });
    expect(rowRange(offsets, 49_500, 50_400, 200)).toEqual({ start: 986, end: 1_000 });
  });

  it('always covers the viewport, whatever the heights (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 300 }),
        fc.nat(),
        fc.integer({ min: 1, max: 2_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (heights, topSeed, height, overscan) => {
          const measured = new Map(heights.map((h, i) => [`k${i}`, h]));
          const offsets = rowOffsets(keys(heights.length), measured, 50);
          const total = offsets[heights.length]!;
          const top = topSeed % Math.max(1, total);
          const { start, end } = rowRange(offsets, top, top + height, overscan);
          expect(start).toBeGreaterThanOrEqual(0);
          expect(end).toBeLessThanOrEqual(heights.length);
          expect(start).toBeLessThan(end);
          // The first rendered row starts at or above the viewport (less the overscan), the last ends at or below.
          expect(offsets[start]!).toBeLessThanOrEqual(Math.max(0, top - overscan));
          expect(offsets[end]!).toBeGreaterThanOrEqual(Math.min(total, top + height));
        },
      ),
    );
  });
});

describe('scrollFor', () => {
  const offsets = rowOffsets(keys(100), new Map([['k50', 200]]), 50);
  const view = { top: 1_000, height: 600 };

  it('centres a row, puts it at the top, or moves as little as needed', () => {
    // Row 50 starts at 2,500 px and is 200 px tall.
    expect(scrollFor(offsets, 50, view, 'start')).toBe(2_500);
    expect(scrollFor(offsets, 50, view, 'center')).toBe(2_300);
    expect(scrollFor(offsets, 50, view, 'nearest')).toBe(2_100);
    // Row 5 (250 px) is above: nearest brings its top to the top.
    expect(scrollFor(offsets, 5, view, 'nearest')).toBe(250);
  });

  it('leaves a row already in view where it is (nearest), and never goes above the start', () => {
    expect(scrollFor(offsets, 21, view, 'nearest')).toBeUndefined();
    expect(scrollFor(offsets, 21, view, 'auto')).toBeUndefined();
    expect(scrollFor(offsets, 50, view, 'auto')).toBe(2_300);
    expect(scrollFor(offsets, 1, view, 'center')).toBe(0);
    expect(scrollFor(offsets, -1, view, 'center')).toBeUndefined();
    expect(scrollFor(offsets, 100, view, 'center')).toBeUndefined();
  });
});
