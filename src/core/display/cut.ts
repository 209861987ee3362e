// Cutting text to a number of characters (code points, as the note limits count them) with an ellipsis.

/** `text` cut to at most `max` code points, ending in `…` when cut; never splits a character. */
export function cut(text: string, max: number): string {
  // Code units are never fewer than code points: a text this short needs no counting.
  if (text.length <= max) return text;
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max <= 0) return '';
  return `${chars.slice(0, max - 1).join('')}…`;
}
