// Test helpers for `baton sync`: several "machines" on one host (clones of one bare repository, each with its own
// board), the built baton run on them in parallel, and what a board holds, read the way a test compares it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBoard } from '../../src/core/board/open-board.js';
import { RECORD_DIRS, recordKind } from '../../src/core/sync/records.js';
import { baton, batonRun, cleanEnv, filesUnder, type RunResult } from '../helpers/testdir.js';

export interface Machine {
  name: string;
  /** The clone (the project checkout); its board is `<dir>/.baton`. */
  dir: string;
  board: string;
  /** The sync worktree inside the board. */
  worktree: string;
}

export interface Cluster {
  root: string;
  /** The bare repository every machine's `origin` points at. */
  origin: string;
  machines: Machine[];
}

/** Runs git with a throwaway identity (the test HOME has none); throws on a non-zero exit. */
export function gitIn(cwd: string, args: string[]): string {
  const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} in ${cwd}: ${result.stderr}`);
  return result.stdout;
}

/** A bare `origin.git` with one commit on main, and a clone with a board (`baton init`) per name. */
export function makeCluster(root: string, names: string[]): Cluster {
  const origin = join(root, 'origin.git');
  gitIn(root, ['init', '--quiet', '--bare', '--initial-branch=main', origin]);
  const seed = join(root, 'seed');
  gitIn(root, ['clone', '--quiet', origin, seed]);
  gitIn(seed, ['commit', '--quiet', '--allow-empty', '-m', 'project']);
  gitIn(seed, ['push', '--quiet', 'origin', 'HEAD:refs/heads/main']);
  const machines = names.map((name) => {
    const dir = join(root, name);
    gitIn(root, ['clone', '--quiet', origin, dir]);
    const init = runBaton(dir, ['init', '--json']);
    if (init.code !== 0) throw new Error(`baton init on ${name}: ${init.stderr}`);
    const board = join(dir, '.baton');
    return { name, dir, board, worktree: join(board, 'state', 'sync', 'worktree') };
  });
  return { root, origin, machines };
}

/** `baton <args>` on a machine, synchronously. */
export function runBaton(cwd: string, args: string[], input = ''): RunResult {
  return baton(args, { cwd, input });
}

/** `baton <args>` on a machine, started now; resolves when it exits. */
export function startBaton(cwd: string, args: string[], input = ''): Promise<RunResult> {
  return batonRun(args, { cwd, input });
}

/** Parses a `--json` run that must have succeeded. */
export function jsonOf<T>(what: string, run: RunResult): T {
  if (run.code !== 0) throw new Error(`${what} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

export interface SyncJson {
  committed: number;
  received: { added: number; changed: number; removed: number; queued: number };
  pushed: boolean;
  rounds: number;
  problems: { path: string; reason: string }[];
}

export function syncNow(machine: Machine): SyncJson {
  return jsonOf(`sync on ${machine.name}`, runBaton(machine.dir, ['sync', '--json']));
}

/** Every record on a board (by path under the board) with its text; state/, pending/ and the rest left out. */
export function boardRecords(machine: Machine): Map<string, string> {
  const out = new Map<string, string>();
  for (const top of RECORD_DIRS) {
    for (const rel of filesUnder(join(machine.board, top))) {
      const path = `${top}/${rel}`;
      if (recordKind(path)) out.set(path, readFileSync(join(machine.board, path), 'utf8'));
    }
  }
  return out;
}

/** The commit the machine's sync worktree holds ('' before its first sync). */
export function headOf(machine: Machine): string {
  const result = spawnSync('git', ['rev-parse', 'HEAD'], {
    cwd: machine.worktree,
    env: cleanEnv(),
    encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim() : '';
}

/**
 * Syncs every machine in turn until their worktrees hold one commit, the remote's, and their boards the same
 * records; at most `passes` times round. Returns how many passes it took (throws when they never agree).
 */
export function converge(cluster: Cluster, passes = 6): number {
  for (let pass = 1; pass <= passes; pass++) {
    for (const machine of cluster.machines) syncNow(machine);
    const remote = gitIn(cluster.origin, ['rev-parse', 'refs/heads/baton']).trim();
    const heads = cluster.machines.map(headOf);
    const first = cluster.machines[0] as Machine;
    const same = cluster.machines.every((m) => sameRecords(boardRecords(first), boardRecords(m)));
    if (same && heads.every((head) => head === remote)) return pass;
  }
  throw new Error(`the machines did not agree after ${passes} passes of sync`);
}

function sameRecords(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, text] of a) if (b.get(path) !== text) return false;
  return true;
}

/** The board of a machine, opened in this process (for pollMessages, readCard, diagnoseBoard). */
export function openMachineBoard(machine: Machine) {
  return openBoard({ board: machine.board, cwd: machine.dir, env: {}, home: join(machine.dir, '.home') });
}

/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed from SYNC_SEED, else a fresh one (printed by the caller). */
export function seedFromEnv(): number {
  const given = Number(process.env.SYNC_SEED);
  return Number.isInteger(given) && given > 0 ? given : Math.floor(Math.random() * 2 ** 31) + 1;
}

export function ensureDir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}
