// gc and the hook gate's markers of hooks in flight (core/sessions/in-flight.ts): a session's end drafted in the
// background (state/ending/<session>) and a session's start being recorded (state/starting/<session>). One whose hook
// died long ago goes; a fresh one, and anything that is not an empty folder, stays.
import { existsSync, mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../src/core/board/gc.js';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { testdir } from '../../helpers/testdir.js';

describe('collectGarbage and the hooks in flight', () => {
  it.each([
    ['ending', 'end'],
    ['starting', 'start'],
  ])(
    'state/%s: removes a marker whose hook died long ago, keeps a fresh one and whatever is not baton’s',
    (folder, what) => {
      const dir = testdir();
      const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
      ensureBoard(board);
      const ending = join(board.root, 'state', folder);
      const longAgo = new Date(Date.now() - 3_600_000);
      const old = join(ending, 'old-session');
      const fresh = join(ending, 'fresh-session');
      const full = join(ending, 'full-session');
      const link = join(ending, 'linked-session');
      for (const path of [old, fresh, full]) mkdirSync(path, { recursive: true });
      writeFileSync(join(full, 'mine.txt'), 'x');
      mkdirSync(join(dir, 'elsewhere'));
      symlinkSync(join(dir, 'elsewhere'), link);
      for (const path of [old, full, join(dir, 'elsewhere')]) utimesSync(path, longAgo, longAgo);
      expect(collectGarbage(board, { dryRun: true }).removed).toEqual([
        { path: old, reason: `marker of a session ${what} whose hook is gone` },
      ]);
      expect(existsSync(old)).toBe(true);
      expect(collectGarbage(board).removed.map((item) => item.path)).toEqual([old]);
      expect([old, fresh, full, link, join(dir, 'elsewhere')].map((path) => existsSync(path))).toEqual([
        false,
        true,
        true,
        true,
        true,
      ]);
    },
  );
});

describe('collectGarbage and a start the gate answered', () => {
  it('removes a stale start marker holding the answered start’s file (and only that file), keeps one with more', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    ensureBoard(board);
    const starting = join(board.root, 'state', 'starting');
    const longAgo = new Date(Date.now() - 3_600_000);
    const answered = join(starting, 'answered-session');
    const mixed = join(starting, 'mixed-session');
    for (const path of [answered, mixed]) {
      mkdirSync(path, { recursive: true });
      writeFileSync(join(path, 'claude+claude@shop+claude-3f2a9c+t+4242'), '');
    }
    writeFileSync(join(mixed, 'notes.txt'), 'mine');
    for (const path of [answered, mixed]) utimesSync(path, longAgo, longAgo);
    expect(collectGarbage(board).removed).toEqual([
      { path: answered, reason: 'marker of a session start whose hook is gone' },
    ]);
    expect([existsSync(answered), existsSync(join(mixed, 'notes.txt'))]).toEqual([false, true]);
  });
});
