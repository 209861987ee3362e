import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockAbandoned, withLock } from '../../../src/core/store/lock.js';
import { testdir } from '../../helpers/testdir.js';

function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('withLock', () => {
  it('runs the function holding the lock and releases it', () => {
    const dir = testdir();
    const path = join(dir, 'card.md');
    expect(withLock(dir, path, () => readdirSync(dir))).toEqual(['card.md.lock']);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('breaks the lock of a holder that was killed, at once', () => {
    const dir = testdir();
    const path = join(dir, 'card.md');
    mkdirSync(`${path}.lock`);
    writeFileSync(`${path}.lock/owner`, String(deadPid()));
    expect(withLock(dir, path, () => 'ran', { timeoutMs: 500 })).toBe('ran');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('waits for a live holder and gives up with a clear error', () => {
    const dir = testdir();
    const path = join(dir, 'card.md');
    mkdirSync(`${path}.lock`);
    writeFileSync(`${path}.lock/owner`, String(process.pid));
    expect(() => withLock(dir, path, () => 'ran', { timeoutMs: 100 })).toThrow(
      `${path} is locked by another writer — retry, or run \`baton gc\` if its writer is gone`,
    );
    expect(readdirSync(dir)).toEqual(['card.md.lock']);
  });

  it('a lock let go between a listing and its check is nobody’s to break (gc met this: ENOENT as an unexpected error)', () => {
    const dir = testdir();
    expect(lockAbandoned(dir, join(dir, 'card.md.lock'), 60_000)).toBe(false);
  });

  it('breaks a lock with no owner once it is older than staleMs', () => {
    const dir = testdir();
    const path = join(dir, 'card.md');
    // Made by hand (baton's own locks appear with their owner inside): something in it, but no owner.
    mkdirSync(`${path}.lock`);
    writeFileSync(`${path}.lock/note`, 'mine');
    expect(() => withLock(dir, path, () => 'ran', { timeoutMs: 50, staleMs: 60_000 })).toThrow('is locked');
    utimesSync(`${path}.lock`, new Date(0), new Date(0));
    expect(withLock(dir, path, () => 'ran', { timeoutMs: 50, staleMs: 60_000 })).toBe('ran');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('never leaves a lock without its owner: the folder appears with the pid inside, and is let go whole', () => {
    const dir = testdir();
    const path = join(dir, 'card.md');
    const seen = withLock(dir, path, () => readdirSync(`${path}.lock`));
    expect(seen).toEqual(['owner']);
    expect(readdirSync(dir)).toEqual([]);
    // An empty lock folder (an older baton killed between mkdir and writing its pid) holds no one: taken at once.
    mkdirSync(`${path}.lock`);
    expect(withLock(dir, path, () => 'ran', { timeoutMs: 0, staleMs: 60_000 })).toBe('ran');
    expect(readdirSync(dir)).toEqual([]);
  });
});
