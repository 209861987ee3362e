// Fitting lines to a budget of characters without ever losing a handle: a line is cut from its end, before its
// handle; a line with no room for anything else is its handle alone. Lengths count code points.
import { cut } from '../display/cut.js';

/** A line of the index: what it says, then the handle that finds the item (`note:<id>`, `card:<id>`). */
export interface HandledLine {
  text: string;
  handle: string;
}

export { cut };

export function length(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

// Shorter than this, a cut text says nothing worth its characters: the handle stands alone.
const MIN_TEXT = 6;

/** The line in at most `max` code points when it can be: its text cut before the handle, else the handle alone. */
export function handledLine(line: HandledLine, max: number): string {
  const whole = `${line.text} ${line.handle}`;
  if (length(whole) <= max) return whole;
  const room = max - length(line.handle) - 1;
  return room >= MIN_TEXT ? `${cut(line.text, room)} ${line.handle}` : line.handle;
}

/**
 * The widest per-line cap (≤ `lineChars`) at which `lines` plus `fixed` characters of other text fit in `budget`,
 * and the lines cut to it (`cap`). When even handles alone do not fit, the lines are their handles alone (`fits`
 * false).
 */
export function fitLines(
  lines: HandledLine[],
  lineChars: number,
  fixed: number,
  budget: number,
): { lines: string[]; fits: boolean; cap: number } {
  // Lengths once; a line's length under a cap is then arithmetic (what handledLine makes of it).
  const sizes = lines.map((line) => ({
    whole: length(line.text) + 1 + length(line.handle),
    handle: length(line.handle),
  }));
  const sized = (size: { whole: number; handle: number }, cap: number) =>
    size.whole <= cap ? size.whole : cap - size.handle - 1 >= MIN_TEXT ? cap : size.handle;
  const total = (cap: number) => sizes.reduce((sum, size) => sum + sized(size, cap) + 1, fixed);
  const widest = Math.min(
    lineChars,
    sizes.reduce((max, size) => Math.max(max, size.whole), 0),
  );
  let cap = widest;
  if (total(widest) > budget) {
    // Binary search for the widest cap that fits: total() grows with the cap.
    let low = 0;
    let high = widest;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (total(mid) <= budget) low = mid;
      else high = mid - 1;
    }
    cap = low;
  }
  return { lines: lines.map((line) => handledLine(line, cap)), fits: total(cap) <= budget, cap };
}
