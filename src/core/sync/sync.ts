// `baton sync`: the board through git. Under one lock per board: finish taking in what an interrupted sync merged,
// commit this machine's changes, fetch, merge (records merged by the driver installed for each merge), take the
// merge in, push — and on a push that lost a race, fetch and merge again. The board changes only by applyChanges,
// record by record, after git has finished; a merge that still conflicts is aborted and the board is left as it was.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { loadSettings, type Settings } from '../board/config.js';
import { type Board, requireBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { withLock } from '../store/lock.js';
import { readTextFile } from '../store/read-file.js';
import type { Problem } from '../store/safe-fs.js';
import { type ApplyCounts, applyChanges } from './apply.js';
import { exportRecords } from './export.js';
import { git, gitFailure, gitOk } from './git.js';
import {
  GITATTRIBUTES,
  identity,
  openSyncRepo,
  requireBoardBranch,
  type SyncRepo,
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
  /** Waits between push attempts (tests make it 0). */
  sleep?: (ms: number) => void;
  /** How long to wait for another sync of this board to finish (default 0: SyncBusy at once, so a caller can wait
   * without blocking its signals). */
  lockWaitMs?: number;
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

/** Synchronises the board with its branch on the remote. Throws `conflict` when a merge cannot be completed. */
export function syncBoard(board: Board, options: SyncOptions = {}): SyncResult {
  requireBoard(board);
  const settings = loadSettings(board).settings.sync;
  const lockPath = join(syncStateDir(board), 'run');
  let started = false;
  try {
    return withLock(
      board.root,
      lockPath,
      () => {
        started = true;
        return runSync(board, settings, options);
      },
      // A sync that hangs (a remote that never answers) is judged by its pid, not its age.
      { timeoutMs: options.lockWaitMs ?? 0, staleMs: 24 * 60 * 60_000 },
    );
  } catch (error) {
    if (!started && error instanceof BatonError && error.code === 'conflict') throw new SyncBusy(board);
    throw error;
  }
}

function runSync(board: Board, settings: Settings['sync'], options: SyncOptions): SyncResult {
  const problems: Problem[] = [];
  const repo = openSyncRepo(board, settings);
  const received: ApplyCounts = { added: 0, changed: 0, removed: 0, queued: 0 };
  const refused = readRefused(board);
  const takeIn = (to: string) => {
    const from = appliedCommit(board, repo);
    const outcome = applyChanges(board, repo.worktree, from, to, problems);
    for (const key of ['added', 'changed', 'removed', 'queued'] as const) received[key] += outcome[key];
    for (const rel of outcome.accepted) refused.delete(rel);
    for (const rel of outcome.refused) refused.add(rel);
    if (outcome.accepted.length + outcome.refused.length > 0) writeRefused(board, refused);
    setApplied(board, to);
  };
  // 1. What an interrupted sync merged but did not write to the board yet (or a new worktree's history).
  takeIn(head(repo));
  // 2. This machine's changes.
  const committed = exportRecords(board, repo.worktree, problems, refused);
  writeFileAtomic(repo.worktree, join(repo.worktree, '.gitattributes'), GITATTRIBUTES, { fsync: false });
  gitOk(repo.worktree, ['add', '--all', '--', '.']);
  if (git(repo.worktree, ['diff', '--cached', '--quiet']).status !== 0) {
    gitOk(repo.worktree, ['commit', '--quiet', '--no-verify', '-m', commitMessage(committed)], {
      config: identity(),
    });
  }
  setApplied(board, head(repo));
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
  const sleep = options.sleep ?? pause;
  for (let round = 1; round <= attempts; round++) {
    result.rounds = round;
    const theirs = fetch(repo);
    if (theirs && theirs !== head(repo)) {
      if (!isAncestor(repo, theirs, head(repo))) {
        requireBoardBranch(repo.worktree, theirs, `${repo.remote}/${repo.branch}`);
        merge(repo, theirs, options.mergeDriver);
        takeIn(head(repo));
      }
    }
    if (theirs === head(repo)) return result; // nothing of ours the remote lacks
    const pushed = git(repo.worktree, [
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
    sleep(Math.floor(Math.random() * 50 * Math.min(round, 10)));
  }
  throw new BatonError(
    'conflict',
    `another machine kept pushing to ${repo.remote}/${repo.branch} during ${attempts} attempts — this machine's changes are committed; run \`baton sync\` again`,
  );
}

function head(repo: SyncRepo): string {
  return gitOk(repo.worktree, ['rev-parse', '--verify', 'HEAD^{commit}']).trim();
}

// The commit the board has taken in, or the empty tree when none is recorded (or it is not in this history).
function appliedCommit(board: Board, repo: SyncRepo): string {
  const read = readTextFile(board.root, appliedPath(board), 200);
  const commit = read.ok ? read.text.trim() : '';
  if (
    /^[0-9a-f]{40,64}$/.test(commit) &&
    git(repo.worktree, ['cat-file', '-e', `${commit}^{commit}`]).status === 0
  )
    return commit;
  return gitOk(repo.worktree, ['hash-object', '-t', 'tree', '--stdin'], { input: '' }).trim();
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
function fetch(repo: SyncRepo): string | undefined {
  const fetched = git(repo.worktree, [
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
  return gitOk(repo.worktree, ['rev-parse', '--verify', `${repo.remoteRef}^{commit}`]).trim();
}

function isAncestor(repo: SyncRepo, commit: string, of: string): boolean {
  return git(repo.worktree, ['merge-base', '--is-ancestor', commit, of]).status === 0;
}

function merge(repo: SyncRepo, theirs: string, driver: string | undefined): void {
  const config: Record<string, string> = { ...identity() };
  if (driver) {
    config['merge.baton.name'] = 'baton records';
    config['merge.baton.driver'] = `${driver} %O %A %B %P`;
  }
  const merged = git(
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
  const unresolved = resolveDeletions(repo);
  if (unresolved === undefined) {
    git(repo.worktree, ['merge', '--abort']);
    throw gitFailure(['merge'], merged);
  }
  if (unresolved.length === 0) {
    gitOk(repo.worktree, ['commit', '--quiet', '--no-edit', '--no-verify'], { config });
    return;
  }
  git(repo.worktree, ['merge', '--abort']);
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
function resolveDeletions(repo: SyncRepo): string[] | undefined {
  const listed = git(repo.worktree, ['ls-files', '--unmerged', '-z']).stdout;
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
    else gitOk(repo.worktree, ['add', '--', path]);
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

function pause(ms: number): void {
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
