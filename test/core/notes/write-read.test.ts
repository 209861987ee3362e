// Notes written by processes racing each other (the rest of writing and reading notes, on both stores:
// test/core/contract/notes.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { listNotes } from '../../../src/core/notes/read.js';
import { spawnTracked } from '../../helpers/processes.js';
import { testdir } from '../../helpers/testdir.js';
import { BODY } from './bodies.js';

function setup(env: Record<string, string> = {}) {
  const dir = testdir();
  const project = join(dir, 'proj');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'HEAD'), '0123456789abcdef0123456789abcdef01234567\n');
  const board = openBoard({ board: join(dir, 'board'), cwd: project, env, home: join(dir, 'home') });
  return { dir, project, board };
}

describe('writeHandoff between processes', () => {
  it('two concurrent writes for one session make two notes, no collision', async () => {
    const { dir, board } = setup();
    ensureBoard(board);
    const script = `
      const { openBoard } = await import(${JSON.stringify(join(process.cwd(), 'dist/index.js'))});
      const { writeHandoff } = await import(${JSON.stringify(join(process.cwd(), 'dist/index.js'))});
      const board = openBoard({ board: ${JSON.stringify(board.root)}, cwd: ${JSON.stringify(join(dir, 'proj'))}, env: {} });
      for (let i = 0; i < 20; i++) writeHandoff(board, { body: ${JSON.stringify(BODY)}, session: 'same' });
    `;
    const run = () =>
      new Promise<number | null>((done) =>
        spawnTracked(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' }).on(
          'close',
          done,
        ),
      );
    expect(await Promise.all([run(), run()])).toEqual([0, 0]);
    const { notes, problems } = listNotes(board);
    expect(problems).toEqual([]);
    expect(notes).toHaveLength(40);
    expect(new Set(notes.map((n) => n.id)).size).toBe(40);
  });
});
