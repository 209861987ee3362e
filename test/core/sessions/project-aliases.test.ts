// Older project keys (a slug of the checkout's path) read as today's: which are mapped, from what, and which are
// left alone; who-else sees a live session recorded under an older key of its project.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerAgent } from '../../../src/core/agents/registry.js';
import { type Board, openBoard } from '../../../src/core/board/open-board.js';
import { listSessions } from '../../../src/core/sessions/live.js';
import { pathKeyOf, projectKeyOf } from '../../../src/core/sessions/project.js';
import { projectAliases, projectGroup } from '../../../src/core/sessions/project-aliases.js';
import { recordSession } from '../../../src/core/sessions/session.js';
import { touchPaths } from '../../../src/core/sessions/touched.js';
import { whoElse } from '../../../src/core/sessions/who-else.js';
import { cleanEnv, testdir } from '../../helpers/testdir.js';

function repo(root: string, origin: string): string {
  mkdirSync(root, { recursive: true });
  const run = spawnSync('git', ['init', '--quiet'], { cwd: root, env: cleanEnv() });
  expect(run.status).toBe(0);
  spawnSync('git', ['remote', 'add', 'origin', origin], { cwd: root, env: cleanEnv() });
  return root;
}

/** A session as an older baton recorded it: under the path slug of its checkout. */
function olderSession(board: Board, id: string, cwd: string, key = pathKeyOf(cwd, board.redact)): void {
  registerAgent(board, 'alice');
  recordSession(board, { id, agent: 'alice', harness: 'claude', cwd });
  const path = join(board.root, 'sessions', `${id}.json`);
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), projectKey: key }));
}

describe('projectAliases', () => {
  it('maps this checkout’s path slug, and another checkout of the same repository on this machine', () => {
    const dir = testdir();
    const here = repo(join(dir, 'here'), 'git@github.com:acme/shop.git');
    const other = repo(join(dir, 'other', 'shop'), 'https://github.com/acme/shop');
    const board = openBoard({ board: join(here, '.baton'), cwd: here, env: {}, home: join(dir, 'home') });
    olderSession(board, 'old-other', other);
    const aliases = projectAliases(board, listSessions(board).sessions);
    expect(Object.fromEntries(aliases.map)).toEqual({
      [pathKeyOf(here)]: 'github-com-acme-shop',
      [pathKeyOf(other)]: 'github-com-acme-shop',
    });
    expect(aliases.how.get(pathKeyOf(other))).toBe(`sessions in ${other}, on this machine`);
    expect(projectGroup(board, pathKeyOf(other), aliases)).toEqual([
      'github-com-acme-shop',
      pathKeyOf(here),
      pathKeyOf(other),
    ]);
    // Without the records given, they are read only when a notes folder may hold an older key: none here yet.
    expect([...projectAliases(board).map.keys()]).toEqual([pathKeyOf(here)]);
    // A key nothing maps is its own group.
    expect(projectGroup(board, 'some-other-project')).toEqual(['some-other-project']);
  });

  it('leaves an older key that two folders claim, and one whose folder is now another repository', () => {
    const dir = testdir();
    const hub = join(dir, 'hub');
    mkdirSync(hub);
    const board = openBoard({ board: join(hub, '.baton'), cwd: hub, env: {}, home: join(dir, 'home') });
    const shop = repo(join(dir, 'shop'), 'git@github.com:acme/shop.git');
    // Recorded under shop's older key, in the same folder as sessions of two different keys today.
    olderSession(board, 'old-1', shop);
    recordSession(board, { id: 'new-1', agent: 'alice', harness: 'claude', cwd: shop });
    olderSession(board, 'new-2', shop, 'github-com-acme-other');
    const aliases = projectAliases(board, listSessions(board).sessions);
    expect(aliases.map.has(pathKeyOf(shop))).toBe(false);
    expect(aliases.ambiguous.get(pathKeyOf(shop))).toEqual(['github-com-acme-other', 'github-com-acme-shop']);
    // A session recorded when vendor/lib was a checkout of its own: vendor/lib is inside shop's checkout now, so
    // its folder no longer gives that key, and no session of today's rules ran there: not mapped.
    const lib = join(shop, 'vendor', 'lib');
    mkdirSync(lib, { recursive: true });
    const libKey = lib
      .slice(1)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    olderSession(board, 'old-lib', lib, libKey);
    const again = projectAliases(board, listSessions(board).sessions);
    expect(again.map.has(libKey)).toBe(false);
    expect(again.ambiguous.has(libKey)).toBe(false);
  });

  it('who-else compares a live session recorded under an older key of the project with today’s', () => {
    const dir = testdir();
    const shop = repo(join(dir, 'shop'), 'git@github.com:acme/shop.git');
    const board = openBoard({ board: join(shop, '.baton'), cwd: shop, env: {}, home: join(dir, 'home') });
    olderSession(board, 'before-upgrade', shop);
    touchPaths(board, 'before-upgrade', ['src/login.ts'], shop);
    recordSession(board, { id: 'after-upgrade', agent: 'alice', harness: 'codex', cwd: shop });
    expect(projectKeyOf(shop, board)).toBe('github-com-acme-shop');
    const seen = whoElse(board, 'src/login.ts', { self: 'after-upgrade', cwd: shop });
    expect(seen.others.map((o) => [o.session, o.projectKey])).toEqual([['before-upgrade', pathKeyOf(shop)]]);
  });
});
