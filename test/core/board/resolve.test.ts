import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../src/core/board/gc.js';
import { ensureBoard, openBoard, requireBoard } from '../../../src/core/board/open-board.js';
import { resolveBoard } from '../../../src/core/board/resolve.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { filesUnder, snapshot, testdir } from '../../helpers/testdir.js';

/** A real board (a folder with board.json) at `root`. */
function makeBoard(root: string): void {
  const board = openBoard({ board: root, cwd: root, env: {}, home: '/nonexistent-home' });
  ensureBoard(board);
}

describe('resolveBoard', () => {
  it('follows --board, BATON_DIR, --global, the walk up, BATON_GLOBAL, then the cwd', () => {
    const root = testdir();
    const home = join(root, 'home');
    const repo = join(root, 'repo');
    const deep = join(repo, 'src', 'deep');
    mkdirSync(deep, { recursive: true });
    makeBoard(join(repo, '.baton'));
    const base = { cwd: deep, env: {}, home };
    expect(resolveBoard({ ...base, board: '/x/b' })).toMatchObject({ root: '/x/b', source: 'flag' });
    expect(resolveBoard({ ...base, env: { BATON_DIR: '/y/b' } })).toMatchObject({
      root: '/y/b',
      source: 'env',
    });
    expect(resolveBoard({ ...base, global: true })).toMatchObject({
      root: join(home, '.baton'),
      source: 'global',
    });
    expect(resolveBoard(base)).toEqual({ root: join(repo, '.baton'), source: 'walk', exists: true });
    const outside = join(root, 'other');
    mkdirSync(outside);
    expect(resolveBoard({ ...base, cwd: outside, env: { BATON_GLOBAL: '1' } })).toMatchObject({
      source: 'global',
    });
    expect(resolveBoard({ ...base, cwd: outside })).toEqual({
      root: join(outside, '.baton'),
      source: 'fallback',
      exists: false,
    });
  });

  it('a .baton folder without a valid board.json is not a board: the walk reports it instead of using it', () => {
    const root = testdir();
    mkdirSync(join(root, '.baton', 'messages'), { recursive: true });
    const resolved = resolveBoard({ cwd: root, env: {}, home: '/nonexistent-home' });
    expect(resolved).toMatchObject({ root: join(root, '.baton'), source: 'walk', exists: false });
    expect(resolved.problem).toBe(
      `${join(root, '.baton')} is not a baton board (it holds files but no board.json) — run \`baton init --board ${join(root, '.baton')}\` if it is a board whose board.json was lost, or pass another board folder with --board`,
    );
    writeFileSync(join(root, '.baton', 'board.json'), '{"name": 3}');
    expect(resolveBoard({ cwd: root, env: {}, home: '/nonexistent-home' }).problem).toContain(
      'its board.json has version undefined (this baton reads version 1)',
    );
  });

  it('--board and BATON_DIR take a folder that holds .baton/ as that board', () => {
    const project = testdir();
    makeBoard(join(project, '.baton'));
    writeFileSync(join(project, 'README.md'), 'a project');
    const home = '/nonexistent-home';
    expect(resolveBoard({ cwd: '/', env: {}, home, board: project })).toEqual({
      root: join(project, '.baton'),
      source: 'flag',
      exists: true,
    });
    expect(resolveBoard({ cwd: '/', env: { BATON_DIR: project }, home })).toMatchObject({
      root: join(project, '.baton'),
      exists: true,
    });
  });

  it('--board on a folder that is neither a board nor empty is refused, and never turned into one', () => {
    const project = testdir();
    mkdirSync(join(project, 'node_modules', 'x.lock'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{}');
    const before = snapshot(project);
    const board = openBoard({ board: project, cwd: project, env: {}, home: '/nonexistent-home' });
    const refusal = `${project} is not a baton board (it holds files but no board.json) — to give this folder a board, run \`baton init --board ${join(project, '.baton')}\` (or \`baton init\` in it); or pass a board folder with --board`;
    expect(board.problem).toBe(refusal);
    expect(() => sendMessage(board, { from: 'alice', to: ['bob'], body: 'hi' })).toThrow(refusal);
    expect(() => collectGarbage(board)).toThrow(refusal);
    expect(() => requireBoard(board)).toThrow(refusal);
    expect(snapshot(project)).toEqual(before);
  });

  it('an empty folder given with --board becomes a board on the first write', () => {
    const dir = testdir();
    const board = openBoard({ board: dir, cwd: dir, env: {}, home: '/nonexistent-home' });
    expect(board.exists).toBe(false);
    expect(board.problem).toBeUndefined();
    sendMessage(board, { from: 'alice', to: ['bob'], body: 'hi' });
    expect(filesUnder(dir)).toContain('board.json');
  });

  it('BATON_DIR=$HOME and --board / are refused (the root and home guard applies to them too)', () => {
    const home = testdir();
    writeFileSync(join(home, '.bashrc'), 'x');
    const before = snapshot(home);
    const board = openBoard({ cwd: home, env: { BATON_DIR: home }, home });
    expect(board.problem).toBe(
      `refusing your home folder (${home}) as a board — point BATON_DIR at a board folder (e.g. ${join(home, '.baton')} with --global) or a project folder`,
    );
    expect(() => sendMessage(board, { from: 'alice', to: ['bob'], body: 'hi' })).toThrow(board.problem);
    expect(snapshot(home)).toEqual(before);
    expect(openBoard({ board: '/', cwd: home, env: {}, home }).problem).toContain(
      'refusing the filesystem root (/) as a board — point --board at',
    );
  });

  it('refuses a board path that is a file', () => {
    const dir = testdir();
    writeFileSync(join(dir, 'file'), 'x');
    expect(resolveBoard({ cwd: dir, env: { BATON_DIR: join(dir, 'file') }, home: dir }).problem).toBe(
      `${join(dir, 'file')} is not a baton board (not a folder) — --board and BATON_DIR take a board folder, or a project folder holding .baton/`,
    );
  });

  it('the walk never returns the home folder’s own .baton: that is the global board, the last fallback', () => {
    const home = testdir();
    makeBoard(join(home, '.baton'));
    const project = join(home, 'code', 'proj');
    mkdirSync(project, { recursive: true });
    expect(resolveBoard({ cwd: project, env: {}, home })).toEqual({
      root: join(home, '.baton'),
      source: 'global',
      exists: true,
    });
    makeBoard(join(project, '.baton'));
    expect(resolveBoard({ cwd: join(project), env: {}, home })).toMatchObject({
      root: join(project, '.baton'),
      source: 'walk',
    });
    expect(resolveBoard({ cwd: home, env: {}, home })).toMatchObject({ source: 'global' });
  });
});

describe('board creation', () => {
  it('read commands never create a board', () => {
    const dir = testdir();
    const board = openBoard({ cwd: dir, env: {}, home: '/nonexistent-home' });
    expect(() => requireBoard(board)).toThrow(
      `no board at ${join(dir, '.baton')} — run \`baton init\` there, or point to one with --board <path> or BATON_DIR`,
    );
    expect(filesUnder(dir)).toEqual([]);
  });

  it('writers refuse to create a board in $HOME itself, and at the filesystem root', () => {
    const home = testdir();
    const board = openBoard({ cwd: home, env: {}, home });
    expect(() => ensureBoard(board)).toThrow(
      `refusing to create a board in your home folder (${join(home, '.baton')}) — cd into a project, use --global for ~/.baton, or pass --board <path>`,
    );
    expect(filesUnder(home)).toEqual([]);
    const atRoot = openBoard({ cwd: '/', env: {}, home });
    expect(() => ensureBoard(atRoot)).toThrow('refusing to create a board in the filesystem root (/.baton)');
  });

  it('--global may create ~/.baton', () => {
    const home = testdir();
    const board = openBoard({ cwd: home, env: {}, home, global: true });
    ensureBoard(board);
    expect(filesUnder(home)).toEqual(['.baton/board.json']);
  });

  it('board.json names the project, redacted; printing a board never prints the environment', () => {
    const dir = testdir();
    const token = `ghp_${'aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ3bC5'.slice(0, 36)}`;
    const project = join(dir, token);
    mkdirSync(project);
    const secret = 'Zx9-unique-secret-value-Qw8';
    const board = openBoard({ cwd: project, env: { DEPLOY_TOKEN: secret }, home: '/nonexistent-home' });
    ensureBoard(board);
    expect(filesUnder(project)).toEqual(['.baton/board.json']);
    const info = JSON.parse(snapshot(project)['.baton/board.json']!.replace(/ @[\d.]+$/, ''));
    expect(info.name).toBe('[REDACTED:github-token]');
    expect(inspect(board)).not.toContain(secret);
    expect(JSON.stringify(board)).not.toContain(secret);
    expect(board.env.DEPLOY_TOKEN).toBe(secret);
  });

  it('init adopts a .baton folder of baton’s own entries whose board.json was lost, and nothing else', () => {
    const dir = testdir();
    mkdirSync(join(dir, '.baton', 'messages'), { recursive: true });
    const board = openBoard({ cwd: dir, env: {}, home: '/nonexistent-home' });
    expect(() => ensureBoard(board)).toThrow('is not a baton board');
    ensureBoard(board, { adopt: true });
    expect(board.exists).toBe(true);
    expect(filesUnder(dir)).toEqual(['.baton/board.json']);
    const other = testdir();
    writeFileSync(join(other, 'notes.txt'), 'mine');
    const foreign = openBoard({ board: other, cwd: other, env: {}, home: '/nonexistent-home' });
    expect(() => ensureBoard(foreign, { adopt: true })).toThrow('is not a baton board');
    expect(filesUnder(other)).toEqual(['notes.txt']);
    // A `.baton` that is a file lists as nothing through the store: it is still not adopted, and kept.
    const plain = testdir();
    writeFileSync(join(plain, '.baton'), 'a file');
    const file = openBoard({ board: join(plain, '.baton'), cwd: plain, env: {}, home: '/nonexistent-home' });
    expect(() => ensureBoard(file, { adopt: true })).toThrow('is not a baton board (not a folder)');
    expect(filesUnder(plain)).toEqual(['.baton']);
  });
});
