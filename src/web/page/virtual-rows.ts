// The arithmetic of a windowed list (virtual-list.tsx), apart from the DOM so it can be tested alone: where each row
// starts given the heights measured so far (an estimate for the rest), which rows a scrolled viewport needs, and where
// to scroll to show one row.

/**
 * Each row's top, and the total height as the last entry (`offsets[n]`): a measured height where there is one (by
 * row key, so a row keeps its height when rows are inserted above it), else the estimate.
 */
export function rowOffsets(
  keys: readonly string[],
  measured: ReadonlyMap<string, number>,
  estimate: number | ((index: number) => number),
): Float64Array {
  const offsets = new Float64Array(keys.length + 1);
  let at = 0;
  for (let i = 0; i < keys.length; i++) {
    offsets[i] = at;
    const height = measured.get(keys[i]!);
    at += height ?? (typeof estimate === 'number' ? estimate : estimate(i));
  }
  offsets[keys.length] = at;
  return offsets;
}

/** The row at height `y` (the last row for `y` past the end, 0 for an empty list or `y` above the start). */
export function rowAt(offsets: Float64Array, y: number): number {
  const n = offsets.length - 1;
  if (n <= 0 || y <= 0) return 0;
  let low = 0;
  let high = n - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offsets[mid]! <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The rows to render for the part of the list from `top` to `bottom` (px), `overscan` px more each way: [start, end). */
export function rowRange(
  offsets: Float64Array,
  top: number,
  bottom: number,
  overscan: number,
): { start: number; end: number } {
  const n = offsets.length - 1;
  if (n <= 0) return { start: 0, end: 0 };
  const start = rowAt(offsets, top - overscan);
  // The last row that starts above the bottom edge (one starting right on it is not needed yet).
  const edge = Math.max(top, bottom + overscan);
  let last = rowAt(offsets, edge);
  if (last > start && offsets[last]! >= edge) last--;
  const end = Math.min(n, last + 1);
  return { start, end: Math.max(end, start + 1) };
}

export type Align = 'start' | 'center' | 'nearest' | 'auto';

/**
 * Where the list's own scroll position (`view`: its top and height, px into the list) must go for row `index` to be
 * seen: `start` puts it at the top, `center` in the middle, `nearest` moves as little as possible (undefined when it is
 * already whole in view), `auto` leaves a row in view where it is and centres one that is not. Never past the list's
 * start.
 */
export function scrollFor(
  offsets: Float64Array,
  index: number,
  view: { top: number; height: number },
  align: Align,
): number | undefined {
  const n = offsets.length - 1;
  if (index < 0 || index >= n) return undefined;
  const top = offsets[index]!;
  const height = offsets[index + 1]! - top;
  const inView = top >= view.top && top + height <= view.top + view.height;
  let target: number;
  if (align === 'auto') {
    if (inView) return undefined;
    target = top - (view.height - height) / 2;
  } else if (align === 'start') target = top;
  else if (align === 'center') target = top - (view.height - height) / 2;
  else if (inView) return undefined;
  else target = top < view.top || height > view.height ? top : top + height - view.height;
  return Math.max(0, target);
}
