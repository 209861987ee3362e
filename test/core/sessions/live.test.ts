// Live sessions: not ended, and their process (when recorded) still exists; newest first per project.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/core/board/open-board.js';
import { isLive, latestLiveSession, listSessions } from '../../../src/core/sessions/live.js';
import { bindSession, type SessionRecord, writeSession } from '../../../src/core/sessions/session.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';
import { testBoard } from '../cards/helpers.js';

function session(id: string, lastSeen: string, extra: Partial<SessionRecord> = {}): SessionRecord {
  return {
    id,
    harness: 'claude',
    agent: `agent-${id}`,
    cwd: '/p',
    projectKey: 'p',
    parentSession: '',
    startedAt: lastSeen,
    lastSeen,
    ...extra,
  };
}

// A pid that is certainly not running: above the kernel's pid_max default.
const DEAD_PID = 2 ** 22 + 7;

describe('live sessions', () => {
  it('picks the most recently seen live session of the project', () => {
    const board = testBoard();
    writeSession(board, session('old', '2026-11-30T10:00:00.000Z'));
    writeSession(
      board,
      session('newest-ended', '2026-11-30T12:00:00.000Z', { endedAt: '2026-11-30T12:01:00.000Z' }),
    );
    writeSession(board, session('newest-dead', '2026-11-30T12:00:00.000Z', { pid: DEAD_PID }));
    writeSession(board, session('other-project', '2026-11-30T13:00:00.000Z', { projectKey: 'q' }));
    writeSession(board, session('alive', '2026-11-30T11:00:00.000Z', { pid: process.pid }));
    expect(latestLiveSession(board, 'p')?.id).toBe('alive');
    expect(latestLiveSession(board, 'q')?.id).toBe('other-project');
    expect(latestLiveSession(board, 'none')).toBeUndefined();
    expect(isLive(session('x', '', { pid: DEAD_PID }))).toBe(false);
  });

  it('records the machine of a pid, and judges a session synced from another machine by its end alone', () => {
    const board = testBoard();
    writeSession(board, session('here', '2026-11-30T10:00:00.000Z', { pid: DEAD_PID }));
    const stored = JSON.parse(readFileSync(join(board.root, 'sessions', 'here.json'), 'utf8'));
    expect(stored.host).toBe(hostname());
    expect(isLive(stored)).toBe(false);
    // The same pid on another machine says nothing here: live until it ends there.
    expect(isLive({ ...stored, host: `not-${hostname()}` })).toBe(true);
    expect(isLive({ ...stored, host: `not-${hostname()}`, endedAt: '2026-11-30T11:00:00.000Z' })).toBe(false);
  });

  it('lists newest first and reports unreadable records instead of throwing', () => {
    const board = testBoard();
    writeSession(board, session('a', '2026-11-30T10:00:00.000Z'));
    writeSession(board, session('b', '2026-11-30T11:00:00.000Z'));
    writeFileSync(join(board.root, 'sessions', 'broken.json'), '{');
    writeFileSync(join(board.root, 'sessions', 'notes.txt'), 'x');
    const { sessions, problems } = listSessions(board);
    expect(sessions.map((s) => s.id)).toEqual(['b', 'a']);
    expect(problems.map((p) => [p.path, p.reason]).sort()).toEqual([
      [join(board.root, 'sessions', 'broken.json'), 'is not valid JSON'],
      [join(board.root, 'sessions', 'notes.txt'), 'not a session record'],
    ]);
  });
});

describe('project keys', () => {
  it('a project folder named like a token never reaches the board, not even slugged', () => {
    const dir = testdir();
    const token = `ghp_${'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8'}`;
    const project = join(dir, token);
    mkdirSync(project);
    const board = openBoard({ board: join(dir, 'board'), cwd: project, env: { BATON_SESSION: 's1' } });
    const session = bindSession(board, 'alice');
    expect(session.projectKey).toContain('redacted-github-token');
    const stored = filesUnder(board.root).map((file) => readFileSync(join(board.root, file), 'utf8'));
    for (const text of stored) expect(text.toLowerCase()).not.toContain(token.slice(4).toLowerCase());
  });
});
