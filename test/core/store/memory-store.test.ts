// What only the memory store has to say for itself: it never touches the disk, and a lock taken twice in one call
// stack is a conflict at once (on disk, the same wait ends in the same conflict after the lock's timeout).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/core/board/open-board.js';
import { appendEntry, createCard } from '../../../src/core/cards/index.js';
import { pollMessages } from '../../../src/core/messages/delivery.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { memoryStore } from '../../../src/core/store/memory-store.js';
import { testdir } from '../../helpers/testdir.js';
import { caught } from '../cards/helpers.js';

describe('memoryStore', () => {
  it('a board in memory whose folder names a real place writes nothing there', () => {
    const dir = testdir();
    const board = openBoard({ store: memoryStore(join(dir, '.baton')), cwd: dir, env: {} });
    expect(board).toMatchObject({ root: join(dir, '.baton'), exists: false, source: 'flag' });
    sendMessage(board, { from: 'alice', to: 'bob', body: 'hi' });
    pollMessages(board, 'bob').acknowledge();
    const { card } = createCard(board, { title: 'In memory', by: 'you' });
    appendEntry(board, card.id, { type: 'note', author: 'you', body: 'x' });
    expect(board.exists).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a lock already held in this call stack is a conflict at once, and the holder still finishes', () => {
    const store = memoryStore('/m/.baton');
    store.createRoot();
    const path = '/m/.baton/cards/c-1.md';
    const inner = store.withLock(path, () => caught(() => store.withLock(path, () => 'never')));
    expect(inner).toEqual({
      code: 'conflict',
      message: `${path} is locked by another writer — retry, or run \`baton gc\` if its writer is gone`,
    });
    expect(store.withLock(path, () => 'free again')).toBe('free again');
  });

  it('a board opened on a store whose board.json is broken is refused, naming why', () => {
    const store = memoryStore('/m/.baton');
    store.createRoot();
    store.write('/m/.baton/board.json', 'not json');
    const board = openBoard({ store, env: {} });
    expect(board.exists).toBe(false);
    expect(caught(() => sendMessage(board, { from: 'a', to: 'b', body: 'x' }))).toEqual({
      code: 'no_board',
      message:
        '/m/.baton is not a baton board (its board.json is not valid JSON) — nothing was read or written',
    });
  });
});
