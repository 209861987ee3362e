// listNotes({ frontMatterOnly }) on disk: a note planted as a symlink is reported and never followed, as the whole
// read has it (the rest of the front-matter read, on both stores: test/core/contract/notes-list.test.ts).
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { listNotes } from '../../../src/core/notes/read.js';
import { formatRecord } from '../../../src/core/store/front-matter.js';
import { newId } from '../../../src/core/store/ids.js';
import { testdir } from '../../helpers/testdir.js';
import { BODY } from './bodies.js';

const KEY = 'proj';

describe('listNotes with frontMatterOnly', () => {
  it('reports a symlink, as the whole read does, and reads nothing through it', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, 'board'), cwd: dir, env: {}, home: join(dir, 'home') });
    ensureBoard(board);
    mkdirSync(join(board.root, 'notes', KEY), { recursive: true });
    const target = join(board.root, '..', 'elsewhere.md');
    writeFileSync(target, formatRecord({ id: 'n-x', kind: 'handoff', title: 'Bait' }, BODY));
    const link = join(board.root, 'notes', KEY, `${newId('n')}.md`);
    symlinkSync(target, link);
    const whole = listNotes(board, { project: KEY });
    const head = listNotes(board, { project: KEY, frontMatterOnly: true });
    expect(head.notes).toEqual([]);
    expect(whole.notes).toEqual([]);
    expect(head.problems).toEqual([
      { path: link, reason: 'is a symlink (not followed: baton follows no link inside the board)' },
    ]);
    expect(head.problems).toEqual(whole.problems);
  });
});
