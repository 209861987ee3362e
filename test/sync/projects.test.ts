// A project is the same project on every machine: two clones of one repository at different paths, synced, are one
// project on the board and in the index; a repository without a remote is its own; two unrelated repositories named
// alike on one board stay apart; notes and sessions of older versions (keyed by a slug of the checkout's path)
// resolve to today's key without a file rewritten. The built baton, real git.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectKeyOf } from '../../src/core/sessions/project.js';
import { BODY } from '../core/notes/bodies.js';
import { baton, filesUnder, testdir } from '../helpers/testdir.js';
import { converge, gitIn, jsonOf, type Machine, makeCluster, runBaton } from './cluster.js';

const oldKeyOf = (root: string) =>
  root
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

function handoff(cwd: string, title: string, extra: string[] = [], env?: Record<string, string>): string {
  const run = baton(['handoff', 'write', '--title', title, '--json', ...extra], { cwd, input: BODY, env });
  return jsonOf<{ note: { id: string } }>(`handoff ${title}`, run).note.id;
}

/** A harness session starting in `cwd` (its record on the board), as the session-start hook writes it. */
function sessionStart(cwd: string, session: string): void {
  const input = JSON.stringify({ session_id: session, cwd, source: 'startup' });
  expect(baton(['hook', 'session-start', '--harness', 'claude'], { cwd, input }).code).toBe(0);
}

/** Rewrites a session record's key as an older baton wrote it: a slug of its checkout's path. */
function makeOlder(machine: Machine, session: string): string {
  const path = join(machine.board, 'sessions', `${session}.json`);
  const record = JSON.parse(readFileSync(path, 'utf8'));
  record.projectKey = oldKeyOf(machine.dir);
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
  return record.projectKey;
}

const boardJson = (cwd: string) =>
  jsonOf<{ project: string; notes: number; families: { note?: { id: string } }[] }>(
    'board',
    runBaton(cwd, ['board', '--json']),
  );

describe('a project across machines', () => {
  it('two clones at different paths, synced, are one project in board and index', () => {
    const cluster = makeCluster(testdir(), ['alpha', 'beta']);
    const [a, b] = cluster.machines as [Machine, Machine];
    const key = projectKeyOf(a.dir);
    // The clones share their origin: the key is its path's slug, neither clone's.
    expect(key).toBe(oldKeyOf(cluster.origin.replace(/\.git$/, '')));
    expect(projectKeyOf(b.dir)).toBe(key);
    const id = handoff(a.dir, 'Parser half done on alpha');
    converge(cluster);

    const onB = runBaton(b.dir, ['board']);
    expect(onB).toMatchObject({ code: 0, stderr: '' });
    expect(onB.stdout).toMatch(new RegExp(`^project ${key} · 1 note · anchor ${id}\n`));
    expect(onB.stdout).toContain('Parser half done on alpha');
    expect(boardJson(b.dir)).toMatchObject({ project: key, notes: 1 });
    const index = runBaton(b.dir, ['index']);
    expect(index.stdout).toContain(`project="${key}"`);
    expect(index.stdout).toContain(`note:${id}`);
    // A note written on beta joins the same project on alpha.
    const second = handoff(b.dir, 'Parser done on beta');
    converge(cluster);
    expect(boardJson(a.dir)).toMatchObject({ project: key, notes: 2 });
    expect(runBaton(a.dir, ['index']).stdout).toContain(`note:${second}`);
    // One notes folder on either board.
    for (const m of [a, b])
      expect(new Set(filesUnder(join(m.board, 'notes')).map((f) => f.split('/')[0]))).toEqual(new Set([key]));
  });

  it('notes of an older version (path-slug keys) resolve to today’s key, here and on the other machine, untouched', () => {
    const cluster = makeCluster(testdir(), ['alpha', 'beta']);
    const [a, b] = cluster.machines as [Machine, Machine];
    const key = projectKeyOf(a.dir);
    // alpha's session from before the change, and the handoff it wrote: in notes/<slug of alpha's path>/.
    sessionStart(a.dir, 'old-alpha');
    const older = makeOlder(a, 'old-alpha');
    const id = handoff(a.dir, 'Written before keys changed', ['--session', 'old-alpha']);
    const file = join(a.board, 'notes', older, `${id}.md`);
    const bytes = readFileSync(file, 'utf8');
    expect(bytes).toContain(`projectKey: ${older}`);

    // This checkout: its older key is its path's slug.
    expect(boardJson(a.dir)).toMatchObject({ project: key, notes: 1 });
    expect(runBaton(a.dir, ['board']).stdout).toMatch(
      new RegExp(`^project ${key} · 1 note · anchor ${id}\n`),
    );
    expect(runBaton(a.dir, ['index']).stdout).toContain(`note:${id}`);
    const doctor = runBaton(a.dir, ['doctor']).stdout;
    expect(doctor).toContain(
      `info  project: ${key} (from the origin remote ${cluster.origin.replace(/\.git$/, '')})`,
    );
    expect(doctor).toContain(
      `info  project alias: ${older} → ${key} (an older key, read as today's; from this checkout (${a.dir}))`,
    );
    expect(runBaton(a.dir, ['sessions', '--project', '.', '--json']).stdout).toContain('"old-alpha"');

    // alpha starts a session today in the same folder; both machines sync.
    sessionStart(a.dir, 'new-alpha');
    converge(cluster);
    expect(boardJson(b.dir)).toMatchObject({ project: key, notes: 1 });
    expect(runBaton(b.dir, ['index']).stdout).toContain(`note:${id}`);

    // alpha's folder is not on beta's machine: the sessions before and after in it still tell.
    renameSync(a.dir, `${a.dir}-elsewhere`);
    expect(boardJson(b.dir)).toMatchObject({ project: key, notes: 1 });
    expect(runBaton(b.dir, ['doctor']).stdout).toContain(
      `info  project alias: ${older} → ${key} (an older key, read as today's; from sessions before and after in ${a.dir})`,
    );
    // Without today's session in that folder nothing tells: the older key stays a project of its own.
    rmSync(join(b.board, 'sessions', 'new-alpha.json'));
    expect(boardJson(b.dir)).toMatchObject({ project: key, notes: 0 });
    expect(runBaton(b.dir, ['board', '--all']).stdout).toMatch(new RegExp(`^project ${older} · 1 note`));
    expect(runBaton(b.dir, ['doctor']).stdout).not.toContain('project alias');
    // Nothing was rewritten.
    expect(readFileSync(join(b.board, 'notes', older, `${id}.md`), 'utf8')).toBe(bytes);
    expect(readFileSync(join(`${a.dir}-elsewhere`, '.baton', 'notes', older, `${id}.md`), 'utf8')).toBe(
      bytes,
    );
  });
});

describe('projects on one board', () => {
  it('a repository without a remote is its own project; two unrelated ones named alike stay apart', () => {
    const dir = testdir();
    const hub = join(dir, 'hub');
    gitIn(dir, ['init', '--quiet', hub]);
    expect(baton(['init'], { cwd: hub }).code).toBe(0);
    const env = { BATON_DIR: join(hub, '.baton') };
    const [x, y] = ['x/shop', 'y/shop'].map((path) => {
      const root = join(dir, path);
      gitIn(dir, ['init', '--quiet', root]);
      return root;
    }) as [string, string];
    const keyX = projectKeyOf(x);
    const keyY = projectKeyOf(y);
    expect(keyX).toMatch(/^shop-[0-9a-f]{8}$/);
    expect(keyY).toMatch(/^shop-[0-9a-f]{8}$/);
    expect(keyX).not.toBe(keyY);
    const idX = handoff(x, 'Shop X work', [], env);
    const idY = handoff(y, 'Shop Y work', [], env);

    const boardX = baton(['board'], { cwd: x, env }).stdout;
    expect(boardX).toMatch(new RegExp(`^project ${keyX} · 1 note · anchor ${idX}\n`));
    expect(boardX).not.toContain('Shop Y work');
    const indexY = baton(['index'], { cwd: y, env }).stdout;
    expect(indexY).toContain(`note:${idY}`);
    expect(indexY).not.toContain(`note:${idX}`);
    const all = baton(['board', '--all'], { cwd: hub, env }).stdout;
    expect(all.match(/^project shop-[0-9a-f]{8} · 1 note/gm)).toHaveLength(2);
    expect(baton(['doctor'], { cwd: x, env }).stdout).toContain(
      `info  project: ${keyX} (from the folder ${x} (no origin remote))`,
    );
  });

  it('config.json `project` names the project of every folder on a project board; a bad one is reported', () => {
    const dir = testdir();
    const root = join(dir, 'shop');
    gitIn(dir, ['init', '--quiet', root]);
    expect(baton(['init'], { cwd: root }).code).toBe(0);
    writeFileSync(join(root, '.baton', 'config.json'), '{"project": "acme-shop"}\n');
    const id = handoff(root, 'Named by config');
    expect(filesUnder(join(root, '.baton', 'notes'))).toEqual([`acme-shop/${id}.md`]);
    expect(baton(['index'], { cwd: root }).stdout).toContain('project="acme-shop"');
    writeFileSync(join(root, '.baton', 'config.json'), '{"project": "Acme Shop"}\n');
    const doctor = baton(['doctor'], { cwd: root }).stdout;
    expect(doctor).toContain(
      `info  project: ${projectKeyOf(root)} (from the folder ${root} (no origin remote)) — ${join(root, '.baton', 'config.json')}: project "Acme Shop" must be lowercase letters, digits and dashes — it is ignored`,
    );
    // Refused, nothing written under it.
    handoff(root, 'After the bad name');
    expect(
      filesUnder(join(root, '.baton', 'notes'))
        .map((f) => f.split('/')[0])
        .sort(),
    ).toEqual(['acme-shop', projectKeyOf(root)].sort());
  });
});
