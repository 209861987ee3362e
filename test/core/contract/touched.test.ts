// Touched paths and who-else through the core API, on disk and in memory alike: paths normalised to the session's
// project, redacted, distinct, bounded; the other live sessions that touched a path or something under it, never the
// caller, never the gone. Concurrent writers are a disk's alone: test/core/sessions/touched.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectKeyOf } from '../../../src/core/sessions/project.js';
import { bindSession, readSession, writeSession } from '../../../src/core/sessions/session.js';
import {
  MAX_TOUCHED,
  MAX_TOUCHED_BYTES,
  touchedPaths,
  touchPaths,
} from '../../../src/core/sessions/touched.js';
import { whoElse } from '../../../src/core/sessions/who-else.js';
import { testdir } from '../../helpers/testdir.js';
import { caught } from '../cards/helpers.js';
import { DEAD_PID, sessionRecord } from '../sessions/helpers.js';
import { readText, STORES, storeSnapshot } from './boards.js';

describe.each(STORES)('%s store', (_name, open) => {
  // A board whose session works in the board's project folder (no git checkout: the project root is that folder).
  function boardWithSession(id = 's1') {
    const t = open();
    writeSession(t.board, sessionRecord(id, { cwd: t.board.cwd }));
    return t;
  }

  describe('touchPaths', () => {
    it('stores paths relative to the session’s project, with when, and touching again moves a path to the end', () => {
      const { board, store } = boardWithSession();
      touchPaths(board, 's1', ['src/a.ts', join(board.cwd, 'src', 'b.ts')]);
      board.clock.advance(60_000);
      const result = touchPaths(board, 's1', ['./src/a.ts'], join(board.cwd, '.'));
      expect(result.recorded).toEqual(['src/a.ts']);
      expect(touchedPaths(readSession(board, 's1')!)).toEqual([
        { path: 'src/b.ts', at: '2026-11-30T11:00:00.000Z' },
        { path: 'src/a.ts', at: '2026-11-30T11:01:00.000Z' },
      ]);
      // The file keeps the record's own shape: two parallel lists.
      const stored = JSON.parse(readText(store, join(board.root, 'sessions', 's1.json')));
      expect(stored.touched).toEqual(['src/b.ts', 'src/a.ts']);
      expect(stored.touchedAt).toEqual(['2026-11-30T11:00:00.000Z', '2026-11-30T11:01:00.000Z']);
    });

    it('keeps a path outside the project absolute', () => {
      const { board } = boardWithSession();
      const outside = join(dirname(board.cwd), 'other', 'notes.md');
      expect(touchPaths(board, 's1', ['../other/notes.md']).recorded).toEqual([outside]);
      expect(readSession(board, 's1')?.touched).toEqual([outside]);
    });

    it('redacts a path that looks like a credential, and stores it once', () => {
      const { board, store } = boardWithSession();
      const token = `ghp_${'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8'}`;
      touchPaths(board, 's1', [`secrets/${token}.txt`]);
      touchPaths(board, 's1', [`secrets/${token}.txt`]);
      const touched = readSession(board, 's1')?.touched ?? [];
      expect(touched).toHaveLength(1);
      expect(touched[0]).toMatch(/^secrets\/\[REDACTED:[a-z-]+\]\.txt$/);
      expect(readText(store, join(board.root, 'sessions', 's1.json'))).not.toContain(token.slice(4));
    });

    it('keeps the last 500 distinct paths, dropping the oldest', () => {
      const { board } = boardWithSession();
      const paths = Array.from({ length: 600 }, (_, i) => `f/${i}.ts`);
      const result = touchPaths(board, 's1', paths);
      expect(result.dropped).toBe(100);
      const touched = readSession(board, 's1')?.touched ?? [];
      expect(touched).toHaveLength(MAX_TOUCHED);
      expect(touched[0]).toBe('f/100.ts');
      expect(touched.at(-1)).toBe('f/599.ts');
    });

    it('keeps the paths within a byte budget, so the record stays readable', () => {
      const { board } = boardWithSession();
      // Three bytes a character in UTF-8: each path is 6,005 bytes.
      const long = (i: number) => `${String(i).padStart(4, '0')}/${'路'.repeat(2000)}`;
      touchPaths(
        board,
        's1',
        Array.from({ length: 80 }, (_, i) => long(i)),
      );
      const touched = readSession(board, 's1')?.touched ?? [];
      expect(Buffer.byteLength(touched.join(''))).toBeLessThanOrEqual(MAX_TOUCHED_BYTES);
      expect(touched.length).toBe(Math.floor(MAX_TOUCHED_BYTES / Buffer.byteLength(long(0))));
      expect(touched.at(-1)).toBe(long(79));
    });

    it('refuses bad input with the exact error and writes nothing', () => {
      const { board, store } = boardWithSession();
      const before = storeSnapshot(store);
      expect(caught(() => touchPaths(board, 'nobody', ['a']))).toEqual({
        code: 'not_found',
        message:
          'no session nobody on this board — run `baton register --as <name>` in that session first; nothing was written',
      });
      expect(caught(() => touchPaths(board, 's1', []))).toEqual({
        code: 'invalid_input',
        message: 'no path to record — name at least one',
      });
      expect(caught(() => touchPaths(board, 's1', ['ok', '']))).toEqual({
        code: 'invalid_input',
        message: 'an empty path cannot be recorded — nothing was written',
      });
      expect(caught(() => touchPaths(board, 's1', ['a\0b']))).toEqual({
        code: 'invalid_input',
        message: 'a path cannot contain a NUL character — nothing was written',
      });
      expect(caught(() => touchPaths(board, 's1', ['x'.repeat(4097)]))).toEqual({
        code: 'invalid_input',
        message: 'a path is longer than 4096 characters (4097) — nothing was written',
      });
      expect(caught(() => touchPaths(board, '../s1', ['a'])).code).toBe('invalid_name');
      expect(storeSnapshot(store)).toEqual(before);
    });

    it('registering the session again keeps its touched paths', () => {
      const t = boardWithSession();
      touchPaths(t.board, 's1', ['a.ts']);
      const again = t.reopen({ env: { BATON_SESSION: 's1' } });
      expect(bindSession(again, 'alice').touched).toEqual(['a.ts']);
      expect(readSession(t.board, 's1')).toMatchObject({ agent: 'alice', touched: ['a.ts'] });
    });
  });

  describe('whoElse', () => {
    // The board's sessions work in a git checkout on disk (its subfolders belong to it; outside one, a folder is its
    // own project): the project is the work's, whichever store holds the board.
    function setup() {
      const cwd = join(testdir(), 'project');
      mkdirSync(join(cwd, 'src', 'deep'), { recursive: true });
      mkdirSync(join(cwd, '.git'));
      writeFileSync(join(cwd, '.git', 'HEAD'), 'ref: refs/heads/main\n');
      const { board } = open({ cwd });
      const projectKey = projectKeyOf(cwd);
      const add = (id: string, extra: Parameters<typeof sessionRecord>[1] = {}) =>
        writeSession(board, sessionRecord(id, { cwd, projectKey, pid: process.pid, ...extra }));
      return { board, projectKey, add };
    }

    it('lists another live session that touched a file under a folder, never the caller’s own', () => {
      const { board, add } = setup();
      add('me');
      add('other', { harness: 'codex', agent: 'bob' });
      touchPaths(board, 'me', ['src/deep/a.ts']);
      touchPaths(board, 'other', ['src/deep/a.ts', 'README.md']);
      board.clock.advance(1000);
      touchPaths(board, 'other', ['src/deep/b.ts']);
      const result = whoElse(board, 'src', { self: 'me' });
      expect(result.path).toBe('src');
      expect(result.others).toEqual([
        {
          session: 'other',
          agent: 'bob',
          harness: 'codex',
          cwd: board.cwd,
          projectKey: projectKeyOf(board.cwd),
          lastSeen: '2026-11-30T10:00:00.000Z',
          paths: [
            { path: 'src/deep/b.ts', at: '2026-11-30T11:00:01.000Z' },
            { path: 'src/deep/a.ts', at: '2026-11-30T11:00:00.000Z' },
          ],
        },
      ]);
      // The same file, named from a subfolder or absolutely, is the same path.
      expect(whoElse(board, 'a.ts', { self: 'me', cwd: join(board.cwd, 'src', 'deep') }).others).toHaveLength(
        1,
      );
      expect(whoElse(board, join(board.cwd, 'README.md'), { self: 'me' }).others[0]?.paths).toEqual([
        { path: 'README.md', at: '2026-11-30T11:00:00.000Z' },
      ]);
      // A folder name is not a prefix of a longer name: `sr` is not `src`.
      expect(whoElse(board, 'sr', { self: 'me' }).others).toEqual([]);
      // Without a caller, the caller's session is just another one.
      expect(
        whoElse(board, 'src/deep/a.ts')
          .others.map((o) => o.session)
          .sort(),
      ).toEqual(['me', 'other']);
    });

    it('ignores ended sessions and sessions whose process is gone', () => {
      const { board, add } = setup();
      add('ended', { endedAt: '2026-11-30T10:30:00.000Z' });
      add('gone', { pid: DEAD_PID });
      add('live');
      for (const id of ['ended', 'gone', 'live']) touchPaths(board, id, ['src/a.ts']);
      expect(whoElse(board, 'src/a.ts').others.map((o) => o.session)).toEqual(['live']);
    });

    it('compares relative paths only within the caller’s project; absolute ones across projects', () => {
      const { board, add } = setup();
      const elsewhere = join(board.cwd, '..', 'elsewhere');
      mkdirSync(elsewhere);
      add('there', { cwd: elsewhere, projectKey: projectKeyOf(elsewhere) });
      // The other project's `src/a.ts` is another file; its absolute note of our README is ours.
      touchPaths(board, 'there', ['src/a.ts', join(board.cwd, 'README.md')], elsewhere);
      expect(whoElse(board, 'src/a.ts').others).toEqual([]);
      expect(whoElse(board, 'README.md').others.map((o) => o.paths)).toEqual([
        [{ path: join(board.cwd, 'README.md'), at: '2026-11-30T11:00:00.000Z' }],
      ]);
      // The project root matches everything the project's sessions touched, and nothing of other projects.
      add('here');
      board.clock.advance(1000);
      touchPaths(board, 'here', ['x.ts']);
      expect(whoElse(board, '.').others.map((o) => o.session)).toEqual(['here', 'there']);
      expect(whoElse(board, '.', { cwd: elsewhere }).others.map((o) => o.session)).toEqual(['there']);
    });

    it('finds a path whose stored form was redacted', () => {
      const { board, add } = setup();
      add('other');
      const token = `ghp_${'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8'}`;
      touchPaths(board, 'other', [`keys/${token}`]);
      expect(whoElse(board, `keys/${token}`).others).toHaveLength(1);
    });
  });
});
