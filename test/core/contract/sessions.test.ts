// Session records through the core API, on disk and in memory alike: live sessions, the machine of a pid, project keys
// that never carry a credential, and parent links (BATON_PARENT_SESSION wins; else the first new session of the
// project claims the pending continuation, once; an expired one is ignored; a session with a record keeps its
// parent). Racing processes are a disk's alone: test/core/sessions.
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/core/board/open-board.js';
import { isLive, latestLiveSession, listSessions } from '../../../src/core/sessions/live.js';
import {
  claimContinuation,
  continuationPath,
  leaveContinuation,
  type PendingContinuation,
} from '../../../src/core/sessions/parent-link.js';
import { projectKeyOf } from '../../../src/core/sessions/project.js';
import { bindSession, readSession, writeSession } from '../../../src/core/sessions/session.js';
import { testdir } from '../../helpers/testdir.js';
import { caught, type FakeClock } from '../cards/helpers.js';
import { DEAD_PID, sessionRecord } from '../sessions/helpers.js';
import { names, readText, STORES, storeSnapshot } from './boards.js';

const session = (id: string, lastSeen: string, extra: Parameters<typeof sessionRecord>[1] = {}) =>
  sessionRecord(id, { agent: `agent-${id}`, startedAt: lastSeen, lastSeen, ...extra });

function pending(projectKey: string, clock: FakeClock, extra: Partial<PendingContinuation> = {}) {
  return {
    version: 1 as const,
    projectKey,
    parentSession: 'source-1',
    note: 'n-01JDX6AAAAAAAAAAAAAAAAAAAA',
    harness: 'claude',
    createdAt: new Date(clock()).toISOString(),
    expiresAt: new Date(clock() + 30 * 60_000).toISOString(),
    ...extra,
  };
}

const register = (board: Board, name = 'alice') => bindSession(board, name);

describe.each(STORES)('%s store', (_name, open) => {
  describe('live sessions', () => {
    it('picks the most recently seen live session of the project', () => {
      const { board } = open();
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
      const { board, store } = open();
      writeSession(board, session('here', '2026-11-30T10:00:00.000Z', { pid: DEAD_PID }));
      const stored = JSON.parse(readText(store, join(board.root, 'sessions', 'here.json')));
      expect(stored.host).toBe(hostname());
      expect(isLive(stored)).toBe(false);
      // The same pid on another machine says nothing here: live until it ends there.
      expect(isLive({ ...stored, host: `not-${hostname()}` })).toBe(true);
      expect(isLive({ ...stored, host: `not-${hostname()}`, endedAt: '2026-11-30T11:00:00.000Z' })).toBe(
        false,
      );
    });

    it('lists newest first and reports unreadable records instead of throwing', () => {
      const { board, store } = open();
      writeSession(board, session('a', '2026-11-30T10:00:00.000Z'));
      writeSession(board, session('b', '2026-11-30T11:00:00.000Z'));
      store.write(join(board.root, 'sessions', 'broken.json'), '{');
      store.write(join(board.root, 'sessions', 'notes.txt'), 'x');
      store.write(join(board.root, 'sessions', 'c.json'), JSON.stringify(session('not-c', '')));
      const { sessions, problems } = listSessions(board);
      expect(sessions.map((s) => s.id)).toEqual(['b', 'a']);
      expect(problems.map((p) => [p.path, p.reason]).sort()).toEqual([
        [join(board.root, 'sessions', 'broken.json'), 'is not valid JSON'],
        [join(board.root, 'sessions', 'c.json'), 'not a session record: its id does not match the file name'],
        [join(board.root, 'sessions', 'notes.txt'), 'not a session record'],
      ]);
    });

    it('a session bound through the pid index is found again by a later command of the same process tree', () => {
      const { board, store } = open();
      const bound = bindSession(board, 'alice');
      expect(store.stat(join(board.root, 'state', 'pids', `${bound.pid}.json`)).kind).toBe('file');
      const later = bindSession(board, 'bob');
      expect(later.id).toBe(bound.id);
      expect(readSession(board, bound.id)?.agent).toBe('bob');
    });
  });

  describe('project keys', () => {
    it('a project folder named like a token never reaches the board, not even slugged', () => {
      const token = `ghp_${'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8'}`;
      const project = join(testdir(), token);
      mkdirSync(project);
      const { board, store } = open({ cwd: project, env: { BATON_SESSION: 's1' } });
      const bound = bindSession(board, 'alice');
      expect(bound.projectKey).toContain('redacted-github-token');
      const stored = Object.entries(storeSnapshot(store));
      expect(stored.length).toBeGreaterThan(2);
      for (const [path, text] of stored) {
        expect(`${path} ${text}`.toLowerCase()).not.toContain(token.slice(4).toLowerCase());
      }
    });
  });

  describe('parent links', () => {
    function project() {
      const t = open();
      const clock = t.board.clock;
      const again = (env: Record<string, string> = {}) => t.reopen({ env, clock });
      return { ...t, clock, open: again, projectKey: projectKeyOf(t.board.cwd) };
    }
    const present = (p: ReturnType<typeof project>) =>
      p.store.stat(continuationPath(p.board, p.projectKey)).kind === 'file';

    it('the first new session of the project claims the pending continuation, and only it', () => {
      const p = project();
      leaveContinuation(p.open(), pending(p.projectKey, p.clock));
      expect(register(p.open({ BATON_SESSION: 'new-1' })).parentSession).toBe('source-1');
      expect(present(p)).toBe(false);
      expect(register(p.open({ BATON_SESSION: 'new-2' })).parentSession).toBe('');
      // Registering new-1 again keeps its link.
      expect(register(p.open({ BATON_SESSION: 'new-1' }), 'bob').parentSession).toBe('source-1');
      expect(readSession(p.open(), 'new-1')?.parentSession).toBe('source-1');
    });

    it('a pending continuation of another project is left for it', () => {
      const p = project();
      leaveContinuation(p.open(), pending('some-other-project', p.clock));
      expect(register(p.open({ BATON_SESSION: 'new-1' })).parentSession).toBe('');
      expect(claimContinuation(p.open(), 'some-other-project')?.parentSession).toBe('source-1');
    });

    it('a session that already had a record does not claim it', () => {
      const p = project();
      register(p.open({ BATON_SESSION: 'old' }));
      leaveContinuation(p.open(), pending(p.projectKey, p.clock));
      expect(register(p.open({ BATON_SESSION: 'old' })).parentSession).toBe('');
      expect(register(p.open({ BATON_SESSION: 'new' })).parentSession).toBe('source-1');
    });

    it('an expired pending continuation is ignored and removed', () => {
      const p = project();
      leaveContinuation(p.open(), pending(p.projectKey, p.clock));
      p.clock.advance(30 * 60_000);
      expect(register(p.open({ BATON_SESSION: 'late' })).parentSession).toBe('');
      expect(present(p)).toBe(false);
      // One without an expiry (the board's pending TTL is 0) never expires.
      leaveContinuation(p.open(), pending(p.projectKey, p.clock, { expiresAt: undefined }));
      p.clock.advance(365 * 86_400_000);
      expect(register(p.open({ BATON_SESSION: 'much-later' })).parentSession).toBe('source-1');
    });

    it('BATON_PARENT_SESSION given explicitly wins, and consumes a pending continuation naming the same parent', () => {
      const p = project();
      leaveContinuation(p.open(), pending(p.projectKey, p.clock));
      const other = register(p.open({ BATON_SESSION: 'a', BATON_PARENT_SESSION: 'explicit-9' }));
      expect(other.parentSession).toBe('explicit-9');
      // Another parent's pending continuation is left for the next session…
      expect(present(p)).toBe(true);
      // …and one naming the same parent is consumed by the session it was left for.
      expect(register(p.open({ BATON_SESSION: 'b', BATON_PARENT_SESSION: 'source-1' })).parentSession).toBe(
        'source-1',
      );
      expect(register(p.open({ BATON_SESSION: 'c' })).parentSession).toBe('');
      // An existing record takes the explicit parent too; a session is never its own parent.
      expect(register(p.open({ BATON_SESSION: 'c', BATON_PARENT_SESSION: 'x-1' })).parentSession).toBe('x-1');
      expect(register(p.open({ BATON_SESSION: 'd', BATON_PARENT_SESSION: 'd' })).parentSession).toBe('');
    });

    it('a BATON_PARENT_SESSION that is not a session id is refused and nothing is written', () => {
      const p = project();
      leaveContinuation(p.open(), pending(p.projectKey, p.clock));
      const before = storeSnapshot(p.store);
      expect(caught(() => register(p.open({ BATON_SESSION: 'e', BATON_PARENT_SESSION: '../x' })))).toEqual({
        code: 'invalid_name',
        message:
          'BATON_PARENT_SESSION is not a session id (must not contain path separators) — unset it, or set it to the session this one continues',
      });
      expect(storeSnapshot(p.store)).toEqual(before);
    });

    it('a hand-edited pending continuation is left in place, never taken as a link', () => {
      const p = project();
      leaveContinuation(p.board, pending(p.projectKey, p.clock));
      const path = continuationPath(p.board, p.projectKey);
      p.store.write(path, '{"version": 1, "projectKey": "x"}');
      expect(register(p.open({ BATON_SESSION: 'f' })).parentSession).toBe('');
      expect(readText(p.store, path)).toBe('{"version": 1, "projectKey": "x"}');
      expect(names(p.store, join(p.root, 'state', 'continuations'))).toEqual([`${p.projectKey}.json`]);
    });

    it('a file where the continuations folder belongs holds none: a session still starts, first of its line', () => {
      const p = project();
      register(p.open({ BATON_SESSION: 'first' }));
      p.store.write(join(p.root, 'state', 'continuations'), '');
      expect(claimContinuation(p.open(), p.projectKey)).toBeUndefined();
      expect(register(p.open({ BATON_SESSION: 'g' })).parentSession).toBe('');
    });

    it('a project key that is not one (too long, not a slug) is refused before anything is written', () => {
      const p = project();
      const key = `k-${'a'.repeat(150)}`;
      const before = storeSnapshot(p.store);
      expect(() => leaveContinuation(p.board, pending(key, p.clock))).toThrow(
        `invalid project key "${key}": must be at most 80 characters`,
      );
      expect(() => leaveContinuation(p.board, pending('../up', p.clock))).toThrow(
        'invalid project key "../up": must be lowercase letters, digits and dashes',
      );
      expect(claimContinuation(p.board, key)).toBeUndefined();
      expect(storeSnapshot(p.store)).toEqual(before);
    });
  });
});
