import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTempName, writeFileAtomic } from '../../../src/core/store/atomic-write.js';
import { testdir } from '../../helpers/testdir.js';

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temp file behind', () => {
    const dir = testdir();
    const path = join(dir, 'sub', 'a.md');
    writeFileAtomic(path, 'one');
    writeFileAtomic(path, 'two');
    expect(readFileSync(path, 'utf8')).toBe('two');
    expect(readdirSync(join(dir, 'sub'))).toEqual(['a.md']);
  });

  it('cleans up its temp file when the rename fails', () => {
    const dir = testdir();
    writeFileSync(join(dir, 'blocker'), 'x');
    expect(() => writeFileAtomic(join(dir, 'blocker', 'a.md'), 'data', { mkdir: false })).toThrow();
    expect(readdirSync(dir)).toEqual(['blocker']);
  });

  it('names temp files so no reader can mistake them for records', () => {
    expect(isTempName('.a.md.123.abcd.baton-tmp')).toBe(true);
    expect(isTempName('m-01.md')).toBe(false);
  });
});
