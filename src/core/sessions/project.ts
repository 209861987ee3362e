// Which project a folder belongs to: its root (the git checkout's top folder, else the folder itself) and the key
// notes are grouped by. One place, for every command, hook and view that asks.
import { resolve } from 'node:path';
import { readGitInfo } from '../board/git.js';
import type { Redactor } from '../board/open-board.js';

/** The top folder of the project `cwd` belongs to: its git checkout's root, else `cwd` itself. */
export function projectRootOf(cwd: string): string {
  return readGitInfo(cwd)?.root ?? resolve(cwd);
}

/**
 * The project key: a slug of the git root of `cwd` (fallback: `cwd`), so notes group per project. The path is
 * redacted before it is slugged: a folder named like a token must not reach the board, and the slug (lowercased,
 * `_` turned into `-`) would no longer look like one to the redactor.
 */
export function projectKeyOf(cwd: string, redactPath: Redactor = (text) => ({ text, count: 0, kinds: [] })) {
  const root = redactPath(projectRootOf(cwd)).text;
  const slug = root
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // A project key is a folder name of at most 80 characters: a deep path keeps its end, the part that names it.
  return slug.slice(-PROJECT_KEY_CHARS).replace(/^-+/, '') || 'root';
}

const PROJECT_KEY_CHARS = 80;
