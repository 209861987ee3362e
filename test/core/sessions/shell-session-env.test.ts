// The session a command runs in, named by a harness's variable in its shell tool's environment (each harness's
// shellSessionEnv): trusted only for a session of that harness, and of two (one harness started from the other's
// shell, which inherits the outer variable), the inner one — the session that started last.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { boundSession, type SessionRecord, writeSession } from '../../../src/core/sessions/session.js';
import { testdir } from '../../helpers/testdir.js';

const CLAUDE_ID = '3f2a9c1e-8b7d-4c6a-9e5f-0a1b2c3d4e5f';
const CODEX_ID = '019e1625-789d-76c0-80ab-3724b5ddb799';

function board(env: Record<string, string>) {
  const root = join(testdir(), '.baton');
  const open = () =>
    openBoard({ board: root, cwd: root, env, home: '/nonexistent-home', processTree: false });
  ensureBoard(open());
  return open();
}

function session(id: string, harness: string, agent: string, startedAt: string): SessionRecord {
  return {
    id,
    harness,
    agent,
    cwd: '/p',
    projectKey: 'p',
    parentSession: '',
    startedAt,
    lastSeen: startedAt,
  };
}

describe('a session named by its harness’s shell variable', () => {
  const env = { CLAUDE_CODE_SESSION_ID: CLAUDE_ID, CODEX_THREAD_ID: CODEX_ID };

  it('Codex started from Claude Code’s shell: the Codex session, which started last', () => {
    const b = board(env);
    writeSession(b, session(CLAUDE_ID, 'claude', 'alice', '2026-12-02T08:00:00.000Z'));
    writeSession(b, session(CODEX_ID, 'codex', 'bob', '2026-12-02T09:00:00.000Z'));
    expect(boundSession(b)).toEqual({ session: CODEX_ID, agent: 'bob' });
  });

  it('Claude Code started from Codex’s shell: the Claude session, which started last', () => {
    const b = board(env);
    writeSession(b, session(CODEX_ID, 'codex', 'bob', '2026-12-02T08:00:00.000Z'));
    writeSession(b, session(CLAUDE_ID, 'claude', 'alice', '2026-12-02T09:00:00.000Z'));
    expect(boundSession(b)).toEqual({ session: CLAUDE_ID, agent: 'alice' });
  });

  it('a variable naming a session of another harness, or none on the board, is not trusted', () => {
    const b = board(env);
    // The Codex variable names a session the board records as Claude Code's: only the Claude variable counts.
    writeSession(b, session(CODEX_ID, 'claude', 'bob', '2026-12-02T09:00:00.000Z'));
    expect(boundSession(b)).toBeUndefined();
    writeSession(b, session(CLAUDE_ID, 'claude', 'alice', '2026-12-02T08:00:00.000Z'));
    expect(boundSession(b)).toEqual({ session: CLAUDE_ID, agent: 'alice' });
  });
});
