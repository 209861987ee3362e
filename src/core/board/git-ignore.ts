// Whether a project's git checkout keeps its board folder out of `git status`: a board that stays on this machine, or
// travels by `baton sync` on a branch of its own ("baton"), sits untracked in the project unless it is ignored.
import { basename, dirname } from 'node:path';
import { childProcess } from '../builtins.js';
import { findCheckout } from './git.js';

/**
 * What to tell a person whose project shows `.baton/` as untracked (neither ignored nor committed), else undefined:
 * also for a board outside a checkout, a board folder not named `.baton`, or no `git` to ask.
 */
export function untrackedBoardAdvice(boardRoot: string): string | undefined {
  const project = dirname(boardRoot);
  if (basename(boardRoot) !== '.baton' || !findCheckout(project)) return undefined;
  const git = (args: string[]) =>
    childProcess().spawnSync('git', args, {
      cwd: project,
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  const ignored = git(['check-ignore', '-q', '--', '.baton/']);
  if (ignored.error || ignored.status !== 1) return undefined;
  const tracked = git(['ls-files', '--', '.baton']);
  if (tracked.error || tracked.status !== 0 || tracked.stdout.trim() !== '') return undefined;
  return '.baton/ is untracked in this checkout (`git status` lists it): to keep it out of your branches — `baton sync` moves the board on a branch of its own, "baton" — run `echo .baton/ >> .gitignore` (or add it to .git/info/exclude for this clone only); commit it instead to share the board with the project';
}
