import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, filesUnder, testdir } from '../helpers/testdir.js';

describe('baton demo (what npm start runs)', () => {
  it('seeds ./demo/.baton when there is no board, shows it, and does not seed twice', () => {
    const dir = testdir();
    const first = baton(['demo'], { cwd: dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`baton board ${join(dir, 'demo', '.baton')}`);
    expect(first.stdout).toContain('agents: alice (1 unread), bob (2 unread), carol (1 unread)');
    expect(first.stdout).toMatch(/c-[0-9A-Z]{26} {2}2 entries {2}Flaky login test/);
    const seeded = filesUnder(join(dir, 'demo', '.baton'));
    expect(baton(['demo'], { cwd: dir }).code).toBe(0);
    expect(filesUnder(join(dir, 'demo', '.baton'))).toEqual(seeded);
  });

  it('uses the board resolved from here when there is one, and never writes to it', () => {
    const dir = testdir();
    const env = { BATON_DIR: join(dir, 'mine') };
    const sent = baton(['send', '--as', 'a', '--to', 'b', '--body', 'real mail'], { cwd: dir, env });
    expect(sent.stderr).toBe(`[board ${join(dir, 'mine')}]\n`);
    expect(sent.code).toBe(0);
    const before = filesUnder(dir);
    const shown = baton(['demo'], { cwd: dir, env });
    expect(shown.stdout).toContain('real mail');
    expect(filesUnder(dir)).toEqual(before);
  });
});
