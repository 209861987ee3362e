import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { projectKeyOf } from '../../src/core/sessions/project.js';
import { writeSession } from '../../src/core/sessions/session.js';
import { baton, filesUnder, testdir } from '../helpers/testdir.js';

describe('baton sessions', () => {
  it('lists registered sessions, live ones first-class, ended ones only without --live', () => {
    const dir = testdir();
    const env = { BATON_DIR: join(dir, '.baton') };
    expect(baton(['register', '--as', 'alice'], { cwd: dir, env }).code).toBe(0);
    writeSession(openBoard({ board: env.BATON_DIR, cwd: dir, env: {} }), {
      id: 'claude-old',
      harness: 'claude',
      agent: 'bob',
      cwd: dir,
      projectKey: 'p',
      parentSession: '',
      startedAt: '2026-11-01T00:00:00.000Z',
      lastSeen: '2026-11-01T00:00:00.000Z',
      endedAt: '2026-11-01T01:00:00.000Z',
    });
    const all = JSON.parse(baton(['sessions', '--json'], { cwd: dir, env }).stdout).sessions;
    expect(all.map((s: { agent: string; live: boolean }) => [s.agent, s.live])).toEqual([
      ['alice', true],
      ['bob', false],
    ]);
    const live = baton(['sessions', '--live'], { cwd: dir, env });
    expect(live.stdout).toMatch(/^\S+ {2}shell {2}alice {2}live {2}/);
    expect(live.stdout).not.toContain('bob');
  });

  it('--project keeps one project’s sessions (`.` = this folder’s), and shows whom a session continues', () => {
    const dir = testdir();
    const env = { BATON_DIR: join(dir, '.baton') };
    const board = openBoard({ board: env.BATON_DIR, cwd: dir, env: {} });
    const record = (id: string, projectKey: string, parentSession = '') => ({
      id,
      harness: 'codex',
      agent: `agent-${id}`,
      cwd: dir,
      projectKey,
      parentSession,
      startedAt: '2026-11-01T00:00:00.000Z',
      lastSeen: '2026-11-01T00:00:00.000Z',
      endedAt: '2026-11-01T01:00:00.000Z',
    });
    writeSession(board, record('here', projectKeyOf(dir), 'earlier-1'));
    writeSession(board, record('there', 'some-other-project'));
    const ids = (args: string[]) =>
      JSON.parse(baton(['sessions', '--json', ...args], { cwd: dir, env }).stdout).sessions.map(
        (s: { id: string }) => s.id,
      );
    expect(ids([])).toEqual(['there', 'here']);
    expect(ids(['--project', '.'])).toEqual(['here']);
    expect(ids(['--project', 'some-other-project'])).toEqual(['there']);
    expect(baton(['sessions', '--project', 'none'], { cwd: dir, env }).stdout).toBe(
      'no sessions yet in project none — `baton register --as <name>`\n',
    );
    expect(baton(['sessions', '--project', '.'], { cwd: dir, env }).stdout).toBe(
      `here  codex  agent-here  ended  2026-11-01 00:00:00Z  ${dir}  continues earlier-1\n`,
    );
  });

  it('with no board fails and creates nothing', () => {
    const dir = testdir();
    expect(baton(['sessions'], { cwd: dir }).stderr).toBe(
      `baton: no board at ${join(dir, '.baton')} — run \`baton init\` there, or point to one with --board <path> or BATON_DIR\n`,
    );
    expect(filesUnder(dir)).toEqual([]);
  });
});
