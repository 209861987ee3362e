// Where the board's history lives: a branch (`baton` by default) of the project's own repository, checked out in a
// worktree baton manages under `state/sync/worktree`, or a clone of a separate repository named in config.json.
// Either way the user's working branch and their commits never see a record. A sync killed at any instant leaves
// git state this file repairs before the next sync uses it.
import { lstatSync, readdirSync, realpathSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { ensureFolders, entryKind } from '../store/safe-fs.js';
import { git, gitOk, maskPassword } from './git.js';

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

// How the records are merged (`baton sync` installs the driver for each merge it runs; see sync.ts).
export const GITATTRIBUTES = `# Written by baton sync: how records written on two machines are merged.
cards/*.md merge=baton
agents/*.json merge=baton
sessions/*.json merge=baton
`;

/** Opens (creating or repairing as needed) the worktree of the board's branch. */
export function openSyncRepo(board: Board, settings: SyncSettings): SyncRepo {
  const state = syncStateDir(board);
  const worktree = join(state, 'worktree');
  const { branch } = settings;
  // A separate repository is its clone's `origin`, whatever sync.remote says (that names a remote of the project's).
  const remote = settings.repo ? 'origin' : settings.remote;
  // Where the history lives is settled before anything is written.
  const project = settings.repo ? undefined : projectRoot(board);
  ensureFolders(board.root, state);
  // The project's own `git status` must not show the worktree (or anything else derived) as new files.
  const ignore = join(board.root, 'state', '.gitignore');
  if (entryKind(ignore) === 'missing') writeFileAtomic(board.root, ignore, '*\n');
  const source = settings.repo
    ? openSeparate(board, worktree, settings.repo, branch)
    : openProjectWorktree(board, project as string, worktree, remote, branch);
  repairInterrupted(worktree, remote, branch);
  const hasRemote = git(worktree, ['remote', 'get-url', '--', remote]).status === 0;
  return { worktree, source, remote, branch, remoteRef: `refs/remotes/${remote}/${branch}`, hasRemote };
}

// The top folder of the project repository that holds the board.
function projectRoot(board: Board): string {
  const project = dirname(board.root);
  const top = git(project, ['rev-parse', '--show-toplevel']);
  if (top.status !== 0) {
    throw new BatonError(
      'not_found',
      `no git repository holds the board ${board.root} — run \`git init\` in ${project} and add a remote, or name a repository for the board in config.json: {"sync": {"repo": "<url or path>"}}; nothing was written`,
    );
  }
  return top.stdout.trim();
}

function openProjectWorktree(
  board: Board,
  root: string,
  worktree: string,
  remote: string,
  branch: string,
): string {
  if (isWorktreeOf(worktree, branch)) return root;
  removeWorktree(board, root, worktree);
  const local = `refs/heads/${branch}`;
  if (refExists(root, local)) requireBoardBranch(root, local, branch);
  else {
    // Another machine may have started the branch already: begin from its history, not beside it.
    git(root, ['fetch', '--no-tags', '--quiet', remote, `+${local}:refs/remotes/${remote}/${branch}`]);
    const theirs = `refs/remotes/${remote}/${branch}`;
    let start: string;
    if (refExists(root, theirs)) {
      requireBoardBranch(root, theirs, branch);
      start = gitOk(root, ['rev-parse', '--verify', `${theirs}^{commit}`]).trim();
    } else start = firstCommit(root);
    // `''` as the old value: created only if it does not exist (a racing sync on this machine made it first).
    git(root, ['update-ref', local, start, '']);
  }
  const added = git(root, ['worktree', 'add', '--quiet', worktree, branch]);
  if (added.status !== 0) {
    const said = added.stderr.trim().split('\n').at(-1) ?? '';
    throw new BatonError(
      'conflict',
      `cannot check out the board's branch ${branch} in ${worktree}: ${said} — if it is checked out elsewhere (\`git worktree list\`), switch that checkout to another branch`,
    );
  }
  return root;
}

function openSeparate(board: Board, worktree: string, repo: string, branch: string): string {
  if (repo.startsWith('-')) {
    throw new BatonError(
      'invalid_input',
      `sync.repo ${JSON.stringify(repo)} in config.json is not a repository (a name starting with "-" would be read as an option) — nothing was written`,
    );
  }
  if (isWorktreeOf(worktree, branch)) {
    if (git(worktree, ['remote', 'get-url', 'origin']).stdout.trim() !== repo)
      gitOk(worktree, ['remote', 'set-url', 'origin', repo]);
    return repo;
  }
  removeTree(board, worktree);
  // Cloned beside its place and renamed in: a clone killed half-way never looks like a repository.
  const temp = `${worktree}.baton-tmp`;
  removeTree(board, temp);
  const cloned = git(dirname(worktree), ['clone', '--quiet', '--no-checkout', '--', repo, temp]);
  if (cloned.status !== 0) {
    removeTree(board, temp);
    const said = cloned.stderr.trim().split('\n').at(-1) ?? '';
    throw new BatonError('io', `cannot clone sync.repo ${maskPassword(repo)}: ${maskPassword(said)}`);
  }
  const remoteRef = `refs/remotes/origin/${branch}`;
  const fromRemote = refExists(temp, remoteRef);
  if (fromRemote) {
    try {
      requireBoardBranch(temp, remoteRef, branch);
    } catch (error) {
      removeTree(board, temp);
      throw error;
    }
  }
  const start = fromRemote ? remoteRef : firstCommit(temp);
  gitOk(temp, ['checkout', '--quiet', '-B', branch, start]);
  git(temp, ['branch', '--quiet', '--unset-upstream']);
  renameSync(temp, worktree);
  return repo;
}

/**
 * Refuses a branch that is not a board's (a project branch that happens to be named `baton`): its files would be
 * mixed with records and the board's commits pushed onto it. A board's branch is empty (just begun) or holds the
 * `.gitattributes` baton writes; anything else another machine pushed there is reported record by record instead.
 */
export function requireBoardBranch(cwd: string, ref: string, branch: string): void {
  const names = gitOk(cwd, ['ls-tree', '--name-only', '-z', `${ref}^{tree}`])
    .split('\0')
    .filter(Boolean);
  if (names.length === 0) return;
  const marker = git(cwd, ['cat-file', 'blob', `${ref}:.gitattributes`]);
  if (marker.status === 0 && marker.stdout.startsWith(GITATTRIBUTES.split('\n')[0] as string)) return;
  const shown = names.slice(0, 3).join(', ') + (names.length > 3 ? ', …' : '');
  throw new BatonError(
    'conflict',
    `the branch ${branch} (${ref}) is not a board's (it holds ${shown}) — name another branch for the board in config.json: {"sync": {"branch": "baton-board"}}; nothing was written`,
  );
}

/** True when `dir` is a working checkout whose own top folder is `dir` and whose HEAD is the board's branch. */
function isWorktreeOf(dir: string, branch: string): boolean {
  try {
    if (!lstatSync(dir).isDirectory() || !lstatSync(join(dir, '.git'))) return false;
  } catch {
    return false;
  }
  const top = git(dir, ['rev-parse', '--show-toplevel']);
  if (top.status !== 0 || !samePath(top.stdout.trim(), dir)) return false;
  const head = git(dir, ['symbolic-ref', '--quiet', 'HEAD']);
  if (head.status !== 0 || head.stdout.trim() !== `refs/heads/${branch}`) return false;
  return git(dir, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).status === 0;
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

function refExists(cwd: string, ref: string): boolean {
  return git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).status === 0;
}

// The branch's first commit: an empty tree, so the board's history never shares a file with the project's.
function firstCommit(cwd: string): string {
  const tree = gitOk(cwd, ['mktree'], { input: '' }).trim();
  return gitOk(cwd, ['commit-tree', tree, '-m', 'baton: the board’s branch'], {
    config: identity(),
  }).trim();
}

/** The name baton commits under (the board's branch is baton's, whoever runs it). */
export function identity(): Record<string, string> {
  return { 'user.name': 'baton', 'user.email': 'baton@localhost' };
}

// A worktree that is broken (a sync killed while creating it) or gone: unregistered, removed, made again.
function removeWorktree(board: Board, root: string, worktree: string): void {
  // Through a link planted at this path git would find, and remove, whatever worktree the link points at.
  if (entryKind(worktree) === 'dir') git(root, ['worktree', 'remove', '--force', '--force', worktree]);
  removeTree(board, worktree);
  git(root, ['worktree', 'prune']);
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
 * merge in progress, files checked out half-way. The worktree then holds exactly its last commit.
 */
function repairInterrupted(worktree: string, remote: string, branch: string): void {
  const [gitDir = '', commonDir = ''] = gitOk(worktree, [
    'rev-parse',
    '--path-format=absolute',
    '--git-dir',
    '--git-common-dir',
  ])
    .trim()
    .split('\n');
  const locks = [
    ...lockFilesIn(gitDir),
    join(commonDir, 'refs', 'heads', `${branch}.lock`),
    join(commonDir, 'refs', 'remotes', remote, `${branch}.lock`),
  ];
  // A separate clone is baton's alone: any lock at its top is left by a killed sync.
  if (gitDir === commonDir) locks.push(...lockFilesIn(commonDir));
  for (const lock of new Set(locks)) clearLock(lock);
  if (entryKind(join(gitDir, 'MERGE_HEAD')) === 'file') git(worktree, ['merge', '--abort']);
  gitOk(worktree, ['reset', '--quiet', '--hard', 'HEAD']);
  gitOk(worktree, ['clean', '--quiet', '-d', '--force']);
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

function clearLock(lock: string): void {
  const deadline = Date.now() + LOCK_GRACE_MS;
  for (;;) {
    let age: number;
    try {
      age = Date.now() - statSync(lock).mtimeMs;
    } catch {
      return; // no lock (or its git finished)
    }
    if (age > LOCK_GRACE_MS || Date.now() > deadline) break;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
  }
  try {
    rmSync(lock, { force: true });
  } catch {
    // gone meanwhile
  }
}
