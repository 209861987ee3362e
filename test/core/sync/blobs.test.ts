// Blobs read one at a time, each only when it fits its cap: a larger one (or one not in the repository) is never
// asked of `cat-file --batch`, and the others still come, in order.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BlobReader } from '../../../src/core/sync/blobs.js';
import { createGit, type Git } from '../../../src/core/sync/git.js';
import { testdir } from '../../helpers/testdir.js';
import { gitIn } from '../../sync/cluster.js';

function repoWith(blobs: string[]): { dir: string; ids: string[] } {
  const dir = join(testdir(), 'repo');
  gitIn(testdir(), ['init', '--quiet', dir]);
  const ids = blobs.map((text) => {
    const file = join(dir, 'blob');
    writeFileSync(file, text);
    return gitIn(dir, ['hash-object', '-w', file]).trim();
  });
  return { dir, ids };
}

/** A runner that records what is written to `cat-file --batch` (the requests for a blob's bytes). */
function recording(): { git: Git; asked: string[] } {
  const git = createGit();
  const asked: string[] = [];
  return {
    asked,
    git: {
      ...git,
      async start(cwd, args, options) {
        const child = await git.start(cwd, args, options);
        if (args.join(' ') === 'cat-file --batch') {
          const write = child.stdin.write.bind(child.stdin);
          child.stdin.write = ((chunk: string, ...rest: never[]) => {
            asked.push(...String(chunk).split('\n').filter(Boolean));
            return write(chunk, ...rest);
          }) as typeof child.stdin.write;
        }
        return child;
      },
    },
  };
}

describe('BlobReader', () => {
  it('gives each blob that fits its cap, in order; a larger or missing one is undefined and never read', async () => {
    const small = 'a small record\n';
    const large = 'x'.repeat(3 * 1024 * 1024);
    const { dir, ids } = repoWith([small, large, 'another\n']);
    const [smallId, largeId, otherId] = ids as [string, string, string];
    const missing = 'f'.repeat(40);
    const { git, asked } = recording();
    const reader = await BlobReader.open(git, dir);
    const got: (string | undefined)[] = [];
    for await (const blob of reader.read([
      { id: smallId, cap: 1024 },
      { id: largeId, cap: 1024 * 1024 },
      { id: missing, cap: 1024 },
      { id: otherId, cap: 1024 },
      { id: smallId, cap: 1024 },
    ]))
      got.push(blob?.toString('utf8'));
    expect(got).toEqual([small, undefined, undefined, 'another\n', small]);
    expect(asked).toEqual([smallId, otherId, smallId]);
    // The same blob under a cap it fits is read.
    const again: (number | undefined)[] = [];
    for await (const blob of reader.read([{ id: largeId, cap: large.length }])) again.push(blob?.length);
    expect(again).toEqual([large.length]);
    await reader.close();
  });

  it('refuses an id that is not one, asking git for nothing', async () => {
    const { dir } = repoWith(['x']);
    const { git, asked } = recording();
    const reader = await BlobReader.open(git, dir);
    const read = reader.read([{ id: 'HEAD\nmaster', cap: 10 }]);
    await expect(read.next()).rejects.toThrow('git named an object "HEAD\nmaster" — not an id');
    expect(asked).toEqual([]);
    reader.stop();
  });
});
