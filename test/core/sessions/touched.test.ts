// Touched paths: normalised to the session's project, redacted, distinct, bounded, and never lost to a race.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/core/board/open-board.js';
import { bindSession, readSession, writeSession } from '../../../src/core/sessions/session.js';
import {
  MAX_TOUCHED,
  MAX_TOUCHED_BYTES,
  normalizeTouchedPath,
  touchedPaths,
  touchPaths,
} from '../../../src/core/sessions/touched.js';
import { caught, snapshot, testBoard } from '../cards/helpers.js';
import { runWorkers, sessionRecord } from './helpers.js';

// A board at <tmp>/project/.baton whose session works in <tmp>/project (no git checkout: the project root is it).
function boardWithSession(id = 's1') {
  const board = testBoard();
  mkdirSync(board.cwd, { recursive: true });
  writeSession(board, sessionRecord(id, { cwd: board.cwd }));
  return board;
}

describe('normalizeTouchedPath', () => {
  it('is relative to the project root inside it, "." for the root, absolute outside it', () => {
    expect(normalizeTouchedPath('src/a.ts', '/w/p', '/w/p')).toBe('src/a.ts');
    expect(normalizeTouchedPath('../src/./b.ts', '/w/p/lib', '/w/p')).toBe('src/b.ts');
    expect(normalizeTouchedPath('/w/p', '/elsewhere', '/w/p')).toBe('.');
    expect(normalizeTouchedPath('../../etc/hosts', '/w/p', '/w/p')).toBe('/etc/hosts');
    expect(normalizeTouchedPath('/w/px/a', '/w/p', '/w/p')).toBe('/w/px/a');
  });
});

describe('touchPaths', () => {
  it('stores paths relative to the session’s project, with when, and touching again moves a path to the end', () => {
    const board = boardWithSession();
    touchPaths(board, 's1', ['src/a.ts', join(board.cwd, 'src', 'b.ts')]);
    board.clock.advance(60_000);
    const result = touchPaths(board, 's1', ['./src/a.ts'], join(board.cwd, '.'));
    expect(result.recorded).toEqual(['src/a.ts']);
    expect(touchedPaths(readSession(board, 's1')!)).toEqual([
      { path: 'src/b.ts', at: '2026-11-30T11:00:00.000Z' },
      { path: 'src/a.ts', at: '2026-11-30T11:01:00.000Z' },
    ]);
    // The file keeps the record's own shape: two parallel lists.
    const stored = JSON.parse(readFileSync(join(board.root, 'sessions', 's1.json'), 'utf8'));
    expect(stored.touched).toEqual(['src/b.ts', 'src/a.ts']);
    expect(stored.touchedAt).toEqual(['2026-11-30T11:00:00.000Z', '2026-11-30T11:01:00.000Z']);
  });

  it('keeps a path outside the project absolute', () => {
    const board = boardWithSession();
    const outside = join(dirname(board.cwd), 'other', 'notes.md');
    expect(touchPaths(board, 's1', ['../other/notes.md']).recorded).toEqual([outside]);
    expect(readSession(board, 's1')?.touched).toEqual([outside]);
  });

  it('redacts a path that looks like a credential, and stores it once', () => {
    const board = boardWithSession();
    const token = `ghp_${'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8'}`;
    touchPaths(board, 's1', [`secrets/${token}.txt`]);
    touchPaths(board, 's1', [`secrets/${token}.txt`]);
    const touched = readSession(board, 's1')?.touched ?? [];
    expect(touched).toHaveLength(1);
    expect(touched[0]).toMatch(/^secrets\/\[REDACTED:[a-z-]+\]\.txt$/);
    expect(readFileSync(join(board.root, 'sessions', 's1.json'), 'utf8')).not.toContain(token.slice(4));
  });

  it('keeps the last 500 distinct paths, dropping the oldest', () => {
    const board = boardWithSession();
    const paths = Array.from({ length: 600 }, (_, i) => `f/${i}.ts`);
    const result = touchPaths(board, 's1', paths);
    expect(result.dropped).toBe(100);
    const touched = readSession(board, 's1')?.touched ?? [];
    expect(touched).toHaveLength(MAX_TOUCHED);
    expect(touched[0]).toBe('f/100.ts');
    expect(touched.at(-1)).toBe('f/599.ts');
  });

  it('keeps the paths within a byte budget, so the record stays readable', () => {
    const board = boardWithSession();
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
    const board = boardWithSession();
    const before = snapshot(board.root);
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
    expect(snapshot(board.root)).toEqual(before);
  });

  it('loses nothing under 8 concurrent writers (and a registration racing them)', async () => {
    const board = boardWithSession();
    const body = `
      import { openBoard } from './src/core/board/open-board.ts';
      import { touchPaths } from './src/core/sessions/touched.ts';
      import { bindSession } from './src/core/sessions/session.ts';
      const [tag, root, cwd] = process.argv.slice(2);
      const board = openBoard({ board: root, cwd, env: { BATON_SESSION: 's1' } });
      for (let i = 0; i < 60; i++) {
        if (tag === '8') bindSession(board, 'racer');
        else touchPaths(board, 's1', ['w' + tag + '/f' + i + '.ts']);
      }
    `;
    await runWorkers(body, 9, [board.root, board.cwd]);
    const session = readSession(board, 's1')!;
    expect(session.agent).toBe('racer');
    const expected = Array.from({ length: 8 }, (_, w) =>
      Array.from({ length: 60 }, (_, i) => `w${w}/f${i}.ts`),
    );
    expect([...(session.touched ?? [])].sort()).toEqual(expected.flat().sort());
    expect(session.touchedAt).toHaveLength(480);
    // Each writer's own paths stay in the order it wrote them.
    for (const paths of expected) {
      expect((session.touched ?? []).filter((p) => paths.includes(p))).toEqual(paths);
    }
  }, 60_000);

  it('registering the session again keeps its touched paths', () => {
    const board = boardWithSession();
    touchPaths(board, 's1', ['a.ts']);
    const again = openBoard({ board: board.root, cwd: board.cwd, env: { BATON_SESSION: 's1' } });
    expect(bindSession(again, 'alice').touched).toEqual(['a.ts']);
    expect(readSession(board, 's1')).toMatchObject({ agent: 'alice', touched: ['a.ts'] });
  });
});
