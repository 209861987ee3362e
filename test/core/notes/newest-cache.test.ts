// The derived cache of a project's newest note names: used only while the folder is unchanged, saved only for a
// folder that has settled, and never believed when it is corrupt or foreign; on disk (its folder's time set back by
// hand), and in memory under a fake clock (the rest of newestNoteFiles, on both stores: test/core/contract).
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { newestNoteFiles } from '../../../src/core/notes/read.js';
import { newId } from '../../../src/core/store/ids.js';
import { memoryStore } from '../../../src/core/store/memory-store.js';
import { testdir } from '../../helpers/testdir.js';

const KEY = 'home-me-shop';

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, 'board'), cwd: dir, env: {}, home: join(dir, 'home') });
  ensureBoard(board);
  const folder = join(board.root, 'notes', KEY);
  mkdirSync(folder, { recursive: true });
  const add = (at: number) => {
    const id = newId('n', at);
    writeFileSync(join(folder, `${id}.md`), `---\nid: ${id}\n---\nx\n`);
    return id;
  };
  const settle = () => utimesSync(folder, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  const cache = join(board.root, 'state', 'note-names', `${KEY}.json`);
  return { board, add, settle, cache };
}

const newest = (board: ReturnType<typeof setup>['board'], count = 3) =>
  newestNoteFiles(board, KEY, count).files.map((f) => f.id);

describe('newestNoteFiles and its cache', () => {
  it('is saved once the folder has settled, and a new note is seen at once', () => {
    const { board, add, settle, cache } = setup();
    const ids = [1, 2, 3, 4].map((n) => add(Date.parse('2026-11-01T00:00:00Z') + n * 1000));
    expect(newest(board)).toEqual(ids.slice(1).reverse());
    expect(() => readFileSync(cache)).toThrow();
    settle();
    expect(newest(board)).toEqual(ids.slice(1).reverse());
    expect(JSON.parse(readFileSync(cache, 'utf8'))).toMatchObject({
      total: 4,
      newest: ids.map((id) => `${id}.md`).reverse(),
    });
    const fresh = add(Date.parse('2026-11-02T00:00:00Z'));
    expect(newest(board)).toEqual([fresh, ids[3], ids[2]]);
    expect(newestNoteFiles(board, KEY, 3).total).toBe(5);
  });

  it('a corrupt, foreign or lying cache is not believed', () => {
    const { board, add, settle, cache } = setup();
    const ids = [1, 2].map((n) => add(Date.parse('2026-11-01T00:00:00Z') + n * 1000));
    settle();
    newest(board);
    const saved = JSON.parse(readFileSync(cache, 'utf8'));
    for (const bad of [
      'not json',
      JSON.stringify({ ...saved, version: 9 }),
      JSON.stringify({ ...saved, newest: ['../../../etc/passwd'] }),
      JSON.stringify({ ...saved, newest: [`${ids[0]}.md`, `${ids[1]}.md`] }), // not newest first
      JSON.stringify({ ...saved, total: 0 }),
    ]) {
      writeFileSync(cache, bad);
      expect(newest(board)).toEqual([ids[1], ids[0]]);
    }
  });

  describe('in memory', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is saved once the folder has settled by the clock, and a new note is seen at once', () => {
      vi.useFakeTimers({ now: Date.parse('2026-11-30T11:00:00.000Z'), toFake: ['Date'] });
      const store = memoryStore('/m/.baton');
      const board = openBoard({ store, env: {} });
      ensureBoard(board);
      const folder = join(board.root, 'notes', KEY);
      const add = (at: number) => {
        const id = newId('n', at);
        store.write(join(folder, `${id}.md`), `---\nid: ${id}\n---\nx\n`);
        return id;
      };
      const cache = join(board.root, 'state', 'note-names', `${KEY}.json`);
      const ids = [1, 2, 3, 4].map((n) => add(Date.parse('2026-11-01T00:00:00Z') + n * 1000));
      expect(newest(board)).toEqual(ids.slice(1).reverse());
      expect(store.stat(cache).kind).toBe('missing');
      vi.setSystemTime(Date.parse('2026-11-30T11:01:00.000Z'));
      expect(newest(board)).toEqual(ids.slice(1).reverse());
      const saved = store.readText(cache);
      expect(saved.ok && JSON.parse(saved.text)).toMatchObject({
        total: 4,
        newest: ids.map((id) => `${id}.md`).reverse(),
      });
      vi.setSystemTime(Date.parse('2026-11-30T11:02:00.000Z'));
      const fresh = add(Date.parse('2026-11-02T00:00:00Z'));
      expect(newest(board)).toEqual([fresh, ids[3], ids[2]]);
      expect(newestNoteFiles(board, KEY, 3).total).toBe(5);
    });
  });
});
