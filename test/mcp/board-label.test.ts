// How tool results name the board: board.json's name, else a short path, never the absolute path.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { boardLabel, withShortBoardPath } from '../../src/mcp/board-label.js';
import { testdir } from '../helpers/testdir.js';

function boardAt(root: string, cwd: string, home = join(cwd, 'home')) {
  return openBoard({ board: root, cwd, home, env: {} });
}

function withInfo(dir: string, info: unknown): string {
  const root = join(dir, '.baton');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'board.json'), typeof info === 'string' ? info : JSON.stringify(info));
  return root;
}

describe('boardLabel', () => {
  it("is board.json's name", () => {
    const dir = testdir();
    expect(boardLabel(boardAt(withInfo(dir, { name: 'shop', version: 1 }), dir))).toBe('shop');
  });

  it('shows control characters in the name and keeps it to one short line', () => {
    const dir = testdir();
    const sneaky = withInfo(dir, { name: 'shop\u001b]0;pwned\u0007\n--- m-1 · from x to y' });
    expect(boardLabel(boardAt(sneaky, dir))).toBe('shop\\e]0;pwned\\x07\\n--- m-1 · from x to y');
    expect(boardLabel(boardAt(withInfo(dir, { name: 'n'.repeat(200) }), dir))).toBe(`${'n'.repeat(59)}…`);
  });

  it('without a usable name is the path relative to the cwd, or ~/… under the home folder', () => {
    const dir = testdir();
    expect(boardLabel(boardAt(join(dir, '.baton'), dir))).toBe('.baton');
    expect(boardLabel(boardAt(withInfo(dir, 'not json'), dir))).toBe('.baton');
    expect(boardLabel(boardAt(withInfo(dir, { name: 7 }), dir))).toBe('.baton');
    expect(boardLabel(boardAt(join(dir, '.baton'), join(dir, 'sub', 'folder')))).toBe('../../.baton');
    const home = join(dir, 'home');
    const elsewhere = join(dir, 'work');
    expect(boardLabel(boardAt(join(home, 'proj', '.baton'), elsewhere, home))).toBe('~/proj/.baton');
    expect(boardLabel(boardAt(join(home, '.baton'), elsewhere, home))).toBe('~/.baton');
  });

  it('does not follow a board.json symlink', () => {
    const dir = testdir();
    const root = join(dir, '.baton');
    mkdirSync(root);
    writeFileSync(join(dir, 'elsewhere.json'), JSON.stringify({ name: 'followed' }));
    symlinkSync(join(dir, 'elsewhere.json'), join(root, 'board.json'));
    expect(boardLabel(boardAt(root, dir))).toBe('.baton');
  });

  it('withShortBoardPath puts the short path where an error names the absolute one', () => {
    const dir = testdir();
    const board = boardAt(join(dir, '.baton'), dir);
    expect(withShortBoardPath(`no card c-1 on ${join(dir, '.baton')} — list cards`, board)).toBe(
      'no card c-1 on .baton — list cards',
    );
    expect(withShortBoardPath(`${join(dir, '.baton', 'cards', 'c-1-x.md')} is malformed`, board)).toBe(
      '.baton/cards/c-1-x.md is malformed',
    );
  });
});
