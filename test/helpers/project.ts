// A git checkout with its own board, as the CLI tests of notes use it: `run` acts in it with its own HOME.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { projectKeyOf } from '../../src/core/sessions/project.js';
import { baton, type RunResult, testdir } from './testdir.js';

export interface Checkout {
  dir: string;
  root: string;
  home: string;
  /** `{ HOME }`: what every run gets. */
  env: Record<string, string>;
  /** The board: `<root>/.baton`. */
  board: string;
  /** The project key baton derives from the checkout (no remote: its folder's name and a hash of its path). */
  key: string;
  run(args: string[], input?: string, extra?: Record<string, string>): RunResult;
}

/** A checkout `<tmp>/<name>` (a `.git` folder and HEAD) on which `baton init` has run. */
export function checkout(name = 'shop'): Checkout {
  const dir = testdir();
  const root = join(dir, name);
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  const home = join(dir, 'home');
  mkdirSync(home);
  const env = { HOME: home };
  const run = (args: string[], input = '', extra: Record<string, string> = {}) =>
    baton(args, { cwd: root, env: { ...env, ...extra }, input });
  expect(run(['init']).code).toBe(0);
  const key = projectKeyOf(root);
  return { dir, root, home, env, board: join(root, '.baton'), key, run };
}
