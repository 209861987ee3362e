// The stores every contract test runs on: a board on disk (a temp folder per test) and a board in memory, opened the
// same way, with a fake clock; and what a test needs to look at or hand-edit either one through its store.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Board, type OpenBoardOptions, openBoard } from '../../../src/core/board/open-board.js';
import type { BoardStore } from '../../../src/core/store/board-store.js';
import { memoryStore } from '../../../src/core/store/memory-store.js';
import { testdir } from '../../helpers/testdir.js';
import { type FakeClock, fakeClock } from '../cards/helpers.js';

export type TestBoard = Board & { clock: FakeClock };

export interface ContractBoard {
  /** The board, not created yet (a writer creates it), with an empty env and a fake clock. */
  board: TestBoard;
  store: BoardStore;
  root: string;
  /** The same board opened again (another process on disk, another caller in memory), e.g. with its own clock. */
  reopen(options?: OpenBoardOptions): Board;
}

export type OpenContractBoard = (options?: OpenBoardOptions) => ContractBoard;

function onDisk(options: OpenBoardOptions = {}): ContractBoard {
  const project = join(testdir(), 'project');
  const root = join(project, '.baton');
  const base = { board: root, cwd: project, env: {}, home: '/nonexistent-home' };
  const board = openBoard({ ...base, clock: fakeClock(), ...options }) as TestBoard;
  return { board, store: board.store, root, reopen: (more = {}) => openBoard({ ...base, ...more }) };
}

function inMemory(options: OpenBoardOptions = {}): ContractBoard {
  const project = '/in-memory/project';
  const root = join(project, '.baton');
  const store = memoryStore(root);
  const base = { store, cwd: project, env: {}, home: '/nonexistent-home' };
  const board = openBoard({ ...base, clock: fakeClock(), ...options }) as TestBoard;
  return { board, store, root, reopen: (more = {}) => openBoard({ ...base, ...more }) };
}

/**
 * A board (not created yet) whose work happens in a git checkout at `project`, revision 0123456: the project is on
 * disk whichever store holds the board, as a note records its checkout's files and revision.
 */
export function withProject(open: OpenContractBoard, options: OpenBoardOptions = {}) {
  const project = join(testdir(), 'proj');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'HEAD'), '0123456789abcdef0123456789abcdef01234567\n');
  return { ...open({ cwd: project, ...options }), project };
}

/** For `describe.each`: each store by name. */
export const STORES: [string, OpenContractBoard][] = [
  ['file', onDisk],
  ['memory', inMemory],
];

/**
 * Every entry below the store's root, for "nothing was written" checks: folders as `name/`, files with their text (or
 * why it cannot be read) and mtime, anything else by its kind. Read through the store, so it means the same on both.
 */
export function storeSnapshot(store: BoardStore, dir = store.root): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, kind } of store.list(dir)) {
    const path = join(dir, name);
    const rel = path.slice(store.root.length + 1);
    if (kind === 'dir') {
      out[`${rel}/`] = '';
      Object.assign(out, storeSnapshot(store, path));
    } else if (kind === 'file') {
      const read = store.readText(path, 64 * 1024 * 1024);
      out[rel] = `${read.ok ? read.text : `(${read.reason})`} @${store.stat(path).mtimeMs}`;
    } else out[rel] = `(${kind})`;
  }
  return out;
}

/** A file's text through the store; throws when it cannot be read. */
export function readText(store: BoardStore, path: string): string {
  const read = store.readText(path, 64 * 1024 * 1024);
  if (!read.ok) throw new Error(`${path}: ${read.reason}`);
  return read.text;
}

/** The names in a folder, sorted. */
export function names(store: BoardStore, dir: string): string[] {
  return store
    .list(dir)
    .map((entry) => entry.name)
    .sort();
}

/**
 * The board's store with `hook` run once, just before the first read of a file whose path matches `when`: a second
 * caller that acts between a first one's listing and its next step, as another process would (e.g. a poller that
 * claims while this one is reading the message it is about to claim).
 */
export function interleaved(store: BoardStore, when: RegExp, hook: () => void): BoardStore {
  let fired = false;
  const readText = (path: string, maxBytes?: number) => {
    if (!fired && when.test(path)) {
      fired = true;
      hook();
    }
    return store.readText(path, maxBytes);
  };
  return new Proxy(store, {
    get(target, key) {
      if (key === 'readText') return readText;
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
