// `baton touch`: records paths for the session this command runs in; bad input is refused with nothing written.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { writeSession } from '../../src/core/sessions/session.js';
import { baton, snapshot, testdir } from '../helpers/testdir.js';

function project() {
  const dir = testdir();
  const cwd = join(dir, 'shop');
  mkdirSync(join(cwd, '.git'), { recursive: true });
  writeFileSync(join(cwd, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  mkdirSync(join(cwd, 'src'));
  const root = join(cwd, '.baton');
  return { dir, cwd, root, env: { BATON_DIR: root } };
}

describe('baton touch', () => {
  it('records paths for the registered session of this process, relative to its project', () => {
    const p = project();
    expect(baton(['register', '--as', 'alice'], { cwd: p.cwd, env: p.env }).code).toBe(0);
    const result = baton(['touch', 'a.ts', join(p.dir, 'notes.md')], { cwd: join(p.cwd, 'src'), env: p.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^recorded src/a\\.ts, ${join(p.dir, 'notes.md')} for session \\S+\\n$`),
    );
    const [session] = JSON.parse(baton(['sessions', '--json'], { cwd: p.cwd, env: p.env }).stdout).sessions;
    expect(session.touched).toEqual(['src/a.ts', join(p.dir, 'notes.md')]);
    expect(session.touchedAt).toHaveLength(2);
  });

  it('--session names the session; --json gives what was stored', () => {
    const p = project();
    baton(['register', '--as', 'bob'], { cwd: p.cwd, env: { ...p.env, BATON_SESSION: 's-2' } });
    const result = baton(['touch', 'src', '--session', 's-2', '--json'], { cwd: p.cwd, env: p.env });
    expect(JSON.parse(result.stdout)).toEqual({
      board: p.root,
      session: 's-2',
      recorded: ['src'],
      dropped: 0,
    });
  });

  it('refuses to guess a session, an unknown one and a missing path, writing nothing', () => {
    const p = project();
    // A session record with no process: nothing binds this test's processes to it.
    writeSession(openBoard({ board: p.root, cwd: p.cwd, env: {} }), {
      id: 's-2',
      harness: 'codex',
      agent: 'bob',
      cwd: p.cwd,
      projectKey: 'shop',
      parentSession: '',
      startedAt: '2026-11-30T10:00:00.000Z',
      lastSeen: '2026-11-30T10:00:00.000Z',
    });
    const before = snapshot(p.root);
    expect(baton(['touch', 'a.ts'], { cwd: p.cwd, env: p.env })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'baton: this command runs in no registered session — run `baton register --as <name>` first, or pass --session <id>; nothing was written\n',
    });
    expect(baton(['touch', 'a.ts', '--session', 'nope'], { cwd: p.cwd, env: p.env })).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'baton: no session nope on this board — run `baton register --as <name>` in that session first; nothing was written\n',
    });
    expect(baton(['touch', '--session', 's-2'], { cwd: p.cwd, env: p.env })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: touch needs at least one <path> — see `baton touch --help`\n',
    });
    expect(baton(['touch', '', '--session', 's-2'], { cwd: p.cwd, env: p.env }).stderr).toBe(
      'baton: an empty path cannot be recorded — nothing was written\n',
    );
    expect(snapshot(p.root)).toEqual(before);
  });

  it('with no board fails and creates nothing', () => {
    const dir = testdir();
    expect(baton(['touch', 'a'], { cwd: dir }).stderr).toBe(
      `baton: no board at ${join(dir, '.baton')} — run \`baton init\` there, or point to one with --board <path> or BATON_DIR\n`,
    );
    expect(snapshot(dir)).toEqual({});
  });
});
