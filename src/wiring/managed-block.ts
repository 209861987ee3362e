// The one block baton keeps in AGENTS.md / CLAUDE.md / GEMINI.md, between two HTML comments: replaced in place,
// appended once, taken out again with the rest of the file left as it was.
import { BatonError } from '../core/errors.js';

export const BLOCK_BEGIN = '<!-- baton:begin -->';
export const BLOCK_END = '<!-- baton:end -->';

function findBlock(path: string, text: string): { start: number; end: number } | undefined {
  const start = text.indexOf(BLOCK_BEGIN);
  const endAt = text.indexOf(BLOCK_END, start === -1 ? 0 : start);
  if (start === -1 && text.indexOf(BLOCK_END) === -1) return undefined;
  if (start === -1 || endAt === -1)
    throw new BatonError(
      'corrupt',
      `${path} has ${start === -1 ? BLOCK_END : BLOCK_BEGIN} without ${start === -1 ? BLOCK_BEGIN : BLOCK_END} — nothing was written; remove the stray marker and run baton init again`,
    );
  return { start, end: endAt + BLOCK_END.length };
}

/** `current` with baton's block set to `body` (the lines between the markers); a new file is just the block. */
export function upsertBlock(path: string, current: string | null, body: string): string {
  const block = `${BLOCK_BEGIN}\n${body.trimEnd()}\n${BLOCK_END}`;
  if (current === null || current.trim() === '') return `${block}\n`;
  const found = findBlock(path, current);
  if (found) return current.slice(0, found.start) + block + current.slice(found.end);
  return `${current}${current.endsWith('\n') ? '\n' : '\n\n'}${block}\n`;
}

/** `current` without baton's block (and the blank line init put before it); null when nothing else is left. */
export function removeBlock(path: string, current: string | null): string | null {
  if (current === null) return null;
  const found = findBlock(path, current);
  if (!found) return current;
  let before = current.slice(0, found.start);
  let after = current.slice(found.end);
  if (after.startsWith('\n')) after = after.slice(1);
  if (before.endsWith('\n\n')) before = before.slice(0, -1);
  const text = before + after;
  return text.trim() === '' ? null : text;
}
