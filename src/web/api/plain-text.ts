// Markdown as one line of plain text, for previews and search snippets: the marks go, the words stay.

/** `text` without Markdown's marks (headings, quotes, list bullets, code ticks, emphasis, link targets), on one line. */
export function plainText(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^\s*(`{3,}|~{3,})/.test(line))
    .map((line) => line.replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)/, ''))
    .join(' ')
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/`+/g, '')
    .replace(/(\*\*|__|~~)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/\*(?=\S)([^*\n]*?\S)\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
