// Where the board's history lives: a branch (`baton` by default) of the project's own repository, checked out in a
// worktree baton manages under `state/sync/worktree`, or a clone of a separate repository named in config.json.
// Either way the user's working branch and their commits never see a record. A sync killed at any instant leaves
// git state this file repairs before the next sync uses it. Whatever is checked out has baton's own attributes only
// (attributes.ts).
import { lstatSync, readdirSync, realpathSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { ensureFolders, entryKind, type Problem } from '../store/safe-fs.js';
import { GITATTRIBUTES_MARK, trustedCommit } from './attributes.js';
import { type Git, gitFailure, identity, maskPassword } from './git.js';

export interface SyncSettings {
  /** A separate repository (URL or path) for the board; absent: the project's own repository. */
  repo?: string;
  /** The remote machines meet at (default `origin`). */
  remote: string;
  /** The board's branch (default `baton`). */
  branch: string;
}

export interface SyncRepo {
  /** The checkout of the board's branch that sync works in. */
  worktree: string;
  /** Where the board's history is kept: the project repository's top folder, or the separate repository. */
  source: string;
  remote: string;
  branch: string;
  /** `refs/remotes/<remote>/<branch>`: the other machines' history as last fetched. */
  remoteRef: string;
  /** Whether the repository has the remote at all. */
  hasRemote: boolean;
}

/** `state/sync/`: everything sync keeps for itself (derived: deleting it loses nothing the branch does not hold). */
export function syncStateDir(board: Board): string {
  return join(board.root, 'state', 'sync');
}

/** Where a commit with another machine's attribute files is remade with baton's (a temporary index). */
export function scratchIndex(board: Board): string {
  return join(syncStateDir(board), 'attributes.index');
}

/**
 * Opens (creating or repairing as needed) the worktree of the board's branch. Attribute files from elsewhere met on
 * the way are reported in `problems` and not checked out.
 */
export async function openSyncRepo(
  board: Board,
  git: Git,
  settings: SyncSettings,
  problems: Problem[],
): Promise<SyncRepo> {
  const state = syncStateDir(board);
  const worktree = join(state, 'worktree');
  const { branch } = settings;
  // A separate repository is its clone's `origin`, whatever sync.remote says (that names a remote of the project's).
  const remote = settings.repo ? 'origin' : settings.remote;
  // Where the history lives is settled before anything is written.
  const project = settings.repo ? undefined : await projectRoot(git, board);
  ensureFolders(board.root, state);
  // The project's own `git status` must not show the worktree (or anything else derived) as new files.
  const ignore = join(board.root, 'state', '.gitignore');
  if (entryKind(ignore) === 'missing') writeFileAtomic(board.root, ignore, '*\n');
  const trust = (cwd: string, commit: string) =>
    trustedCommit(git, cwd, commit, scratchIndex(board), problems);
  const source = settings.repo
    ? await openSeparate(board, git, trust, worktree, settings.repo, branch)
    : await openProjectWorktree(board, git, trust, project as string, worktree, remote, branch);
  await repairInterrupted(git, trust, worktree, remote, branch);
  const hasRemote = (await git.run(worktree, ['remote', 'get-url', '--', remote])).status === 0;
  return { worktree, source, remote, branch, remoteRef: `refs/remotes/${remote}/${branch}`, hasRemote };
}

// The top folder of the project repository that holds the board.
async function projectRoot(git: Git, board: Board): Promise<string> {
  const project = dirname(board.root);
  const top = await git.run(project, ['rev-parse', '--show-toplevel']);
  if (top.status !== 0) {
    throw new BatonError(
      'not_found',
      `no git repository holds the board ${board.root} — run \`git init\` in ${project} and add a remote, or name a repository for the board in config.json: {"sync": {"repo": "<url or path>"}}; nothing was written`,
    );
  }
  return top.stdout.trim();
}

/** A commit as it may be checked out here: itself, or the copy with baton's own attributes (attributes.ts). */
type Trust = (cwd: string, commit: string) => Promise<string>;

async function openProjectWorktree(
  board: Board,
  git: Git,
  trust: Trust,
  root: string,
  worktree: string,
  remote: string,
  branch: string,
): Promise<string> {
  if (await isWorktreeOf(git, worktree, branch)) return root;
  await removeWorktree(board, git, root, worktree);
  const local = `refs/heads/${branch}`;
  if (await refExists(git, root, local)) {
    await requireBoardBranch(git, root, local, branch);
    // Made here before baton kept to its own attributes: moved on to the trusted copy before it is checked out.
    const tip = await commitOf(git, root, local);
    const trusted = await trust(root, tip);
    if (trusted !== tip) await git.ok(root, ['update-ref', local, trusted, tip]);
  } else {
    // Another machine may have started the branch already: begin from its history, not beside it.
    await git.run(root, [
      'fetch',
      '--no-tags',
      '--quiet',
      remote,
      `+${local}:refs/remotes/${remote}/${branch}`,
    ]);
    const theirs = `refs/remotes/${remote}/${branch}`;
    let start: string;
    if (await refExists(git, root, theirs)) {
      await requireBoardBranch(git, root, theirs, branch);
      start = await trust(root, await commitOf(git, root, theirs));
    } else start = await firstCommit(git, root);
    // `''` as the old value: created only if it does not exist (a racing sync on this machine made it first).
    await git.run(root, ['update-ref', local, start, '']);
  }
  const added = await git.run(root, ['worktree', 'add', '--quiet', worktree, branch]);
  if (added.status !== 0) {
    const said = added.stderr.trim().split('\n').at(-1) ?? '';
    throw new BatonError(
      'conflict',
      `cannot check out the board's branch ${branch} in ${worktree}: ${said} — if it is checked out elsewhere (\`git worktree list\`), switch that checkout to another branch`,
    );
  }
  return root;
}

async function openSeparate(
  board: Board,
  git: Git,
  trust: Trust,
  worktree: string,
  repo: string,
  branch: string,
): Promise<string> {
  if (repo.startsWith('-')) {
    throw new BatonError(
      'invalid_input',
      `sync.repo ${JSON.stringify(repo)} in config.json is not a repository (a name starting with "-" would be read as an option) — nothing was written`,
    );
  }
  if (await isWorktreeOf(git, worktree, branch)) {
    if ((await git.run(worktree, ['remote', 'get-url', 'origin'])).stdout.trim() !== repo)
      await git.ok(worktree, ['remote', 'set-url', 'origin', repo]);
    return repo;
  }
  removeTree(board, worktree);
  // Cloned beside its place and renamed in: a clone killed half-way never looks like a repository.
  const temp = `${worktree}.baton-tmp`;
  removeTree(board, temp);
  const cloned = await git.run(dirname(worktree), ['clone', '--quiet', '--no-checkout', '--', repo, temp]);
  if (cloned.status !== 0) {
    removeTree(board, temp);
    const said = cloned.stderr.trim().split('\n').at(-1) ?? '';
    throw new BatonError('io', `cannot clone sync.repo ${maskPassword(repo)}: ${maskPassword(said)}`);
  }
  const remoteRef = `refs/remotes/origin/${branch}`;
  let start: string;
  try {
    if (await refExists(git, temp, remoteRef)) {
      await requireBoardBranch(git, temp, remoteRef, branch);
      start = await trust(temp, await commitOf(git, temp, remoteRef));
    } else start = await firstCommit(git, temp);
  } catch (error) {
    removeTree(board, temp);
    throw error;
  }
  await git.ok(temp, ['checkout', '--quiet', '-B', branch, start]);
  await git.run(temp, ['branch', '--quiet', '--unset-upstream']);
  renameSync(temp, worktree);
  return repo;
}

/**
 * Refuses a branch that is not a board's (a project branch that happens to be named `baton`): its files would be
 * mixed with records and the board's commits pushed onto it. A board's branch is empty (just begun) or holds the
 * `.gitattributes` baton writes; anything else another machine pushed there is reported record by record instead.
 */
export async function requireBoardBranch(git: Git, cwd: string, ref: string, branch: string): Promise<void> {
  // The first names are enough (a branch another machine filled with a million files is not read whole).
  const listed = await git.run(cwd, ['ls-tree', '--name-only', '-z', `${ref}^{tree}`], { maxOutput: 4096 });
  if (listed.status !== 0 && !listed.truncated) throw gitFailure(['ls-tree'], listed);
  const names = listed.stdout
    .split('\0')
    .slice(0, listed.truncated ? -1 : undefined)
    .filter(Boolean);
  if (names.length === 0 && !listed.truncated) return;
  // Only the mark is read here; whether the whole file is baton's is trustedCommit's to judge.
  const marker = await git.run(cwd, ['cat-file', 'blob', `${ref}:.gitattributes`], { maxOutput: 4096 });
  if ((marker.status === 0 || marker.truncated) && marker.stdout.startsWith(GITATTRIBUTES_MARK)) return;
  const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
  throw new BatonError(
    'conflict',
    `the branch ${branch} (${ref}) is not a board's (it holds ${shown}) — name another branch for the board in config.json: {"sync": {"branch": "baton-board"}}; nothing was written`,
  );
}

/** True when `dir` is a working checkout whose own top folder is `dir` and whose HEAD is the board's branch. */
async function isWorktreeOf(git: Git, dir: string, branch: string): Promise<boolean> {
  try {
    if (!lstatSync(dir).isDirectory() || !lstatSync(join(dir, '.git'))) return false;
  } catch {
    return false;
  }
  const top = await git.run(dir, ['rev-parse', '--show-toplevel']);
  if (top.status !== 0 || !samePath(top.stdout.trim(), dir)) return false;
  const head = await git.run(dir, ['symbolic-ref', '--quiet', 'HEAD']);
  if (head.status !== 0 || head.stdout.trim() !== `refs/heads/${branch}`) return false;
  return (await git.run(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])).status === 0;
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

async function refExists(git: Git, cwd: string, ref: string): Promise<boolean> {
  return (await git.run(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).status === 0;
}

/** The full id of the commit `ref` names. */
export async function commitOf(git: Git, cwd: string, ref: string): Promise<string> {
  return (await git.ok(cwd, ['rev-parse', '--verify', `${ref}^{commit}`])).trim();
}

// The branch's first commit: an empty tree, so the board's history never shares a file with the project's.
async function firstCommit(git: Git, cwd: string): Promise<string> {
  const tree = (await git.ok(cwd, ['mktree'], { input: '' })).trim();
  return (
    await git.ok(cwd, ['commit-tree', tree, '-m', 'baton: the board’s branch'], {
      config: identity(),
    })
  ).trim();
}

// A worktree that is broken (a sync killed while creating it) or gone: unregistered, removed, made again.
async function removeWorktree(board: Board, git: Git, root: string, worktree: string): Promise<void> {
  // Through a link planted at this path git would find, and remove, whatever worktree the link points at.
  if (entryKind(worktree) === 'dir')
    await git.run(root, ['worktree', 'remove', '--force', '--force', worktree]);
  removeTree(board, worktree);
  await git.run(root, ['worktree', 'prune']);
}

// Only a real folder inside state/sync is ever removed (never through a link).
function removeTree(board: Board, dir: string): void {
  const kind = entryKind(dir);
  if (kind === 'missing') return;
  if (kind === 'symlink' || kind === 'file' || kind === 'other') {
    unlinkSync(dir);
    return;
  }
  ensureFolders(board.root, dir);
  rmSync(dir, { recursive: true, force: true });
}

// How long a git lock may still belong to a git that outlived a killed sync (it finishes on its own).
const LOCK_GRACE_MS = 5_000;

/**
 * Undoes what a killed sync left: git's lock files (after a grace period for a git process that outlived it), a
 * merge in progress, files checked out half-way. The worktree then holds exactly its last commit — moved on to the
 * trusted copy when that commit has attribute files from elsewhere (merged before baton kept to its own).
 */
async function repairInterrupted(
  git: Git,
  trust: Trust,
  worktree: string,
  remote: string,
  branch: string,
): Promise<void> {
  const [gitDir = '', commonDir = ''] = (
    await git.ok(worktree, ['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir'])
  )
    .trim()
    .split('\n');
  const locks = [
    ...lockFilesIn(gitDir),
    join(commonDir, 'refs', 'heads', `${branch}.lock`),
    join(commonDir, 'refs', 'remotes', remote, `${branch}.lock`),
  ];
  // A separate clone is baton's alone: any lock at its top is left by a killed sync.
  if (gitDir === commonDir) locks.push(...lockFilesIn(commonDir));
  for (const lock of new Set(locks)) await clearLock(git, lock);
  if (entryKind(join(gitDir, 'MERGE_HEAD')) === 'file') await git.run(worktree, ['merge', '--abort']);
  const head = await trust(worktree, await commitOf(git, worktree, 'HEAD'));
  await git.ok(worktree, ['reset', '--quiet', '--hard', head]);
  await git.ok(worktree, ['clean', '--quiet', '-d', '--force']);
}

function lockFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.lock'))
      .map((name) => join(dir, name));
  } catch {
    return [];
  }
}

async function clearLock(git: Git, lock: string): Promise<void> {
  const deadline = Date.now() + LOCK_GRACE_MS;
  for (;;) {
    let age: number;
    try {
      age = Date.now() - statSync(lock).mtimeMs;
    } catch {
      return; // no lock (or its git finished)
    }
    if (age > LOCK_GRACE_MS || Date.now() > deadline) break;
    await git.nap(100);
  }
  try {
    rmSync(lock, { force: true });
  } catch {
    // gone meanwhile
  }
}
