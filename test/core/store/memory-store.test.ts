// What only the memory store has to say for itself: it never touches the disk, a lock taken twice in one call stack
// is a conflict at once (on disk, the same wait ends in the same conflict after the lock's timeout), and a folder's
// time moves with its entries (on disk, the kernel's clock does that, at its own granularity).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('a folder’s time', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('moves when an entry is added, replaced, renamed in or out, or removed, and only then', () => {
      vi.useFakeTimers({ now: Date.parse('2026-11-30T11:00:00.000Z') });
      const store = memoryStore('/m/.baton');
      store.createRoot();
      const dir = '/m/.baton/notes/p';
      const time = () => new Date(store.stat(dir).mtimeMs).toISOString();
      const at = (minute: number, change: () => unknown) => {
        vi.setSystemTime(Date.parse(`2026-11-30T11:${String(minute).padStart(2, '0')}:00.000Z`));
        change();
        return time();
      };
      store.ensureFolder(dir);
      expect(time()).toBe('2026-11-30T11:00:00.000Z');
      expect(at(1, () => store.write(`${dir}/a.md`, 'a'))).toBe('2026-11-30T11:01:00.000Z');
      expect(at(2, () => store.write(`${dir}/a.md`, 'b'))).toBe('2026-11-30T11:02:00.000Z');
      expect(at(3, () => store.touch(`${dir}/a.md`))).toBe('2026-11-30T11:02:00.000Z');
      expect(at(4, () => store.touch(`${dir}/b.md`))).toBe('2026-11-30T11:04:00.000Z');
      expect(at(5, () => store.readText(`${dir}/a.md`))).toBe('2026-11-30T11:04:00.000Z');
      expect(at(6, () => store.rename(`${dir}/b.md`, '/m/.baton/notes/b.md'))).toBe(
        '2026-11-30T11:06:00.000Z',
      );
      expect(store.stat('/m/.baton/notes').mtimeMs).toBe(Date.parse('2026-11-30T11:06:00.000Z'));
      expect(at(7, () => store.remove(`${dir}/a.md`))).toBe('2026-11-30T11:07:00.000Z');
      expect(at(8, () => store.ensureFolder(`${dir}/sub`))).toBe('2026-11-30T11:08:00.000Z');
      expect(at(9, () => store.ensureFolder(`${dir}/sub`))).toBe('2026-11-30T11:08:00.000Z');
    });
  });
});
