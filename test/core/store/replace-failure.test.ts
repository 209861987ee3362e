// replaceFileAtomic when the write itself fails (a full disk): the temp file is closed and removed, the target keeps
// its old text, and no descriptor is left open — for the board's writes and for a harness's settings file alike.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { testdir } from '../../helpers/testdir.js';

const failing = vi.hoisted(() => ({ on: false }));
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  return {
    ...fs,
    writeSync: (...args: Parameters<typeof fs.writeSync>) => {
      if (failing.on)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return (fs.writeSync as (...a: unknown[]) => number)(...args);
    },
  };
});

const { replaceFileAtomic } = await import('../../../src/core/store/atomic-write.js');
const { writeFileReplacing } = await import('../../../src/wiring/write-file.js');

const openDescriptors = () => readdirSync('/proc/self/fd').length;

describe.runIf(process.platform === 'linux')('an atomic write whose write fails', () => {
  it.each([
    ['replaceFileAtomic', (path: string) => replaceFileAtomic(path, 'new text')],
    ['writeFileReplacing (a harness settings file)', (path: string) => writeFileReplacing(path, 'new text')],
  ])('%s: throws, leaves the old file, no temp file, no open descriptor', (_name, write) => {
    const dir = testdir();
    const path = join(dir, 'settings.json');
    writeFileSync(path, 'old text');
    const before = openDescriptors();
    failing.on = true;
    try {
      for (let i = 0; i < 20; i++)
        expect(() => write(path)).toThrow('ENOSPC: no space left on device, write');
    } finally {
      failing.on = false;
    }
    expect(openDescriptors()).toBe(before);
    expect(readdirSync(dir)).toEqual(['settings.json']);
    expect(readFileSync(path, 'utf8')).toBe('old text');
    write(path);
    expect(readFileSync(path, 'utf8')).toBe('new text');
  });
});
