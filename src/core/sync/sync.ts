// `baton sync`: the board through git. Under one lock per board: finish taking in what an interrupted sync merged,
// commit this machine's changes, fetch, merge (records merged by the driver installed for each merge), take the
// merge in, push — and on a push that lost a race, fetch and merge again. The board changes only by applyChanges,
// record by record, after git has finished; a merge that still conflicts is aborted and the board is left as it was.
// Every git command runs asynchronously and stops on the caller's signal; a commit from elsewhere is merged only as
// a copy with baton's own attributes (attributes.ts).
import { hostname } from 'node:os';
import { join } from 'node:path';
import { loadSettings, type Settings } from '../board/config.js';
import { type Board, requireBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { withLockAsync } from '../store/lock.js';
import { readTextFile } from '../store/read-file.js';
import { entryKind, type Problem } from '../store/safe-fs.js';
import { type ApplyCounts, applyChanges } from './apply.js';
import { GITATTRIBUTES, trustedCommit } from './attributes.js';
import { exportRecords } from './export.js';
import { createGit, type Git, gitFailure, identity } from './git.js';
import {
  commitOf,
  openSyncRepo,
  requireBoardBranch,
  type SyncRepo,
  scratchIndex,
  syncStateDir,
} from './repo.js';

export interface SyncOptions {
  /**
   * The command git runs to merge two versions of a record, before ` %O %A %B %P` (the CLI passes itself:
   * `'<node>' '<baton>' sync merge-file`). Without it, both-sides changes to one card stop the merge.
   */
  mergeDriver?: string;
  /** Push attempts before giving up on a remote that keeps moving (default 20). */
  attempts?: number;
  /** Stops the sync: the git running is stopped, and the sync rejects with GitInterrupted (nothing is lost). */
  signal?: AbortSignal;
}

/** Another `baton sync` of this board is running (its lock is held by a live process). */
export class SyncBusy extends BatonError {
  constructor(board: Board) {
    super(
      'conflict',
      `another baton sync of ${board.root} is running — it carries this machine's changes too; wait for it, or run \`baton sync\` again`,
    );
  }
}

export interface SyncResult {
  board: string;
  /** Where the history lives: the project repository or sync.repo. */
  repository: string;
  remote: string;
  branch: string;
  /** Records changed on this machine since the last sync, now committed. */
  committed: number;
  /** What arrived from other machines and was written here. */
  received: ApplyCounts;
  pushed: boolean;
  /** False when the repository has no such remote: the changes were committed here only. */
  hasRemote: boolean;
  /** Fetch–merge–push rounds it took (more than 1: another machine pushed in between). */
  rounds: number;
  /** Files skipped on either side, with why. */
  problems: Problem[];
}

/** The board's folder, or its board.json, is no longer there (deleted while a `--watch` ran). */
export class BoardGone extends BatonError {
  constructor(board: Board) {
    super(
      'no_board',
      `the board ${board.root} is gone (deleted or moved) — baton sync stopped; run \`baton init\` there, or sync the board where it is now`,
    );
  }
}

/** Whether the board is still there: its folder (not a link to one, unless the root itself is) and its board.json. */
export function boardIsThere(board: Board): boolean {
  try {
    return entryKind(join(board.root, 'board.json')) === 'file';
  } catch {
    return false;
  }
}

/**
 * Synchronises the board with its branch on the remote. Rejects with `conflict` when a merge cannot be completed,
 * SyncBusy when another sync of the board runs (wait asynchronously and try again), BoardGone when the board was
 * removed, GitInterrupted on the signal.
 */
export async function syncBoard(board: Board, options: SyncOptions = {}): Promise<SyncResult> {
  requireBoard(board);
  // Checked before anything is written: the lock and the sync's own folders would make a deleted board reappear.
  if (!boardIsThere(board)) throw new BoardGone(board);
  const settings = loadSettings(board).settings.sync;
  const lockPath = join(syncStateDir(board), 'run');
  let started = false;
  try {
    return await withLockAsync(
      board.root,
      lockPath,
      () => {
        started = true;
        return runSync(board, createGit({ signal: options.signal }), settings, options);
      },
      // A sync that hangs (a remote that never answers) is judged by its pid, not its age.
      { timeoutMs: 0, staleMs: 24 * 60 * 60_000 },
    );
  } catch (error) {
    if (!started && error instanceof BatonError && error.code === 'conflict') throw new SyncBusy(board);
    throw error;
  }
}

async function runSync(
  board: Board,
  git: Git,
  settings: Settings['sync'],
  options: SyncOptions,
): Promise<SyncResult> {
  const problems: Problem[] = [];
  const repo = await openSyncRepo(board, git, settings, problems);
  const received: ApplyCounts = { added: 0, changed: 0, removed: 0, queued: 0 };
  const refused = readRefused(board);
  const takeIn = async (to: string) => {
    const from = await appliedCommit(board, git, repo);
    const outcome = await applyChanges(board, git, repo.worktree, from, to, problems);
    for (const key of ['added', 'changed', 'removed', 'queued'] as const) received[key] += outcome[key];
    for (const rel of outcome.accepted) refused.delete(rel);
    for (const rel of outcome.refused) refused.add(rel);
    if (outcome.accepted.length + outcome.refused.length > 0) writeRefused(board, refused);
    // The copies taken in were given their records' times (apply.ts): git's index learns them now, or the next
    // sync's `reset --hard` would write every one of them again, and its export read them all back.
    if (outcome.added + outcome.changed > 0)
      await git.run(repo.worktree, ['update-index', '-q', '--refresh']);
    setApplied(board, to);
  };
  // 1. What an interrupted sync merged but did not write to the board yet (or a new worktree's history).
  await takeIn(await head(git, repo));
  // 2. This machine's changes.
  const committed = exportRecords(board, repo.worktree, problems, refused);
  writeFileAtomic(repo.worktree, join(repo.worktree, '.gitattributes'), GITATTRIBUTES, { fsync: false });
  await git.ok(repo.worktree, ['add', '--all', '--', '.']);
  if (
    (await git.run(repo.worktree, ['diff', '--cached', '--quiet', '--no-ext-diff', '--no-textconv']))
      .status !== 0
  ) {
    await git.ok(repo.worktree, ['commit', '--quiet', '--no-verify', '-m', commitMessage(committed)], {
      config: identity(),
    });
  }
  setApplied(board, await head(git, repo));
  const result: SyncResult = {
    board: board.root,
    repository: repo.source,
    remote: repo.remote,
    branch: repo.branch,
    committed,
    received,
    pushed: false,
    hasRemote: repo.hasRemote,
    rounds: 0,
    problems,
  };
  if (!repo.hasRemote) return result;
  // 3. Fetch, merge, take in, push; again when another machine pushed first.
  const attempts = options.attempts ?? 20;
  for (let round = 1; round <= attempts; round++) {
    result.rounds = round;
    const theirs = await fetch(git, repo);
    if (theirs && theirs !== (await head(git, repo))) {
      if (!(await isAncestor(git, repo, theirs, await head(git, repo)))) {
        await requireBoardBranch(git, repo.worktree, theirs, `${repo.remote}/${repo.branch}`);
        const trusted = await trustedCommit(git, repo.worktree, theirs, scratchIndex(board), problems);
        await merge(git, repo, trusted, options.mergeDriver);
        await takeIn(await head(git, repo));
      }
    }
    if (theirs === (await head(git, repo))) return result; // nothing of ours the remote lacks
    const pushed = await git.run(repo.worktree, [
      'push',
      '--quiet',
      '--porcelain',
      '--no-verify',
      repo.remote,
      `HEAD:refs/heads/${repo.branch}`,
    ]);
    if (pushed.status === 0) {
      result.pushed = true;
      return result;
    }
    if (
      !/rejected|fetch first|non-fast-forward|stale info|cannot lock ref/i.test(pushed.stdout + pushed.stderr)
    )
      throw gitFailure(['push'], pushed);
    await git.nap(Math.floor(Math.random() * 50 * Math.min(round, 10)));
  }
  throw new BatonError(
    'conflict',
    `another machine kept pushing to ${repo.remote}/${repo.branch} during ${attempts} attempts — this machine's changes are committed; run \`baton sync\` again`,
  );
}

function head(git: Git, repo: SyncRepo): Promise<string> {
  return commitOf(git, repo.worktree, 'HEAD');
}

// The commit the board has taken in, or the empty tree when none is recorded (or it is not in this history).
async function appliedCommit(board: Board, git: Git, repo: SyncRepo): Promise<string> {
  const read = readTextFile(board.root, appliedPath(board), 200);
  const commit = read.ok ? read.text.trim() : '';
  if (
    /^[0-9a-f]{40,64}$/.test(commit) &&
    (await git.run(repo.worktree, ['cat-file', '-e', `${commit}^{commit}`])).status === 0
  )
    return commit;
  return (await git.ok(repo.worktree, ['hash-object', '-t', 'tree', '--stdin'], { input: '' })).trim();
}

function setApplied(board: Board, commit: string): void {
  writeFileAtomic(board.root, appliedPath(board), `${commit}\n`);
}

// Records in the history this board would not take in: never read as removed here (see exportRecords).
function readRefused(board: Board): Set<string> {
  const read = readTextFile(board.root, join(syncStateDir(board), 'refused.json'), 4 * 1024 * 1024);
  try {
    const list = read.ok ? (JSON.parse(read.text) as unknown) : [];
    return new Set(
      Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [],
    );
  } catch {
    return new Set();
  }
}

function writeRefused(board: Board, refused: Set<string>): void {
  writeFileAtomic(
    board.root,
    join(syncStateDir(board), 'refused.json'),
    `${JSON.stringify([...refused].sort())}\n`,
  );
}

function appliedPath(board: Board): string {
  return join(syncStateDir(board), 'applied');
}

/** Fetches the remote's branch; its commit, or undefined when the branch does not exist there yet. */
async function fetch(git: Git, repo: SyncRepo): Promise<string | undefined> {
  const fetched = await git.run(repo.worktree, [
    'fetch',
    '--quiet',
    '--no-tags',
    '--no-recurse-submodules',
    repo.remote,
    `+refs/heads/${repo.branch}:${repo.remoteRef}`,
  ]);
  if (fetched.status !== 0) {
    if (/couldn't find remote ref/i.test(fetched.stderr)) return undefined;
    throw gitFailure(['fetch'], fetched);
  }
  return commitOf(git, repo.worktree, repo.remoteRef);
}

async function isAncestor(git: Git, repo: SyncRepo, commit: string, of: string): Promise<boolean> {
  return (await git.run(repo.worktree, ['merge-base', '--is-ancestor', commit, of])).status === 0;
}

async function merge(git: Git, repo: SyncRepo, theirs: string, driver: string | undefined): Promise<void> {
  const config: Record<string, string> = { ...identity() };
  if (driver) {
    config['merge.baton.name'] = 'baton records';
    config['merge.baton.driver'] = `${driver} %O %A %B %P`;
  }
  const merged = await git.run(
    repo.worktree,
    [
      'merge',
      '--quiet',
      '--no-edit',
      '--no-verify',
      '--allow-unrelated-histories',
      '-m',
      `baton sync: merge ${repo.remote}/${repo.branch} on ${host()}`,
      theirs,
    ],
    { config },
  );
  if (merged.status === 0) return;
  const unresolved = await resolveDeletions(git, repo);
  if (unresolved === undefined) {
    await git.run(repo.worktree, ['merge', '--abort']);
    throw gitFailure(['merge'], merged);
  }
  if (unresolved.length === 0) {
    await git.ok(repo.worktree, ['commit', '--quiet', '--no-edit', '--no-verify'], { config });
    return;
  }
  await git.run(repo.worktree, ['merge', '--abort']);
  const shown =
    unresolved.slice(0, 5).join(', ') + (unresolved.length > 5 ? `, … (${unresolved.length})` : '');
  throw new BatonError(
    'conflict',
    `sync stopped: ${shown} changed on two machines in ways baton cannot merge — nothing on this board was changed; keep one version (edit the file on one machine, \`git -C ${repo.worktree} log -p -- <path>\` shows both) and run \`baton sync\` again`,
  );
}

/**
 * A record removed on one side and changed on the other keeps the changed version (nothing written is lost). Returns
 * the paths still in conflict, or undefined when git stopped for another reason than conflicting files.
 */
async function resolveDeletions(git: Git, repo: SyncRepo): Promise<string[] | undefined> {
  const listed = (await git.run(repo.worktree, ['ls-files', '--unmerged', '-z'])).stdout;
  const stages = new Map<string, Set<string>>();
  for (const entry of listed.split('\0')) {
    const match = /^\d+ [0-9a-f]+ (\d)\t(.+)$/s.exec(entry);
    if (!match) continue;
    const set = stages.get(match[2]!) ?? new Set<string>();
    set.add(match[1]!);
    stages.set(match[2]!, set);
  }
  if (stages.size === 0) return undefined;
  const unresolved: string[] = [];
  for (const [path, set] of stages) {
    if (set.has('2') && set.has('3')) unresolved.push(path);
    else await git.ok(repo.worktree, ['add', '--', path]);
  }
  return unresolved.sort();
}

function commitMessage(count: number): string {
  return `baton sync: ${count} record${count === 1 ? '' : 's'} from ${host()}`;
}

function host(): string {
  return (
    hostname()
      .replace(/[^\w.-]/g, '')
      .slice(0, 64) || 'a machine'
  );
}
