import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBatonTempName, isTempName, writeFileAtomic } from '../../../src/core/store/atomic-write.js';
import { snapshot, testdir } from '../../helpers/testdir.js';

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temp file behind', () => {
    const dir = testdir();
    const path = join(dir, 'sub', 'a.md');
    writeFileAtomic(dir, path, 'one');
    writeFileAtomic(dir, path, 'two');
    expect(readFileSync(path, 'utf8')).toBe('two');
    expect(readdirSync(join(dir, 'sub'))).toEqual(['a.md']);
  });

  it('refuses a file where a folder belongs, and leaves no temp file', () => {
    const dir = testdir();
    writeFileSync(join(dir, 'blocker'), 'x');
    expect(() => writeFileAtomic(dir, join(dir, 'blocker', 'a.md'), 'data')).toThrow(
      `${join(dir, 'blocker')} is not a folder — nothing was written`,
    );
    expect(readdirSync(dir)).toEqual(['blocker']);
  });

  it('never writes through a symlinked folder or onto a symlinked target', () => {
    const dir = testdir();
    const board = join(dir, 'board');
    const outside = join(dir, 'outside');
    mkdirSync(board);
    mkdirSync(outside);
    symlinkSync(outside, join(board, 'messages'));
    symlinkSync(join(outside, 'target.json'), join(board, 'agent.json'));
    const before = snapshot(dir);
    expect(() => writeFileAtomic(board, join(board, 'messages', 'bob', 'm.md'), 'x')).toThrow(
      `${join(board, 'messages')} is a symlink (not followed: baton follows no link inside the board)`,
    );
    expect(() => writeFileAtomic(board, join(board, 'agent.json'), 'x')).toThrow('is a symlink');
    expect(snapshot(dir)).toEqual(before);
  });

  it('refuses a path outside its board', () => {
    const dir = testdir();
    expect(() => writeFileAtomic(join(dir, 'board'), join(dir, 'elsewhere.md'), 'x')).toThrow(
      'is outside the board',
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names temp files so no reader can mistake them for records, and gc knows their exact shape', () => {
    expect(isTempName('.a.md.123.abcd.baton-tmp')).toBe(true);
    expect(isTempName('m-01.md')).toBe(false);
    expect(isBatonTempName('.a.md.123.abcd.baton-tmp')).toBe(true);
    expect(isBatonTempName('alice.baton-tmp')).toBe(false);
    expect(isBatonTempName('.a.baton-tmp')).toBe(false);
  });
});
