// The board watcher behind the page's live updates: which area changed, folders that appear later, links never
// watched through, and nothing held once the last page has gone.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Area, BoardWatcher } from '../../../src/core/board/watch.js';
import { testdir } from '../../helpers/testdir.js';
import { waitFor } from '../../helpers/wait.js';

const watchers: BoardWatcher[] = [];
afterEach(() => {
  for (const watcher of watchers.splice(0)) watcher.close();
});

function watching(root: string) {
  const watcher = new BoardWatcher(root, { settleMs: 5, rescanMs: 50 });
  watchers.push(watcher);
  const heard: Area[][] = [];
  const stop = watcher.subscribe((areas) => heard.push(areas));
  const next = async (): Promise<Area[]> => {
    const count = heard.length;
    await waitFor('a change heard', () => heard.length > count, { everyMs: 5 });
    return heard[heard.length - 1]!;
  };
  return { watcher, heard, next, stop };
}

function board(): string {
  const root = join(testdir(), '.baton');
  for (const dir of ['messages/bob/2026-12-01', 'cards', 'notes/proj', 'sessions', 'agents', 'pending']) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  return root;
}

describe('BoardWatcher', () => {
  it('names the area that changed', async () => {
    const root = board();
    const { next } = watching(root);
    writeFileSync(join(root, 'cards', 'c-x.md'), 'x');
    expect(await next()).toEqual(['cards']);
    writeFileSync(join(root, 'messages', 'bob', '2026-12-01', 'm-x.md'), 'x');
    expect(await next()).toEqual(['messages']);
    writeFileSync(join(root, 'notes', 'proj', 'n-x.md'), 'x');
    expect(await next()).toEqual(['notes']);
  });

  it('watches folders that appear later: a new mailbox, day and project', async () => {
    const root = board();
    const { next, watcher } = watching(root);
    const before = watcher.watching;
    mkdirSync(join(root, 'messages', 'carol', '2026-12-02'), { recursive: true });
    await next();
    await waitFor('watches on the new mailbox and day', () => watcher.watching === before + 2);
    writeFileSync(join(root, 'messages', 'carol', '2026-12-02', 'm-y.md'), 'y');
    expect(await next()).toEqual(['messages']);
    mkdirSync(join(root, 'notes', 'other'));
    await next();
    await waitFor('a watch on the new project', () => watcher.watching === before + 3);
    writeFileSync(join(root, 'notes', 'other', 'n-y.md'), 'y');
    expect(await next()).toEqual(['notes']);
  });

  it('never watches through a link planted in the board', async () => {
    const root = board();
    const outside = join(testdir(), 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(root, 'notes', 'linked'));
    const { heard, watcher, next } = watching(root);
    const watched = watcher.watching;
    writeFileSync(join(outside, 'n-z.md'), 'z');
    // A change inside the board after it: once that is heard, the one through the link would have been too.
    writeFileSync(join(root, 'cards', 'c-z.md'), 'z');
    await next();
    expect(heard.flat()).not.toContain('notes');
    expect(heard.flat()).toContain('cards');
    expect(watcher.watching).toBe(watched);
  });

  it('holds no watch once the last listener has gone', async () => {
    const root = board();
    const { watcher, stop } = watching(root);
    expect(watcher.watching).toBeGreaterThan(5);
    stop();
    expect(watcher.watching).toBe(0);
  });
});
