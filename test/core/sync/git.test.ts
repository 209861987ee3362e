// The git runner of `baton sync`: no filter configured on this machine runs (whatever names it, whatever its name),
// a signal stops the git running at once, and output past its cap is refused rather than kept.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGit, GitInterrupted } from '../../../src/core/sync/git.js';
import { cleanEnv, testdir } from '../../helpers/testdir.js';
import { gitIn } from '../../sync/cluster.js';

/** A repository with one committed file, whose every path the machine's own info/attributes gives `filter`. */
function filteredRepo(filter: string): { dir: string; marker: string } {
  const dir = join(testdir(), 'repo');
  gitIn(testdir(), ['init', '--quiet', dir]);
  writeFileSync(join(dir, 'card.md'), 'text\n');
  gitIn(dir, ['add', 'card.md']);
  gitIn(dir, ['commit', '--quiet', '-m', 'one']);
  const marker = join(dir, '..', 'filter-ran');
  mkdirSync(join(dir, '.git', 'info'), { recursive: true });
  writeFileSync(join(dir, '.git', 'info', 'attributes'), `* filter=${filter}\n`);
  for (const command of ['smudge', 'clean'])
    gitIn(dir, ['config', `filter.${filter}.${command}`, `touch '${marker}'; cat`]);
  gitIn(dir, ['config', `filter.${filter}.required`, 'true']);
  return { dir, marker };
}

describe('the git runner', () => {
  it('runs no filter configured on this machine, even one whose name holds "="', async () => {
    for (const name of ['lfs', 'a=b', 'with.dots']) {
      const { dir, marker } = filteredRepo(name);
      rmSync(join(dir, 'card.md'));
      // Plain git runs the filter: the marker shows what the runner must prevent.
      spawnSync('git', ['checkout', '--', 'card.md'], { cwd: dir, env: cleanEnv() });
      expect(existsSync(marker), name).toBe(true);
      rmSync(marker);
      rmSync(join(dir, 'card.md'));
      const git = createGit();
      await git.ok(dir, ['checkout', '--', 'card.md']);
      writeFileSync(join(dir, 'card.md'), 'changed\n');
      await git.ok(dir, ['add', 'card.md']);
      expect(existsSync(marker), name).toBe(false);
    }
  });

  it('a signal stops the git running at once, and any started after it', async () => {
    const dir = testdir();
    const controller = new AbortController();
    const git = createGit({ signal: controller.signal });
    // Waits for its stdin, which never ends.
    const waiting = await git.start(dir, ['hash-object', '--stdin']);
    const napping = git.nap(600_000);
    // Both are under way (git waits on a stdin that never ends, the nap on a timer far beyond the test's guard).
    controller.abort();
    await Promise.all([
      expect(waiting.done).rejects.toBeInstanceOf(GitInterrupted),
      expect(napping).rejects.toThrow(
        'baton sync was interrupted — nothing is lost; run `baton sync` again to finish',
      ),
    ]);
    await expect(git.run(dir, ['--version'])).rejects.toBeInstanceOf(GitInterrupted);
  });

  it('refuses output past its cap instead of keeping it', async () => {
    const dir = testdir();
    const git = createGit();
    const input = 'x'.repeat(100_000);
    const cut = await git.run(dir, ['hash-object', '--stdin', '--literally', '-t', 'blob'], {
      input,
      maxOutput: 10,
    });
    expect(cut).toMatchObject({ truncated: true });
    expect(cut.stdout.length).toBe(10);
    await expect(git.ok(dir, ['version'], { maxOutput: 4 })).rejects.toThrow(
      'git version printed more than baton reads — nothing was written',
    );
  });
});
