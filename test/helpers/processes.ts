// Every process a test starts is ended when the test ends — passed, failed or timed out — and the ones a file starts
// in beforeAll when the file ends; whatever is left when the worker exits is killed then. A `baton sync --watch` of a
// test that timed out once ran on for an hour. `spawnTracked` (and batonAsync, startServe, runBaton) register here.
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { waitFor } from './wait.js';

interface Tracked {
  child: ChildProcess;
  /** Started with `detached: true`: its own process group, killed whole. */
  group: boolean;
}

const ofTest = new Set<Tracked>();
const ofFile = new Set<Tracked>();
let inTest = false;

beforeEach(() => {
  inTest = true;
});
afterEach(async () => {
  inTest = false;
  await killTestProcesses();
});
afterAll(async () => {
  await killAll(ofTest);
  await killAll(ofFile);
});
process.once('exit', () => {
  for (const set of [ofTest, ofFile]) for (const tracked of set) signal(tracked);
});

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

function signal(tracked: Tracked): void {
  const pid = tracked.child.pid;
  if (pid === undefined || pid <= 1) return;
  try {
    // A group outlives its leader (a git the leader started): it is killed even when the leader is gone.
    if (tracked.group) process.kill(-pid, 'SIGKILL');
    else if (running(tracked.child)) tracked.child.kill('SIGKILL');
  } catch {
    // already gone
  }
}

async function killAll(set: Set<Tracked>): Promise<void> {
  const all = [...set];
  set.clear();
  await Promise.all(
    all.map(async (tracked) => {
      const { child } = tracked;
      const closed = running(child)
        ? new Promise<void>((done) => {
            child.once('exit', () => done());
            // A process in uninterruptible sleep: its folder is removed all the same after a while.
            setTimeout(done, 10_000).unref();
          })
        : Promise.resolve();
      signal(tracked);
      await closed;
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
    }),
  );
}

/** Kills what the current test started (testdir's teardown calls it before it removes the test's folders). */
export function killTestProcesses(): Promise<void> {
  return killAll(ofTest);
}

/**
 * Registers `child` to be killed (SIGKILL) when the current test ends, or — started outside a test (beforeAll) —
 * when the file ends. Returns it. `group`: it was started with `detached: true`, and its whole group is killed.
 */
export function track<T extends ChildProcess>(child: T, options: { group?: boolean } = {}): T {
  const tracked = { child, group: options.group ?? false };
  (inTest ? ofTest : ofFile).add(tracked);
  child.once('exit', () => {
    if (!tracked.group) {
      ofTest.delete(tracked);
      ofFile.delete(tracked);
    }
  });
  return child;
}

/** `spawn`, tracked: killed at the end of the test (or of the file) if it is still running. */
export function spawnTracked(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  return track(spawn(command, args, options), { group: options.detached === true });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Resolves when `child` has exited (at once when it already has). */
export function exitOf(child: ChildProcess): Promise<Exit> {
  if (!running(child)) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
}

/**
 * Writes `input` to the child's stdin and closes it. A child that exits (or closes its stdin) before reading it all
 * is its own business, not the test's: the EPIPE that follows is not an error here.
 */
export function endStdin(child: ChildProcess, input: string | Buffer = ''): void {
  const stdin = child.stdin;
  if (!stdin) return;
  stdin.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') throw error;
  });
  stdin.end(input);
}

const SIGNAL_READY = resolve(import.meta.dirname, 'signal-ready.cjs');

/**
 * Node's own arguments and environment that make a spawned Node process tell, through a file, when it has added a
 * listener for SIGINT or SIGTERM (test/helpers/signal-ready.cjs); `ready(signal)` resolves once it has. Signal a
 * child only after that: before, Node's default handler ends it, which says nothing of the program under test.
 */
export function signalReadiness(dir: string): {
  nodeArgs: string[];
  env: Record<string, string>;
  ready(signal: 'SIGINT' | 'SIGTERM'): Promise<void>;
} {
  const file = join(dir, `signal-ready-${process.pid}-${++readiness}`);
  return {
    nodeArgs: ['--require', SIGNAL_READY],
    env: { BATON_TEST_SIGNAL_READY: file },
    ready: async (signal) => {
      await waitFor(`a listener for ${signal} (${file})`, () =>
        existsSync(file) ? readFileSync(file, 'utf8').split('\n').includes(signal) : false,
      );
    },
  };
}
let readiness = 0;
