// Board → worktree: a record is read again only when its size or time differs from its copy's — so a copy stamped
// with its record's time is not read again, whatever float rounding did to that time on the way.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import type { Problem } from '../../../src/core/store/safe-fs.js';
import { exportRecords } from '../../../src/core/sync/export.js';
import { testdir } from '../../helpers/testdir.js';

const card = (n: number, word: string) =>
  `---\nid: c-01JDX4K9ZQ7W8R2N4V6B0000${String(n).padStart(2, '0')}\ntitle: T\ncreated_by: you\ncreated_at: 2026-11-30T11:02:10.000Z\n---\n${word}\n`;

describe('exportRecords', () => {
  it('does not read a record again while its size and time match its copy’s', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, home: dir });
    ensureBoard(board);
    const worktree = join(dir, 'worktree');
    mkdirSync(worktree);
    mkdirSync(join(board.root, 'cards'), { recursive: true });
    const names = Array.from(
      { length: 40 },
      (_, n) => `c-01JDX4K9ZQ7W8R2N4V6B0000${String(n).padStart(2, '0')}-t.md`,
    );
    for (const [n, name] of names.entries()) writeFileSync(join(board.root, 'cards', name), card(n, 'first'));
    const problems: Problem[] = [];
    expect(exportRecords(board, worktree, problems)).toBe(40);
    // Each record rewritten with other bytes of the same size, its time put back exactly (to the nanosecond):
    // only a sync that reads it again would see the change.
    for (const [n, name] of names.entries()) {
      const path = join(board.root, 'cards', name);
      const ref = join(dir, 'time-ref');
      expect(spawnSync('touch', ['-r', path, ref]).status).toBe(0);
      writeFileSync(path, card(n, 'other'));
      expect(spawnSync('touch', ['-r', ref, path]).status).toBe(0);
    }
    expect(exportRecords(board, worktree, problems)).toBe(0);
    expect(readFileSync(join(worktree, 'cards', names[0] as string), 'utf8')).toBe(card(0, 'first'));
    expect(problems).toEqual([]);
  });
});
