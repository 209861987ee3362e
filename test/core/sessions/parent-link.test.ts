// Parent links: BATON_PARENT_SESSION wins; else the first new session of the project claims the pending
// continuation, once; an expired one is ignored; a session that already has a record keeps its parent.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Board, openBoard } from '../../../src/core/board/open-board.js';
import {
  claimContinuation,
  continuationPath,
  leaveContinuation,
  type PendingContinuation,
} from '../../../src/core/sessions/parent-link.js';
import { projectKeyOf } from '../../../src/core/sessions/project.js';
import { bindSession, readSession } from '../../../src/core/sessions/session.js';
import { testdir } from '../../helpers/testdir.js';
import { caught, type FakeClock, fakeClock, snapshot } from '../cards/helpers.js';
import { runWorkers } from './helpers.js';

function project() {
  const dir = testdir();
  const cwd = join(dir, 'project');
  mkdirSync(cwd);
  const clock = fakeClock();
  const root = join(cwd, '.baton');
  const open = (env: Record<string, string> = {}) => openBoard({ board: root, cwd, env, clock });
  return { dir, cwd, root, clock, open, projectKey: projectKeyOf(cwd) };
}

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

describe('parent links', () => {
  it('the first new session of the project claims the pending continuation, and only it', () => {
    const p = project();
    leaveContinuation(p.open(), pending(p.projectKey, p.clock));
    expect(register(p.open({ BATON_SESSION: 'new-1' })).parentSession).toBe('source-1');
    expect(existsSync(continuationPath(p.open(), p.projectKey))).toBe(false);
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
    expect(existsSync(continuationPath(p.open(), p.projectKey))).toBe(false);
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
    expect(existsSync(continuationPath(p.open(), p.projectKey))).toBe(true);
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
    const before = snapshot(p.root);
    expect(caught(() => register(p.open({ BATON_SESSION: 'e', BATON_PARENT_SESSION: '../x' })))).toEqual({
      code: 'invalid_name',
      message:
        'BATON_PARENT_SESSION is not a session id (must not contain path separators) — unset it, or set it to the session this one continues',
    });
    expect(snapshot(p.root)).toEqual(before);
  });

  it('a hand-edited pending continuation is left in place, never taken as a link', () => {
    const p = project();
    const board = p.open();
    leaveContinuation(board, pending(p.projectKey, p.clock));
    const path = continuationPath(board, p.projectKey);
    writeFileSync(path, '{"version": 1, "projectKey": "x"}');
    expect(register(p.open({ BATON_SESSION: 'f' })).parentSession).toBe('');
    expect(existsSync(path)).toBe(true);
    expect(readdirSync(join(p.root, 'state', 'continuations'))).toEqual([`${p.projectKey}.json`]);
  });

  it('of eight sessions starting at once, exactly one claims it', async () => {
    const p = project();
    leaveContinuation(p.open(), pending(p.projectKey, p.clock, { expiresAt: undefined }));
    const body = `
      import { openBoard } from './src/core/board/open-board.ts';
      import { claimContinuation } from './src/core/sessions/parent-link.ts';
      const [, root, key] = process.argv.slice(2);
      const board = openBoard({ board: root, cwd: root, env: {} });
      process.stdout.write(claimContinuation(board, key)?.parentSession ?? '-');
    `;
    const claims = await runWorkers(body, 8, [p.root, p.projectKey]);
    expect(claims.sort()).toEqual(['-', '-', '-', '-', '-', '-', '-', 'source-1']);
  }, 60_000);

  it('a project key that is not one (too long, not a slug) is refused before anything is written', () => {
    const p = project();
    const board = p.open();
    const key = `k-${'a'.repeat(150)}`;
    const before = snapshot(p.dir);
    expect(() => leaveContinuation(board, pending(key, p.clock))).toThrow(
      `invalid project key "${key}": must be at most 80 characters`,
    );
    expect(() => leaveContinuation(board, pending('../up', p.clock))).toThrow(
      'invalid project key "../up": must be lowercase letters, digits and dashes',
    );
    expect(claimContinuation(board, key)).toBeUndefined();
    expect(snapshot(p.dir)).toEqual(before);
  });
});
