// Cards on disk only: a cards folder that is a link. Everything else about cards runs on every store in
// test/core/contract/cards.test.ts.
import { renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCard, listCards } from '../../../src/core/cards/index.js';
import { caught, snapshot, testBoard } from './helpers.js';

describe('cards on a hostile board', () => {
  it('a cards folder that is a symlink is neither read nor written through', () => {
    const board = testBoard();
    createCard(board, { title: 'T', by: 'you' });
    const outside = join(board.root, '..', 'outside');
    renameSync(join(board.root, 'cards'), outside);
    symlinkSync(outside, join(board.root, 'cards'));
    const before = snapshot(outside);
    expect(listCards(board)).toEqual({
      cards: [],
      problems: [
        {
          path: join(board.root, 'cards'),
          reason: 'is a symlink (not followed: baton follows no link inside the board)',
        },
      ],
    });
    expect(caught(() => createCard(board, { title: 'U', by: 'you' })).code).toBe('unsafe_path');
    expect(snapshot(outside)).toEqual(before);
  });
});
