// The store contract: each operation of BoardStore, with the same results and the same refusals on disk and in memory.
// What only a disk has (links, FIFOs, other processes) is tested on the file layer itself (test/core/store/).
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_UTF8 } from '../../../src/core/store/read-file.js';
import { names, readText, STORES, storeSnapshot } from './boards.js';

describe.each(STORES)('%s store', (_name, open) => {
  function made() {
    const t = open();
    t.store.createRoot();
    return { ...t, at: (...parts: string[]) => join(t.root, ...parts) };
  }

  it('a new board: the root is missing, then empty, then a board once board.json is valid', () => {
    const { store, root } = open();
    expect(store.rootState()).toEqual({ kind: 'missing' });
    expect(store.list(root)).toEqual([]);
    store.createRoot();
    expect(store.rootState()).toEqual({ kind: 'empty' });
    store.write(join(root, 'board.json'), '{"name":"x","version":2}');
    expect(store.rootState()).toEqual({
      kind: 'other',
      why: 'its board.json has version 2 (this baton reads version 1)',
    });
    store.write(join(root, 'board.json'), '{"name":"x","version":1}');
    expect(store.rootState()).toEqual({ kind: 'board' });
  });

  it('a write into a board whose folder was never made fails as mkdir does, and writes nothing', () => {
    const { store, root } = open();
    expect(() => store.write(join(root, 'cards', 'x.md'), 'x')).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
    expect(store.rootState()).toEqual({ kind: 'missing' });
  });

  it('write creates the folders on the way, replaces a file whole, and reads back byte for byte', () => {
    const { store, at } = made();
    store.write(at('a', 'b', 'c.md'), 'first');
    store.write(at('a', 'b', 'c.md'), Buffer.from('second é', 'utf8'));
    expect(readText(store, at('a', 'b', 'c.md'))).toBe('second é');
    expect(names(store, at('a'))).toEqual(['b']);
    expect(store.stat(at('a', 'b', 'c.md'))).toMatchObject({ kind: 'file', size: 9, links: 1 });
  });

  it('reads are capped before reading, strict UTF-8, regular files only', () => {
    const { store, at } = made();
    store.write(at('ten'), '0123456789');
    store.write(at('binary'), Buffer.from([0x2d, 0xff, 0xfe]));
    store.ensureFolder(at('folder'));
    expect(store.readText(at('ten'), 10)).toEqual({ ok: true, text: '0123456789' });
    expect(store.readText(at('ten'), 9)).toEqual({
      ok: false,
      missing: false,
      reason: 'larger than 9 bytes',
    });
    expect(store.readText(at('binary'))).toEqual({ ok: false, missing: false, reason: NOT_UTF8 });
    expect(store.readText(at('folder'))).toEqual({
      ok: false,
      missing: false,
      reason: 'is not a regular file',
    });
    expect(store.readText(at('nothing'))).toEqual({ ok: false, missing: true, reason: 'missing' });
    expect(store.readText(at('nowhere', 'nothing'))).toEqual({ ok: false, missing: true, reason: 'missing' });
  });

  it('a file where a folder belongs is refused by every operation, naming it; nothing is written', () => {
    const { store, at } = made();
    store.write(at('state'), 'a file, not a folder');
    const before = storeSnapshot(store);
    const refusal = `${at('state')} is not a folder — nothing was written; remove or rename it (\`baton doctor\` lists such files)`;
    expect(() => store.write(at('state', 'x'), 'x')).toThrow(refusal);
    expect(() => store.touch(at('state', 'seen', 'x'))).toThrow(refusal);
    expect(() => store.ensureFolder(at('state', 'delivery'))).toThrow(refusal);
    expect(() => store.remove(at('state', 'x'))).toThrow(refusal);
    expect(() => store.rename(at('state', 'x'), at('y'))).toThrow(refusal);
    expect(() => store.stat(at('state', 'x'))).toThrow(refusal);
    expect(store.readText(at('state', 'x'))).toEqual({
      ok: false,
      missing: false,
      reason: `is inside ${at('state')}, which is not a folder`,
    });
    const problems: { path: string; reason: string }[] = [];
    expect(store.list(at('state', 'delivery'), problems)).toEqual([]);
    expect(problems).toEqual([{ path: at('state'), reason: 'is not a folder' }]);
    expect(storeSnapshot(store)).toEqual(before);
  });

  it('a folder where a file belongs is neither written over nor removed', () => {
    const { store, at } = made();
    store.ensureFolder(at('cards', 'c-1.md'));
    expect(() => store.write(at('cards', 'c-1.md'), 'x')).toThrow(
      `${at('cards', 'c-1.md')} is not a regular file — nothing was written; remove or rename it`,
    );
    expect(() => store.remove(at('cards', 'c-1.md'))).toThrow(
      `${at('cards', 'c-1.md')} is not a regular file — nothing was written`,
    );
    expect(store.touch(at('cards', 'c-1.md'))).toBe(false);
    expect(store.setMtime(at('cards', 'c-1.md'), 0)).toBe(false);
    expect(store.stat(at('cards', 'c-1.md')).kind).toBe('dir');
  });

  it.each([
    ['..', ['..', 'outside.md']],
    ['../..', ['..', '..', 'etc', 'passwd']],
  ])('a path that leaves the board through %s is refused before anything is touched', (_how, parts) => {
    const { store, root } = made();
    const path = join(root, ...parts);
    // The folder is checked first, so the refusal names it.
    const outside = `${dirname(path)} is outside the board ${root}`;
    expect(() => store.write(path, 'x')).toThrow(outside);
    expect(() => store.touch(path)).toThrow(outside);
    expect(() => store.readText(path)).toThrow(outside);
    expect(() => store.remove(path)).toThrow(outside);
    expect(storeSnapshot(store)).toEqual({});
  });

  it('touch creates an empty marker once: an existing file keeps its content and its time', () => {
    const { store, at } = made();
    expect(store.touch(at('state', 'delivery', 'bob', 'new', 'm-1'))).toBe(true);
    expect(readText(store, at('state', 'delivery', 'bob', 'new', 'm-1'))).toBe('');
    store.write(at('stamp'), 'kept');
    store.setMtime(at('stamp'), 1_000_000);
    expect(store.touch(at('stamp'))).toBe(true);
    expect(readText(store, at('stamp'))).toBe('kept');
    expect(store.stat(at('stamp')).mtimeMs).toBe(1_000_000);
  });

  it('list gives names and kinds, [] for a missing folder; stat never follows and says missing', () => {
    const { store, at } = made();
    store.write(at('m', 'one.md'), '1');
    store.ensureFolder(at('m', 'day'));
    expect(store.list(at('m')).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'day', kind: 'dir' },
      { name: 'one.md', kind: 'file' },
    ]);
    expect(store.list(at('nowhere'))).toEqual([]);
    expect(store.stat(at('nowhere', 'x'))).toEqual({
      kind: 'missing',
      size: 0,
      mtimeMs: 0,
      links: 0,
      ino: 0,
    });
    expect(store.stat(at('m', 'gone'))).toMatchObject({ kind: 'missing' });
  });

  it('a write makes a new file (a new ino) and a rename keeps it, so a cache can tell a replaced file', () => {
    const { store, at } = made();
    store.write(at('notes', 'a.md'), 'one');
    const first = store.stat(at('notes', 'a.md'));
    store.write(at('notes', 'a.md'), 'two', { fsync: false });
    const second = store.stat(at('notes', 'a.md'));
    expect(second.ino).not.toBe(first.ino);
    store.rename(at('notes', 'a.md'), at('notes', 'b.md'));
    expect(store.stat(at('notes', 'b.md'))).toMatchObject({ ino: second.ino, size: 3 });
    expect(store.stat(at('notes')).ino).not.toBe(second.ino);
  });

  it('statMany stats files of one folder, checking it once; a file where the folder belongs is refused', () => {
    const { store, at } = made();
    store.write(at('notes', 'p', 'a.md'), 'aaa');
    store.ensureFolder(at('notes', 'p', 'sub'));
    const [a, sub, gone] = store.statMany(at('notes', 'p'), [
      at('notes', 'p', 'a.md'),
      at('notes', 'p', 'sub'),
      at('notes', 'p', 'gone.md'),
    ]);
    expect(a).toMatchObject({ kind: 'file', size: 3, ino: store.stat(at('notes', 'p', 'a.md')).ino });
    expect([sub?.kind, gone?.kind]).toEqual(['dir', 'missing']);
    expect(store.statMany(at('notes', 'q'), [at('notes', 'q', 'x.md')])).toEqual([
      { kind: 'missing', size: 0, mtimeMs: 0, links: 0, ino: 0 },
    ]);
    expect(() => store.statMany(at('notes', 'p'), [at('notes', 'p', 'sub', 'deeper.md')])).toThrow(
      `${at('notes', 'p', 'sub', 'deeper.md')} is not directly in ${at('notes', 'p')}`,
    );
    store.write(at('file'), 'x');
    expect(() => store.statMany(at('file', 'p'), [at('file', 'p', 'a.md')])).toThrow(
      `${at('file')} is not a folder — nothing was written`,
    );
  });

  it('checkFolders says ok, missing, or which folder on the way must not be used', () => {
    const { store, at } = made();
    store.write(at('state', 'seen', 'alice'), '');
    expect(store.checkFolders(at('state', 'seen'))).toEqual({ state: 'ok' });
    expect(store.checkFolders(store.root)).toEqual({ state: 'ok' });
    expect(store.checkFolders(at('state', 'pids'))).toEqual({ state: 'missing' });
    expect(store.checkFolders(at('state', 'seen', 'alice', 'x'))).toEqual({
      state: 'unsafe',
      path: at('state', 'seen', 'alice'),
      reason: 'is not a folder',
    });
  });

  it('readHeads reads each file only through its first end marker, strict UTF-8, regular files only', () => {
    const { store, at } = made();
    const dir = at('notes', 'p');
    store.write(join(dir, 'a.md'), '---\ntitle: a\n---\nthe body\n');
    store.write(join(dir, 'long.md'), `---\n${'x'.repeat(100)}\n---\nbody\n`);
    store.write(
      join(dir, 'bad.md'),
      Buffer.concat([Buffer.from('---\n'), Buffer.from([0xff]), Buffer.from('\n---\n')]),
    );
    store.ensureFolder(join(dir, 'sub.md'));
    const heads = store.readHeads(
      dir,
      ['a.md', 'long.md', 'bad.md', 'sub.md', 'gone.md']
        .map((name) => join(dir, name))
        .concat(at('notes', 'x.md')),
      '\n---\n',
      64,
    );
    expect(heads).toEqual([
      { ok: true, text: '---\ntitle: a\n---\n' },
      { ok: true, text: undefined },
      { ok: false, missing: false, reason: NOT_UTF8 },
      { ok: false, missing: false, reason: 'is not a regular file' },
      { ok: false, missing: true, reason: 'missing' },
      { ok: false, missing: false, reason: `is not directly in ${dir}` },
    ]);
    expect(store.readHeads(at('nowhere'), [at('nowhere', 'a.md')], '\n---\n', 64)).toEqual([
      { ok: false, missing: true, reason: 'missing' },
    ]);
    expect(store.readHeads(join(dir, 'a.md'), [join(dir, 'a.md', 'x')], '\n---\n', 64)).toEqual([
      { ok: false, missing: false, reason: `is inside ${join(dir, 'a.md')}, which is not a folder` },
    ]);
  });

  it('remove takes a file once; a second remove, or one in a missing folder, is false', () => {
    const { store, at } = made();
    store.touch(at('claimed', 'm-1~1'));
    expect(store.remove(at('claimed', 'm-1~1'))).toBe(true);
    expect(store.remove(at('claimed', 'm-1~1'))).toBe(false);
    expect(store.remove(at('nowhere', 'm-1'))).toBe(false);
    expect(names(store, at('claimed'))).toEqual([]);
  });

  it('rename is a claim: of two claimers of one marker exactly one wins, and the marker keeps its time', () => {
    const { store, at } = made();
    store.touch(at('new', 'm-1'));
    store.setMtime(at('new', 'm-1'), 5_000);
    store.ensureFolder(at('claimed'));
    const first = store.rename(at('new', 'm-1'), at('claimed', 'm-1~a'));
    const second = store.rename(at('new', 'm-1'), at('claimed', 'm-1~b'));
    expect([first, second]).toEqual([true, false]);
    expect(names(store, at('claimed'))).toEqual(['m-1~a']);
    expect(names(store, at('new'))).toEqual([]);
    expect(store.stat(at('claimed', 'm-1~a')).mtimeMs).toBe(5_000);
  });

  it('rename replaces a file at the target, and is false when a folder on the way is missing', () => {
    const { store, at } = made();
    store.write(at('a'), 'new');
    store.write(at('b'), 'old');
    expect(store.rename(at('a'), at('b'))).toBe(true);
    expect(readText(store, at('b'))).toBe('new');
    expect(store.rename(at('b'), at('nowhere', 'b'))).toBe(false);
    expect(readText(store, at('b'))).toBe('new');
    expect(store.rename(at('nowhere', 'x'), at('c'))).toBe(false);
  });

  it('setMtime sets a file’s time; a missing file is false', () => {
    const { store, at } = made();
    store.touch(at('seen', 'alice'));
    expect(store.setMtime(at('seen', 'alice'), Date.parse('2026-11-30T11:00:00.000Z'))).toBe(true);
    expect(new Date(store.stat(at('seen', 'alice')).mtimeMs).toISOString()).toBe('2026-11-30T11:00:00.000Z');
    expect(store.setMtime(at('seen', 'bob'), 0)).toBe(false);
  });

  it('withLock runs its function and returns what it returns; a throw releases the lock', () => {
    const { store, at } = made();
    const card = at('cards', 'c-1.md');
    expect(store.withLock(card, () => 42)).toBe(42);
    expect(() =>
      store.withLock(card, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.withLock(card, () => 'again')).toBe('again');
    // The lock is gone with its holder: nothing is left beside the card.
    expect(names(store, at('cards'))).toEqual([]);
  });
});
