// Test helpers for cards: a temp board per test (removed after, via testdir), a fake clock, a byte snapshot.
import { join } from 'node:path';
import { type Board, type OpenBoardOptions, openBoard } from '../../../src/core/board/open-board.js';
import { testdir } from '../../helpers/testdir.js';

export interface FakeClock {
  (): number;
  advance(ms: number): void;
  set(ms: number): void;
}

export function fakeClock(start = Date.parse('2026-11-30T11:00:00.000Z')): FakeClock {
  let now = start;
  const clock = (() => now) as FakeClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (ms) => {
    now = ms;
  };
  return clock;
}

/** A board at `<tmp>/project/.baton` (not yet created) with an empty env and a fake clock. */
export function testBoard(options: OpenBoardOptions = {}): Board & { clock: FakeClock } {
  const dir = testdir();
  const clock = fakeClock();
  const board = openBoard({
    cwd: join(dir, 'project'),
    board: join(dir, 'project', '.baton'),
    env: {},
    clock,
    ...options,
  });
  return board as Board & { clock: FakeClock };
}

export { snapshot } from '../../helpers/testdir.js';

/** Runs `fn` expecting a BatonError; returns `{ code, message }` for exact assertions. */
export function caught(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error('expected an error, got none');
}
