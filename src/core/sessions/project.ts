// Which project a folder belongs to: its root (the git checkout's top folder, else the folder itself) and the key
// notes and sessions are grouped by. One place, for every command, hook and view that asks.
//
// The key is what the clones of a repository share, so a handoff written on one machine is the same project's on
// another after `baton sync`:
//   1. `project` in the board's config.json, when set (not on the global board, which holds several projects);
//   2. else the URL of the checkout's `origin` remote, normalised (remote-url.ts): `github.com/o/r` → `github-com-o-r`;
//   3. else (no remote, or not a checkout) the folder's name and 8 hex digits of a hash of where its repository lives
//      (`scratch-1a2b3c4d`). A folder name alone would merge two unrelated repositories that happen to share a name
//      on one board; the path is what tells them apart, and a repository without a remote has no other identity its
//      copies share (its first commit would, but finding it means walking history: no child process runs here).
//      The hash is of the repository's git folder, so its worktrees are the same project. To make copies on two
//      machines one project, set `project` in config.json.
// Notes and sessions written before this rule carry a slug of the checkout's path (pathKeyOf); project-aliases.ts
// maps those to the key above when reading.
import { basename, dirname, join, resolve } from 'node:path';
import { loadSettings } from '../board/config.js';
import { findCheckout, readRemoteUrl } from '../board/git.js';
import type { Board, Redactor } from '../board/open-board.js';
import { sha256Hex } from '../sha256.js';
import { normalizeRemoteUrl } from './remote-url.js';

export type ProjectKeySource = 'config' | 'origin' | 'folder';

export interface ProjectIdentity {
  key: string;
  from: ProjectKeySource;
  /** The project's top folder (see projectRootOf). */
  root: string;
  /** With `origin`: the remote's normalised URL, redacted (never a credential). */
  remote?: string;
  /** Why a rule before the one used was passed over: an unreadable git config, a `project` ignored. */
  problem?: string;
}

/** The top folder of the project `cwd` belongs to: its git checkout's root, else `cwd` itself. */
export function projectRootOf(cwd: string): string {
  return findCheckout(cwd)?.root ?? resolve(cwd);
}

/**
 * The project key of `cwd` on `board` (see the rules above). Without a board (a tool or test outside one): no
 * config.json, nothing redacted.
 */
export function projectKeyOf(cwd: string, board?: Board): string {
  return projectIdentityOf(cwd, board).key;
}

/** The project key of `cwd`, with which rule gave it and why an earlier one did not. */
export function projectIdentityOf(cwd: string, board?: Board): ProjectIdentity {
  const checkout = findCheckout(cwd);
  const root = checkout?.root ?? resolve(cwd);
  const problems: string[] = [];
  const redact: Redactor = board?.redact ?? ((text) => ({ text, count: 0, kinds: [] }));
  const configured = board && configuredKey(board, problems);
  if (configured) return { key: configured, from: 'config', root, ...problemOf(problems) };
  if (checkout) {
    const read = readRemoteUrl(checkout);
    if (!read.ok) problems.push(`${join(checkout.commonDir, 'config')} ${read.reason}: origin not read`);
    const remote = read.ok && read.url !== undefined ? normalizeRemoteUrl(read.url, root) : undefined;
    if (remote !== undefined) {
      const shown = redact(remote).text;
      return { key: keySlug(shown), from: 'origin', root, remote: shown, ...problemOf(problems) };
    }
  }
  // The repository's git folder (shared by its worktrees), else the folder itself.
  const where = checkout ? checkout.commonDir : root;
  const name = checkout ? repositoryName(checkout.commonDir) : basename(root);
  const hash = sha256Hex(where).slice(0, FOLDER_HASH);
  const stem = slug(redact(name).text)
    .slice(0, PROJECT_KEY_CHARS - FOLDER_HASH - 1)
    .replace(/-+$/, '');
  return { key: `${stem || 'root'}-${hash}`, from: 'folder', root, ...problemOf(problems) };
}

/**
 * The key the rule before this one gave `cwd`: a slug of its project root's absolute path, redacted before it is
 * slugged (a folder named like a token must not reach the board, and the slug would no longer look like one to the
 * redactor). Notes and sessions of older versions carry it.
 */
export function pathKeyOf(
  cwd: string,
  redactPath: Redactor = (text) => ({ text, count: 0, kinds: [] }),
): string {
  return keySlug(redactPath(projectRootOf(cwd)).text);
}

/** The keys pathKeyOf gave for a project rooted at `cwd` or at any folder above it, deepest first. */
export function pathKeysAbove(cwd: string, redactPath: Redactor): string[] {
  const keys: string[] = [];
  let dir = resolve(cwd);
  for (;;) {
    keys.push(keySlug(redactPath(dir).text));
    const parent = dirname(dir);
    if (parent === dir) return keys;
    dir = parent;
  }
}

// `project` of config.json; on the global board (one board, many projects) it is ignored, with a problem.
function configuredKey(board: Board, problems: string[]): string | undefined {
  const { settings, problems: found } = loadSettings(board);
  problems.push(...found.filter((problem) => problem.includes(': project ')));
  if (settings.project === undefined) return undefined;
  if (resolve(board.root) === resolve(board.home, '.baton')) {
    problems.push(
      `${join(board.root, 'config.json')}: project is ignored on the global board (it holds several projects)`,
    );
    return undefined;
  }
  return settings.project;
}

// The name of a repository from its git folder: `<name>/.git` → `name`, a bare `name.git` → `name`.
function repositoryName(commonDir: string): string {
  const base = basename(commonDir);
  if (base === '.git') return basename(dirname(commonDir));
  return base.replace(/\.git$/, '') || base;
}

function problemOf(problems: string[]): { problem?: string } {
  return problems.length > 0 ? { problem: problems.join('; ') } : {};
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// A project key is a folder name of at most 80 characters: a long one keeps its end, the part that names it.
function keySlug(text: string): string {
  return slug(text).slice(-PROJECT_KEY_CHARS).replace(/^-+/, '') || 'root';
}

const PROJECT_KEY_CHARS = 80;
const FOLDER_HASH = 8;
