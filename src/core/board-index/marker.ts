// The index's opening and closing lines, and replacing an earlier index in a text: a context that is given the
// index twice holds it once (a re-injection recognises the previous one by its header line and replaces it).

/** The header line starts so (`<baton-index board="…" …>`); nothing else in the index starts a line so. */
export const INDEX_OPEN = '<baton-index';
export const INDEX_CLOSE = '</baton-index>';

/**
 * `context` with every earlier index block removed and `index` put where the first one was (else appended after a
 * blank line). An `index` of `''` only removes. A block opened and never closed runs to the end of the text.
 */
export function replaceIndex(context: string, index: string): string {
  const lines = context.split('\n');
  const kept: string[] = [];
  let at = -1;
  let inside = false;
  for (const line of lines) {
    if (!inside && isOpening(line)) {
      inside = true;
      if (at === -1) at = kept.length;
      continue;
    }
    if (inside) {
      if (line === INDEX_CLOSE) inside = false;
      continue;
    }
    kept.push(line);
  }
  if (index === '') return kept.join('\n');
  if (at === -1) {
    const text = kept.join('\n').replace(/\n+$/, '');
    return text === '' ? index : `${text}\n\n${index}`;
  }
  kept.splice(at, 0, index);
  return kept.join('\n');
}

function isOpening(line: string): boolean {
  return line.startsWith(INDEX_OPEN) && (line[INDEX_OPEN.length] === ' ' || line[INDEX_OPEN.length] === '>');
}
