// Fitting text into a character budget: cutting a text to an excerpt, finding the longest rendering that fits,
// and sharing one budget fairly among several items. Characters are UTF-16 code units, as `String.length` counts.

/** `text` cut to at most `chars` characters, ending in `…` when it was cut; never splits a surrogate pair. */
export function excerpt(text: string, chars: number): string {
  if (text.length <= chars) return text;
  if (chars <= 1) return '…';
  let end = chars - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * The rendering for the largest `k` in `[lo, hi]` whose text fits `limit`, or undefined when even `lo` does not.
 * `render` must grow (or stay) as `k` grows: a binary search, so a 200,000-character body costs ~18 renderings.
 */
export function longestFitting(
  lo: number,
  hi: number,
  limit: number,
  render: (k: number) => string,
): string | undefined {
  let best = render(lo);
  if (best.length > limit) return undefined;
  let low = lo + 1;
  let high = hi;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    const text = render(mid);
    if (text.length <= limit) {
      best = text;
      low = mid + 1;
    } else high = mid - 1;
  }
  return best;
}

/**
 * One budget shared among items: the smallest first, each given an equal share of what is left, so a small item
 * stays whole and what it does not use goes to the larger ones. `render(item, limit)` may exceed `limit` (an
 * item's minimum always stays); the overrun is taken from the items after it. Texts come back in the given order.
 */
export function shareBudget<T>(
  items: readonly T[],
  budget: number,
  fullLength: (item: T) => number,
  render: (item: T, limit: number) => string,
): string[] {
  const order = items.map((item, i) => ({ item, i, length: fullLength(item) }));
  order.sort((a, b) => a.length - b.length || a.i - b.i);
  const out: string[] = new Array(items.length);
  let left = Math.max(0, budget);
  order.forEach(({ item, i }, n) => {
    const share = Math.floor(left / (order.length - n));
    const text = render(item, share);
    out[i] = text;
    left = Math.max(0, left - text.length);
  });
  return out;
}
