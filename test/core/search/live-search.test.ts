// The index a server holds: built at first use, then kept current by the board's watcher — a write or a removal is
// found (or gone) at the next search once the watcher has reported it, without a rebuild.
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BoardWatcher } from '../../../src/core/board/watch.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { LiveSearch } from '../../../src/core/search/live-search.js';
import { testBoard } from '../cards/helpers.js';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe('live search', () => {
  it('builds at first use, then follows the watcher: a new message is found, a removed one is gone', async () => {
    const board = testBoard();
    const first = sendMessage(board, { from: 'alice', to: 'bob', body: 'The lynx is out.' }).sent[0]!;
    const watcher = new BoardWatcher(board.root, { settleMs: 5, rescanMs: 50 });
    const live = new LiveSearch(() => watcher);
    closers.push(
      () => live.close(),
      () => watcher.close(),
    );
    const index = live.current(board);
    expect(index.search('lynx').total).toBe(1);
    expect(live.current(board)).toBe(index);

    board.clock.advance(1_000);
    sendMessage(board, { from: 'carol', to: 'bob', body: 'A second lynx.' });
    await expect.poll(() => live.current(board).search('lynx').total, { timeout: 10_000 }).toBe(2);
    expect(live.current(board)).toBe(index);

    rmSync(first.path);
    await expect.poll(() => live.current(board).search('lynx').total, { timeout: 10_000 }).toBe(1);
  });
});
