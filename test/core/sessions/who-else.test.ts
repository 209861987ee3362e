// who-else: the other live sessions that touched a path or something under it; never the caller, never the gone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectKeyOf } from '../../../src/core/sessions/project.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { touchPaths } from '../../../src/core/sessions/touched.js';
import { whoElse } from '../../../src/core/sessions/who-else.js';
import { testBoard } from '../cards/helpers.js';
import { DEAD_PID, sessionRecord } from './helpers.js';

function setup() {
  const board = testBoard();
  mkdirSync(join(board.cwd, 'src', 'deep'), { recursive: true });
  // A git checkout, so its subfolders belong to it (outside one, a folder is its own project).
  mkdirSync(join(board.cwd, '.git'));
  writeFileSync(join(board.cwd, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const projectKey = projectKeyOf(board.cwd);
  const add = (id: string, extra: Parameters<typeof sessionRecord>[1] = {}) =>
    writeSession(board, sessionRecord(id, { cwd: board.cwd, projectKey, pid: process.pid, ...extra }));
  return { board, projectKey, add };
}

describe('whoElse', () => {
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
