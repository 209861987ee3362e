// The one board resolver: --board, BATON_DIR, walk up, --global/BATON_GLOBAL, fallback — the same for every front end.
import { lstatSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BatonError } from '../errors.js';

export type BoardSource = 'flag' | 'env' | 'walk' | 'global' | 'fallback';

export interface ResolveBoardOptions {
  /** Explicit `--board <path>` (or an MCP tool's `board` argument). */
  board?: string;
  /** Explicit `--global`: the user's board in `~/.baton`. */
  global?: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
  home: string;
}

export interface ResolvedBoard {
  root: string;
  source: BoardSource;
  exists: boolean;
}

export const BOARD_DIR = '.baton';

/**
 * Resolves which board a command uses. Order: `--board`, `BATON_DIR`, `--global`, the nearest `.baton/` walking up
 * from the cwd, `BATON_GLOBAL=1`, then `<cwd>/.baton` (created on the first write only).
 * An explicit `--global` outranks the walk (it is a per-command choice); `BATON_GLOBAL` is a standing preference
 * and so yields to a repository's own board.
 */
export function resolveBoard(options: ResolveBoardOptions): ResolvedBoard {
  const cwd = resolve(options.cwd);
  if (options.board) return located(resolve(cwd, options.board), 'flag');
  const fromEnv = options.env.BATON_DIR;
  if (fromEnv) return located(resolve(cwd, fromEnv), 'env');
  const globalRoot = join(options.home, BOARD_DIR);
  if (options.global) return located(globalRoot, 'global');
  const walked = walkUp(cwd);
  if (walked) return { root: walked, source: 'walk', exists: true };
  if (options.env.BATON_GLOBAL === '1') return located(globalRoot, 'global');
  return located(join(cwd, BOARD_DIR), 'fallback');
}

function located(root: string, source: BoardSource): ResolvedBoard {
  return { root, source, exists: isBoardDir(root) };
}

function walkUp(start: string): string | undefined {
  let dir = start;
  for (;;) {
    const candidate = join(dir, BOARD_DIR);
    if (isDirectory(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// The board root may itself be a symlink the user made on purpose; a file there is an error, not an empty board.
function isBoardDir(root: string): boolean {
  try {
    const stat = lstatSync(root);
    if (stat.isDirectory()) return true;
    if (stat.isSymbolicLink() && isDirectory(root)) return true;
  } catch {
    return false;
  }
  throw new BatonError(
    'no_board',
    `board path ${root} exists but is not a folder — move that file away or pass --board <folder>`,
  );
}
