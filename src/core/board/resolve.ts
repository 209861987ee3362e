// The one board resolver: --board, BATON_DIR, --global, walk up, BATON_GLOBAL, fallback — the same for every front end.
// A board is a folder holding a valid board.json; a folder that holds anything else is never taken for (or made
// into) one.
import { lstatSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, parse, resolve } from 'node:path';
import { isBatonTempName } from '../store/atomic-write.js';
import { readTextFile } from '../store/read-file.js';

/**
 * How the board was found: `--board` (`flag`), `BATON_DIR` (`env`), a `.baton` above the folder (`walk`),
 * `--global`, or the global board as a fallback.
 */
export type BoardSource = 'flag' | 'env' | 'walk' | 'global' | 'fallback';

export interface ResolveBoardOptions {
  /** Explicit `--board <path>`: the board folder, or a folder that holds `.baton/`. */
  board?: string;
  /** Explicit `--global`: the user's board in `~/.baton`. */
  global?: boolean;
  cwd: string;
  env: Record<string, string | undefined>;
  home: string;
  /** Fall back to the global board when there is one (default true); `init` asks for `<cwd>/.baton` instead. */
  globalFallback?: boolean;
}

export interface ResolvedBoard {
  root: string;
  source: BoardSource;
  /** True when `root` is a board (a folder with a valid board.json). */
  exists: boolean;
  /** Set when `root` exists but must not be used as a board; every reader and writer refuses it with this. */
  problem?: string;
}

export const BOARD_DIR = '.baton';
export const BOARD_FILE = 'board.json';

/** What a folder is, as a board: one, an empty or missing place for one, or something else (with why). */
export type FolderState =
  | { kind: 'board' }
  | { kind: 'empty' }
  | { kind: 'missing' }
  | { kind: 'other'; why: string };

/**
 * Resolves which board a command uses. Order: `--board`, `BATON_DIR`, `--global`, the nearest `.baton/` walking up
 * from the cwd (never the home folder's own: that is the global board), `BATON_GLOBAL=1`, then the global board
 * when there is one, else `<cwd>/.baton` (created on the first write only).
 */
/** `BATON_DISABLE` turns baton off everywhere (any value but empty, `0` or `false`). */
export function isDisabled(env: Record<string, string | undefined>): boolean {
  const value = env.BATON_DISABLE;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export function resolveBoard(options: ResolveBoardOptions): ResolvedBoard {
  const cwd = resolve(options.cwd);
  const home = resolve(options.home);
  if (options.board) return explicit(resolve(cwd, options.board), 'flag', home);
  const fromEnv = options.env.BATON_DIR;
  if (fromEnv) return explicit(resolve(cwd, fromEnv), 'env', home);
  const globalRoot = join(home, BOARD_DIR);
  if (options.global) return located(globalRoot, 'global');
  const walked = walkUp(cwd, home);
  if (walked) return located(walked, 'walk');
  if (options.env.BATON_GLOBAL === '1') return located(globalRoot, 'global');
  if (options.globalFallback !== false && folderState(globalRoot).kind === 'board') {
    return located(globalRoot, 'global');
  }
  return located(join(cwd, BOARD_DIR), 'fallback');
}

function located(root: string, source: BoardSource): ResolvedBoard {
  const state = folderState(root);
  if (state.kind === 'board') return { root, source, exists: true };
  if (state.kind === 'other') return { root, source, exists: false, problem: notABoard(root, state.why) };
  return { root, source, exists: false };
}

// `--board` and BATON_DIR name a board folder, or a project folder that holds `.baton/`; never the root or home itself.
function explicit(path: string, source: BoardSource, home: string): ResolvedBoard {
  const state = folderState(path);
  if (state.kind === 'board') return { root: path, source, exists: true };
  const inner = join(path, BOARD_DIR);
  if (state.kind === 'other' && folderState(inner).kind !== 'missing') return located(inner, source);
  if (path === parse(path).root || path === home) {
    const where = path === home ? 'your home folder' : 'the filesystem root';
    const flag = source === 'flag' ? '--board' : 'BATON_DIR';
    return {
      root: path,
      source,
      exists: false,
      problem: `refusing ${where} (${path}) as a board — point ${flag} at a board folder (e.g. ${join(path, BOARD_DIR)} with --global) or a project folder`,
    };
  }
  if (state.kind === 'other')
    return { root: path, source, exists: false, problem: notABoard(path, state.why) };
  return { root: path, source, exists: false };
}

// What to do instead names a command that works: `init --board` adopts only a `.baton` folder of baton's own entries
// (ensureBoard), so a checkout is pointed at the `.baton` it could hold, and a file at nothing of its own.
function notABoard(root: string, why: string): string {
  const head = `${root} is not a baton board (${why})`;
  if (!isDirectory(root))
    return `${head} — --board and BATON_DIR take a board folder, or a project folder holding .baton/`;
  if (basename(root) === BOARD_DIR && onlyBoardEntries(root)) {
    return `${head} — run \`baton init --board ${root}\` if it is a board whose board.json was lost, or pass another board folder with --board`;
  }
  if (basename(root) === BOARD_DIR) return `${head} — pass a board folder or an empty one with --board`;
  return `${head} — to give this folder a board, run \`baton init --board ${join(root, BOARD_DIR)}\` (or \`baton init\` in it); or pass a board folder with --board`;
}

/** What a board folder holds besides board.json (and temp files): a folder of only these may be adopted by init. */
export const BOARD_ENTRIES: ReadonlySet<string> = new Set([
  'agents',
  'sessions',
  'messages',
  'cards',
  'notes',
  'pending',
  'state',
  'config.json',
  '.gitignore',
]);

function onlyBoardEntries(root: string): boolean {
  try {
    const names = readdirSync(root).filter((name) => !isBatonTempName(name));
    return names.length > 0 && names.every((name) => BOARD_ENTRIES.has(name) || name === BOARD_FILE);
  } catch {
    return false;
  }
}

// The walk stops at the first `.baton` folder, board or not (a broken board is reported, not skipped over).
function walkUp(start: string, home: string): string | undefined {
  let dir = start;
  for (;;) {
    if (dir !== home && isDirectory(join(dir, BOARD_DIR))) return join(dir, BOARD_DIR);
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function isDirectory(path: string): boolean {
  try {
    // Most folders walked have no board: answered without an exception.
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/**
 * What `root` is: a board (valid board.json), empty, missing, or something else. The root may be a link to a folder.
 * The folder is listed before board.json is read: a writer creates board.json before anything else, so a listing
 * without it is a folder no writer has made a board yet (its temp file aside), whatever happens next.
 */
export function folderState(root: string): FolderState {
  try {
    const stat = lstatSync(root, { throwIfNoEntry: false });
    if (stat === undefined) return { kind: 'missing' };
    const isLink = stat.isSymbolicLink();
    if (!stat.isDirectory() && !(isLink && isDirectory(root))) {
      return { kind: 'other', why: isLink ? 'a link to something that is not a folder' : 'not a folder' };
    }
  } catch {
    return { kind: 'missing' };
  }
  let names: string[];
  try {
    // A temp file of board.json is a board being created by another writer right now (or killed doing so).
    names = readdirSync(root).filter((name) => !isBatonTempName(name));
  } catch {
    return { kind: 'other', why: 'an unreadable folder' };
  }
  if (!names.includes(BOARD_FILE)) {
    return names.length === 0
      ? { kind: 'empty' }
      : { kind: 'other', why: `it holds files but no ${BOARD_FILE}` };
  }
  const info = readTextFile(root, join(root, BOARD_FILE), 64 * 1024);
  if (!info.ok)
    return { kind: 'other', why: `its ${BOARD_FILE} ${info.missing ? 'was just removed' : info.reason}` };
  const problem = boardInfoProblem(info.text);
  return problem ? { kind: 'other', why: `its ${BOARD_FILE} ${problem}` } : { kind: 'board' };
}

/** Why a board.json text is not valid (`{ name: string, version: 1, createdAt: string }`), or undefined. */
export function boardInfoProblem(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'is not valid JSON';
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'is not a JSON object';
  const info = value as Record<string, unknown>;
  if (info.version !== 1) return `has version ${JSON.stringify(info.version)} (this baton reads version 1)`;
  if (typeof info.name !== 'string') return 'has no "name"';
  return undefined;
}
