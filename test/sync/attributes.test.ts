// A remote whose .gitattributes is not baton's (a filter after baton's first line, another attributes file deeper
// down) with a filter of that name configured on this machine — in the global git config and the project's own
// .git/info/attributes, as git-lfs does: the filter never runs, the foreign files are reported and never checked
// out, the records that came with them are taken in, and the branch is pushed back with baton's own .gitattributes.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOREIGN_ATTRIBUTES, GITATTRIBUTES } from '../../src/core/sync/attributes.js';
import { baton, testdir } from '../helpers/testdir.js';
import {
  type Cluster,
  ensureDir,
  gitIn,
  jsonOf,
  type Machine,
  makeCluster,
  type SyncJson,
} from './cluster.js';

const CARD = 'c-01JDX4K9ZQ7W8R2N4V6B0000AA';
const CARD_REL = `cards/${CARD}-pushed.md`;
const CARD_TEXT = `---\nid: ${CARD}\ntitle: Pushed\ncreated_by: mallory\ncreated_at: 2026-12-01T00:00:00.000Z\n---\n`;

/** This machine's git config with a filter `evil` whose every command leaves `marker` (git-lfs's shape). */
function evilFilterConfig(root: string, marker: string): Record<string, string> {
  const config = join(root, 'gitconfig');
  const run = `touch '${marker}'; cat`;
  writeFileSync(config, `[filter "evil"]\n\tsmudge = ${run}\n\tclean = ${run}\n\trequired = true\n`);
  return { GIT_CONFIG_GLOBAL: config };
}

/** Pushes to origin/baton, as another machine with push access could: attributes naming the filter, and a card. */
function pushForeignAttributes(cluster: Cluster): void {
  const other = join(cluster.root, 'other');
  gitIn(cluster.root, ['clone', '--quiet', '--branch', 'baton', cluster.origin, other]);
  writeFileSync(join(other, '.gitattributes'), `${GITATTRIBUTES}* filter=evil\n`);
  ensureDir(join(other, 'cards'));
  writeFileSync(join(other, 'cards', '.gitattributes'), '*.md filter=evil\n');
  writeFileSync(join(other, CARD_REL), CARD_TEXT);
  gitIn(other, ['add', '--all']);
  gitIn(other, ['commit', '--quiet', '-m', 'attributes']);
  gitIn(other, ['push', '--quiet', 'origin', 'HEAD:refs/heads/baton']);
}

function sync(machine: Machine, env: Record<string, string>): SyncJson {
  return jsonOf(`sync on ${machine.name}`, baton(['sync', '--json'], { cwd: machine.dir, env }));
}

/** The files of origin/baton that are attributes files. */
function attributesOnRemote(cluster: Cluster): string[] {
  return gitIn(cluster.origin, ['ls-tree', '-r', '--name-only', 'baton'])
    .split('\n')
    .filter((path) => path.toLowerCase().endsWith('.gitattributes'));
}

const FOREIGN = [
  { path: '.gitattributes', reason: FOREIGN_ATTRIBUTES },
  { path: 'cards/.gitattributes', reason: FOREIGN_ATTRIBUTES },
];

describe('baton sync and attributes from another machine', () => {
  it('merges a push with foreign attributes without running the filter configured here, and pushes baton’s back', () => {
    const root = testdir();
    const cluster = makeCluster(root, ['A', 'B']);
    const [A, B] = cluster.machines as [Machine, Machine];
    const marker = join(root, 'filter-ran');
    const env = evilFilterConfig(root, marker);
    // The project's own attributes on B name the filter too: git reads them whatever the worktree holds.
    mkdirSync(join(B.dir, '.git', 'info'), { recursive: true });
    writeFileSync(join(B.dir, '.git', 'info', 'attributes'), '*.md filter=evil\n*.json filter=evil\n');
    expect(baton(['send', '--as', 'a1', '--to', 'b1', '--body', 'before'], { cwd: A.dir }).code).toBe(0);
    sync(A, env);
    sync(B, env);
    pushForeignAttributes(cluster);

    expect(baton(['send', '--as', 'b1', '--to', 'a1', '--body', 'from B'], { cwd: B.dir }).code).toBe(0);
    const result = sync(B, env);
    expect(result.problems).toEqual(FOREIGN);
    expect(result).toMatchObject({ committed: 1, received: { added: 1 }, pushed: true });
    expect(existsSync(marker)).toBe(false);
    // Never checked out: the worktree has baton's .gitattributes and no other; the card came in.
    expect(readFileSync(join(B.worktree, '.gitattributes'), 'utf8')).toBe(GITATTRIBUTES);
    expect(existsSync(join(B.worktree, 'cards', '.gitattributes'))).toBe(false);
    expect(readFileSync(join(B.board, CARD_REL), 'utf8')).toBe(CARD_TEXT);
    // Pushed back with baton's own: A merges it quietly, and no filter runs there either.
    expect(attributesOnRemote(cluster)).toEqual(['.gitattributes']);
    expect(gitIn(cluster.origin, ['show', 'baton:.gitattributes'])).toBe(GITATTRIBUTES);
    const onA = sync(A, env);
    expect(onA.problems).toEqual([]);
    expect(onA.received).toMatchObject({ added: 2 });
    expect(readFileSync(join(A.board, CARD_REL), 'utf8')).toBe(CARD_TEXT);
    expect(existsSync(marker)).toBe(false);
    expect(sync(B, env).problems).toEqual([]);
  });

  it('a first sync from such a remote — a new worktree of the project, or a clone of sync.repo — checks none of it out', () => {
    const root = testdir();
    const cluster = makeCluster(root, ['A', 'C']);
    const [A, C] = cluster.machines as [Machine, Machine];
    const marker = join(root, 'filter-ran');
    const env = evilFilterConfig(root, marker);
    sync(A, env);
    pushForeignAttributes(cluster);
    // D keeps its board in a separate repository: a copy of origin as it is now.
    const store = join(root, 'store.git');
    gitIn(root, ['clone', '--quiet', '--bare', cluster.origin, store]);
    const D: Machine = { name: 'D', dir: join(root, 'D'), board: join(root, 'D', '.baton'), worktree: '' };
    D.worktree = join(D.board, 'state', 'sync', 'worktree');
    ensureDir(D.board);
    expect(baton(['init'], { cwd: D.dir }).code).toBe(0);
    writeFileSync(join(D.board, 'config.json'), JSON.stringify({ sync: { repo: store } }));

    for (const machine of [C, D]) {
      const result = sync(machine, env);
      expect(result.problems, machine.name).toEqual(FOREIGN);
      expect(result.received, machine.name).toMatchObject({ added: 1 });
      expect(readFileSync(join(machine.worktree, '.gitattributes'), 'utf8')).toBe(GITATTRIBUTES);
      expect(existsSync(join(machine.worktree, 'cards', '.gitattributes'))).toBe(false);
      expect(readFileSync(join(machine.board, CARD_REL), 'utf8')).toBe(CARD_TEXT);
    }
    expect(existsSync(marker)).toBe(false);
    expect(attributesOnRemote(cluster)).toEqual(['.gitattributes']);
  });

  it('a worktree that already holds foreign attributes (merged by an older baton) is moved off them first', () => {
    const root = testdir();
    const cluster = makeCluster(root, ['A']);
    const [A] = cluster.machines as [Machine];
    const marker = join(root, 'filter-ran');
    const env = evilFilterConfig(root, marker);
    sync(A, env);
    writeFileSync(join(A.worktree, '.gitattributes'), `${GITATTRIBUTES}* filter=evil\n`);
    ensureDir(join(A.worktree, 'cards'));
    writeFileSync(join(A.worktree, 'cards', '.gitattributes'), '* filter=evil\n');
    gitIn(A.worktree, ['add', '--all']);
    gitIn(A.worktree, ['commit', '--quiet', '-m', 'merged long ago']);

    expect(sync(A, env).problems).toEqual(FOREIGN);
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(join(A.worktree, '.gitattributes'), 'utf8')).toBe(GITATTRIBUTES);
    expect(existsSync(join(A.worktree, 'cards', '.gitattributes'))).toBe(false);
    expect(attributesOnRemote(cluster)).toEqual(['.gitattributes']);
    expect(sync(A, env).problems).toEqual([]);
  });
});
