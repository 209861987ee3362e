// Crash safety of `baton sync`: killed with SIGKILL at random points (100 times, on either of two machines, with new
// records on one or both), the board and the repository stay consistent, and the next sync finishes the job —
// in the end both boards hold everything written on either, once, and every message is delivered once.
import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseBoard } from '../../src/core/board/doctor.js';
import type { Board } from '../../src/core/board/open-board.js';
import { appendEntry } from '../../src/core/cards/append.js';
import { createCard } from '../../src/core/cards/create.js';
import { readCard } from '../../src/core/cards/find.js';
import { pollMessages } from '../../src/core/messages/delivery.js';
import { listMessages } from '../../src/core/messages/read.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { spawnTracked } from '../helpers/processes.js';
import { BIN, cleanEnv, testdir } from '../helpers/testdir.js';
import { waitFor } from '../helpers/wait.js';
import {
  boardRecords,
  converge,
  headOf,
  type Machine,
  makeCluster,
  openMachineBoard,
  seededRandom,
  seedFromEnv,
  syncNow,
} from './cluster.js';

const KILLS = 100;
const AGENTS: Record<string, string[]> = { A: ['a1', 'a2'], B: ['b1', 'b2'] };
const EVERYONE = Object.values(AGENTS).flat();

interface Outcome {
  /** Died of the SIGKILL (rather than finishing before it). */
  killed: boolean;
  ms: number;
}

/**
 * Runs `baton sync` in its own process group and SIGKILLs it after `delayMs` (never, when undefined): the baton
 * process alone (the git it started finishes on its own, as after a crash of baton), or with `group` every process
 * of the sync at once (git included, as after a power cut). Resolves once no process of the sync is left running.
 */
async function syncAndKill(machine: Machine, delayMs: number | undefined, group: boolean): Promise<Outcome> {
  const started = Date.now();
  const child = spawnTracked(process.execPath, [BIN, 'sync'], {
    cwd: machine.dir,
    env: cleanEnv(),
    detached: true,
    stdio: 'ignore',
  });
  const pid = child.pid as number;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const timer =
    delayMs === undefined
      ? undefined
      : setTimeout(() => {
          try {
            if (group) process.kill(-pid, 'SIGKILL');
            else child.kill('SIGKILL');
          } catch {
            // already gone
          }
        }, delayMs);
  const { code, signal } = await exited;
  clearTimeout(timer);
  const ms = Date.now() - started;
  if (signal === null && code !== 0) throw new Error(`baton sync on ${machine.name} exited ${code}`);
  // git processes the killed baton started are orphans: nothing to await but their disappearance. (This host's
  // init may never reap them, so a zombie counts as gone.)
  await waitFor(`the processes of a killed sync on ${machine.name} to end`, () => runningInGroup(pid) === 0, {
    everyMs: 10,
  });
  return { killed: signal === 'SIGKILL', ms };
}

/** Processes of process group `pgid` that are still running (not zombies), from /proc. */
function runningInGroup(pgid: number): number {
  let count = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(group) === pgid && state !== 'Z') count++;
    } catch {
      // exited meanwhile
    }
  }
  return count;
}

/**
 * baton's lock folders with no owner pid in them. A lock appears with its owner inside (store/lock.ts), so a kill at
 * any instant leaves none: a lock whose owner is gone is broken by the next writer at once. Returns how many there are.
 */
function ownerlessLocks(board: string): number {
  let found = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (path === join(board, 'state', 'sync', 'worktree') || !lstatSync(path).isDirectory()) continue;
      if (!name.endsWith('.lock')) {
        walk(path);
        continue;
      }
      let owner = '';
      try {
        owner = readFileSync(join(path, 'owner'), 'utf8');
      } catch {
        // none written
      }
      if (!/^[1-9]\d*$/.test(owner)) found++;
    }
  };
  walk(board);
  return found;
}

function gitStatus(cwd: string, args: string[]): { status: number | null; out: string } {
  const result = spawnSync('git', args, { cwd, env: cleanEnv(), encoding: 'utf8' });
  return { status: result.status, out: result.stdout + result.stderr };
}

describe('baton sync under SIGKILL', () => {
  it(`${KILLS} syncs killed at random points leave the board and the repository consistent; the next sync finishes`, async () => {
    const begun = Date.now();
    const seed = seedFromEnv();
    console.log(`sync kill test: seed ${seed} (repeat with SYNC_SEED=${seed})`);
    const rand = seededRandom(seed);
    const cluster = makeCluster(testdir(), ['A', 'B']);
    const [A, B] = cluster.machines as [Machine, Machine];
    const boards = new Map<Machine, Board>(cluster.machines.map((m) => [m, openMachineBoard(m)]));
    const boardOf = (m: Machine) => boards.get(m) as Board;
    const sent: { id: string; to: string }[] = [];
    const entries: string[] = [];
    const delivered = new Map<string, string[]>();

    const card = createCard(boardOf(A), { title: 'Written through crashes', by: 'a1' }).card.id;
    let written = 0;
    const writeSome = (m: Machine) => {
      const board = boardOf(m);
      const mine = AGENTS[m.name] as string[];
      const from = mine[Math.floor(rand() * mine.length)] as string;
      const to = [
        ...new Set([0, 1].slice(0, rand() < 0.3 ? 2 : 1).map(() => EVERYONE[Math.floor(rand() * 4)])),
      ];
      const result = sendMessage(board, {
        from,
        to: to as string[],
        body: `message ${written++} from ${from}`,
      });
      sent.push(...result.sent.map(({ id, to }) => ({ id, to })));
      entries.push(
        appendEntry(board, card, { type: 'note', author: from, body: `entry ${written++}` }).entry.id,
      );
    };
    // Each agent reads its mail on its own machine now and then: what it got must never come again.
    const pollHome = () => {
      for (const m of cluster.machines) {
        for (const agent of AGENTS[m.name] as string[]) {
          for (;;) {
            const batch = pollMessages(boardOf(m), agent, { max: 50 });
            expect(batch.problems).toEqual([]);
            if (batch.messages.length === 0) break;
            delivered.set(agent, [...(delivered.get(agent) ?? []), ...batch.messages.map((x) => x.id)]);
            batch.acknowledge();
          }
        }
      }
    };
    const checkConsistent = (m: Machine, when: string) => {
      const report = diagnoseBoard(boardOf(m));
      expect(report.problems, `${when}: ${m.name}'s board`).toEqual([]);
      // Every card still whole.
      expect(readCard(boardOf(m), card).problem, `${when}: the card on ${m.name}`).toBeUndefined();
      const fsck = gitStatus(m.dir, ['fsck', '--no-dangling', '--no-progress']);
      expect(fsck.status, `${when}: git fsck on ${m.name}: ${fsck.out}`).toBe(0);
      const status = gitStatus(m.worktree, ['status', '--porcelain']);
      expect(status.status, `${when}: git status in ${m.name}'s worktree: ${status.out}`).toBe(0);
    };

    // Calibrate: how long does one sync with work take here? Kills are spread over that time.
    syncNow(A);
    syncNow(B);
    const durations: number[] = [];
    for (const m of [B, A, B]) {
      writeSome(m === A ? B : A);
      writeSome(m);
      durations.push((await syncAndKill(m, undefined, false)).ms);
    }
    // Kills land anywhere within the longest of them (the start, the export, the merge, the take-in, the push); a
    // sync that finished first does not count, and the loop goes on until KILLS were killed mid-way.
    const full = Math.max(...durations);

    let killed = 0;
    let groupKills = 0;
    let ownerless = 0;
    let started = 0;
    for (let i = 0; killed < KILLS && i < KILLS * 3; i++) {
      started++;
      writeSome(A);
      if (rand() < 0.4) writeSome(B);
      const target = rand() < 0.65 ? A : B;
      const other = target === A ? B : A;
      // Sometimes the other machine has pushed first, so the killed sync has a merge to do and records to take in.
      if (rand() < 0.35) await syncAndKill(other, undefined, false);
      const group = rand() < 0.2;
      const outcome = await syncAndKill(target, Math.floor(rand() * full), group);
      if (outcome.killed) {
        killed++;
        if (group) groupKills++;
        ownerless += ownerlessLocks(target.board);
      }
      checkConsistent(target, `after kill ${i + 1}`);
      if (rand() < 0.3) pollHome();
    }

    expect(ownerless).toBe(0);
    // Normal syncs finish the job: both boards agree and hold everything, once.
    const passes = converge(cluster, 8);
    expect(headOf(A)).toBe(headOf(B));
    const records = boardRecords(A);
    expect([...boardRecords(B).entries()].sort()).toEqual([...records.entries()].sort());
    for (const m of cluster.machines) {
      checkConsistent(m, 'at the end');
      const listed = listMessages(boardOf(m), { limit: 0 });
      expect(listed.problems).toEqual([]);
      expect(listed.messages.map((x) => `${x.to} ${x.id}`).sort()).toEqual(
        sent.map((x) => `${x.to} ${x.id}`).sort(),
      );
      expect(readCard(boardOf(m), card).entries.map((e) => e.id)).toEqual([...entries].sort());
    }
    pollHome();
    for (const agent of EVERYONE) {
      const expected = sent
        .filter((x) => x.to === agent)
        .map((x) => x.id)
        .sort();
      expect([...(delivered.get(agent) ?? [])].sort(), `delivered to ${agent}`).toEqual(expected);
    }
    syncNow(A);
    syncNow(B);
    const before = new Map(delivered);
    pollHome();
    expect(delivered).toEqual(before);
    expect(killed).toBe(KILLS);
    console.log(
      `sync kill test: seed ${seed}, ${started} syncs started and SIGKILLed within ${Math.round(full)} ms, ${killed} killed mid-way (${groupKills} with their git; ${ownerless} left a lock with no owner), ${sent.length} messages and ${entries.length} card entries all on both boards once, agreed after ${passes} pass(es), ${Math.round((Date.now() - begun) / 1000)} s in all`,
    );
    // A hang guard: beside a second copy of the suite on two cores this runs for many minutes.
  }, 1_800_000);
});
