// The web server's count of the changes its board watcher reports, per area and per folder: a stamp that moves on
// every change, never comes back to a value a cache was stamped with, and starts the watcher only when first asked.
import { expect, it } from 'vitest';
import type { BoardWatcher, ChangeListener } from '../../src/core/board/watch.js';
import { ChangeCount } from '../../src/web/change-count.js';

function fakeWatcher() {
  const listeners: ChangeListener[] = [];
  const watcher = {
    subscribe(listener: ChangeListener) {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  } as unknown as BoardWatcher;
  return { watcher, listeners };
}

it('counts per area and per folder from its first question on, and stops listening when closed', () => {
  const { watcher, listeners } = fakeWatcher();
  const count = new ChangeCount(() => watcher);
  expect(listeners).toHaveLength(0);
  expect(count.of('messages')).toBe(0);
  expect(listeners).toHaveLength(1);
  listeners[0]!(['messages'], ['/b/messages/bob/2026-12-02']);
  listeners[0]!(['messages', 'notes'], ['/b/messages/bob/2026-12-02/', '/b/notes/p']);
  expect(count.of('messages')).toBe(2);
  expect(count.of('notes')).toBe(1);
  expect(count.of('cards')).toBe(0);
  // The same folder however it is spelled.
  expect(count.ofFolder('/b/messages/bob/2026-12-02')).toBe(2);
  expect(count.ofFolder('/b/messages/bob/../bob/2026-12-02')).toBe(2);
  expect(count.ofFolder('/b/notes/p')).toBe(1);
  count.close();
  expect(listeners).toHaveLength(0);
});

it('a folder forgotten past its limit never shows a stamp it had before', () => {
  const { watcher, listeners } = fakeWatcher();
  const count = new ChangeCount(() => watcher);
  count.of('messages');
  for (let i = 0; i < 3; i++) listeners[0]!(['messages'], ['/b/first']);
  const before = count.ofFolder('/b/first');
  expect(before).toBe(3);
  for (let i = 0; i < 5000; i++) listeners[0]!(['messages'], [`/b/day-${i}`]);
  expect(count.ofFolder('/b/first')).not.toBe(before);
  expect(count.ofFolder('/b/first')).toBeGreaterThan(before);
  const quiet = count.ofFolder('/b/never-changed');
  listeners[0]!(['messages'], ['/b/never-changed']);
  expect(count.ofFolder('/b/never-changed')).toBeGreaterThan(quiet);
});
