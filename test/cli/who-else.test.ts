// `baton who-else`: the other live sessions that touched a path or something under it, never the caller's own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { projectKeyOf } from '../../src/core/sessions/project.js';
import { writeSession } from '../../src/core/sessions/session.js';
import { touchPaths } from '../../src/core/sessions/touched.js';
import { baton, testdir } from '../helpers/testdir.js';

const DEAD_PID = 2 ** 22 + 7;

function project() {
  const dir = testdir();
  const cwd = join(dir, 'shop');
  mkdirSync(join(cwd, '.git'), { recursive: true });
  writeFileSync(join(cwd, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  mkdirSync(join(cwd, 'src', 'auth'), { recursive: true });
  const root = join(cwd, '.baton');
  const env = { BATON_DIR: root };
  const as = (session: string, agent: string) => {
    const sessionEnv = { ...env, BATON_SESSION: session };
    expect(baton(['register', '--as', agent], { cwd, env: sessionEnv }).code).toBe(0);
    return (args: string[]) => baton(args, { cwd, env: sessionEnv });
  };
  return { cwd, root, env, as };
}

describe('baton who-else', () => {
  it('lists another live session that touched a file under a folder, never the caller’s own', () => {
    const p = project();
    const me = p.as('me', 'alice');
    const other = p.as('other', 'bob');
    me(['touch', 'src/auth/login.ts']);
    expect(me(['who-else', 'src'])).toEqual({ code: 0, stdout: 'nobody else touched src\n', stderr: '' });
    other(['touch', 'src/auth/login.ts']);
    const result = me(['who-else', 'src']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^bob {2}shell {2}other {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\n {2}src\/auth\/login\.ts {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\n$/,
    );
    const json = JSON.parse(me(['who-else', 'src/auth/login.ts', '--json']).stdout);
    expect(json.self).toBe('me');
    expect(json.path).toBe('src/auth/login.ts');
    expect(json.others.map((o: { session: string; agent: string }) => [o.session, o.agent])).toEqual([
      ['other', 'bob'],
    ]);
    // Asked from bob's side, alice is the other one.
    expect(other(['who-else', 'src']).stdout).toMatch(/^alice {2}shell {2}me /);
  });

  it('ignores ended sessions and sessions whose process is gone', () => {
    const p = project();
    const me = p.as('me', 'alice');
    const board = openBoard({ board: p.root, cwd: p.cwd, env: {} });
    const base = {
      harness: 'codex',
      cwd: p.cwd,
      projectKey: projectKeyOf(p.cwd),
      parentSession: '',
      startedAt: '2026-11-30T10:00:00.000Z',
      lastSeen: '2026-11-30T10:00:00.000Z',
    };
    writeSession(board, { ...base, id: 'ended', agent: 'carol', endedAt: '2026-11-30T11:00:00.000Z' });
    writeSession(board, { ...base, id: 'gone', agent: 'dave', pid: DEAD_PID });
    touchPaths(board, 'ended', ['src/auth/login.ts']);
    touchPaths(board, 'gone', ['src/auth/login.ts']);
    expect(me(['who-else', 'src/auth']).stdout).toBe('nobody else touched src/auth\n');
    expect(JSON.parse(me(['who-else', 'src/auth', '--json']).stdout).others).toEqual([]);
  });

  it('needs a path', () => {
    const p = project();
    expect(baton(['who-else'], { cwd: p.cwd, env: p.env })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: who-else needs a <path> — see `baton who-else --help`\n',
    });
  });
});
