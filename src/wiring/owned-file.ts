// Files baton writes whole (slash commands, the skill, plugins): marked as baton's, so a re-run replaces them and
// --remove deletes them, while a person's own file at the same path is never touched.
export const OWNED_MARK = 'baton:managed';

/** The line that marks a file as baton's, in the file's own comment syntax. */
export function ownedMarkLine(syntax: 'html' | 'hash' | 'slash'): string {
  const text = `${OWNED_MARK} (written by \`baton init\`; \`baton init --remove\` deletes it)`;
  if (syntax === 'html') return `<!-- ${text} -->`;
  if (syntax === 'hash') return `# ${text}`;
  return `// ${text}`;
}

export function isOwnedText(text: string): boolean {
  return text.includes(OWNED_MARK);
}

/** Markdown with front matter: the mark goes right after the front matter, which must stay first. */
export function markMarkdown(text: string): string {
  const mark = ownedMarkLine('html');
  if (text.startsWith('---\n')) {
    const end = text.indexOf('\n---\n', 4);
    if (end !== -1) return `${text.slice(0, end + 5)}${mark}\n${text.slice(end + 5)}`;
  }
  return `${mark}\n${text}`;
}
