import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard, requireBoard } from '../../../src/core/board/open-board.js';
import { resolveBoard } from '../../../src/core/board/resolve.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';

describe('resolveBoard', () => {
  it('follows --board, BATON_DIR, --global, the walk up, BATON_GLOBAL, then the cwd', () => {
    const root = testdir();
    const home = join(root, 'home');
    const repo = join(root, 'repo');
    const deep = join(repo, 'src', 'deep');
    mkdirSync(join(repo, '.baton'), { recursive: true });
    mkdirSync(deep, { recursive: true });
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

  it('refuses a board path that is a file', () => {
    const dir = testdir();
    writeFileSync(join(dir, 'file'), 'x');
    expect(() => resolveBoard({ cwd: dir, env: { BATON_DIR: join(dir, 'file') }, home: dir })).toThrow(
      `board path ${join(dir, 'file')} exists but is not a folder — move that file away or pass --board <folder>`,
    );
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
});
