// Touched paths: how a path is normalised, and none lost to writers racing in other processes (the rest, on both
// stores: test/core/contract/touched.test.ts).
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSession, writeSession } from '../../../src/core/sessions/session.js';
import { normalizeTouchedPath } from '../../../src/core/sessions/touched.js';
import { testBoard } from '../cards/helpers.js';
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

describe('touchPaths between processes', () => {
  it('loses nothing under 8 concurrent writers (and a registration racing them)', async () => {
    const board = boardWithSession();
    const body = `
      import { openBoard } from './src/core/board/open-board.ts';
      import { touchPaths } from './src/core/sessions/touched.ts';
      import { bindSession } from './src/core/sessions/session.ts';
      const [tag, root, cwd] = process.argv.slice(2);
      const board = openBoard({ board: root, cwd, env: { BATON_SESSION: 's1' } });
      // A write that waited out the lock's 10 s (two copies of the suite on two cores) is retried, as its error says:
      // what is tested is that no write that went through is lost, not how long the lock is waited for.
      const retried = (write) => {
        for (;;) {
          try {
            return write();
          } catch (error) {
            if (error?.code !== 'conflict') throw error;
          }
        }
      };
      for (let i = 0; i < 60; i++) {
        if (tag === '8') retried(() => bindSession(board, 'racer'));
        else retried(() => touchPaths(board, 's1', ['w' + tag + '/f' + i + '.ts']));
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
  });
});
