// The composition root: every front end opens a board here and holds what it returns.
import { homedir } from 'node:os';
import { basename, dirname, join, parse } from 'node:path';
import { BatonError } from '../errors.js';
import { type RedactionResult, redactorFor } from '../redaction/redact.js';
import { isBatonTempName } from '../store/atomic-write.js';
import type { BoardStore } from '../store/board-store.js';
import { fileStore } from '../store/file-store.js';
import {
  BOARD_DIR,
  BOARD_ENTRIES,
  BOARD_FILE,
  type BoardSource,
  isDisabled,
  type ResolvedBoard,
  resolveBoard,
} from './resolve.js';

/** Environment variables, as `process.env` holds them. */
export type Env = Record<string, string | undefined>;
/** Replaces credentials in a text; the board's default is the credential redactor with the board's environment. */
export type Redactor = (text: string) => RedactionResult;

/**
 * Where {@link openBoard} looks for the board, and what the board uses (clock, environment, redactor). Every
 * field has a default: the CLI's resolution from the current folder.
 */
export interface OpenBoardOptions {
  /** Explicit board folder (`--board`), or a folder that holds `.baton/`. */
  board?: string;
  /** Use `~/.baton` (`--global`). */
  global?: boolean;
  /** With no board found, use the global board when there is one (default true; `init` says false). */
  globalFallback?: boolean;
  /** Default: `process.cwd()`. */
  cwd?: string;
  /** Default: `process.env`. Also the source of secret values for redaction. */
  env?: Env;
  /** Default: `os.homedir()`. */
  home?: string;
  /** Milliseconds since epoch. Default: `Date.now`. */
  clock?: () => number;
  /** Default: the credential redactor with `env`'s secret values. */
  redact?: Redactor;
  /**
   * Whether this process's ancestors tell which session a command runs in (default true). false for a server acting
   * for callers in other processes, often on other machines (`baton serve`): no session is found through its process
   * tree, and none is recorded with its pids (such a session is live until it ends).
   */
  processTree?: boolean;
  /**
   * Where the board's files live (default: the folder resolved above, through `fileStore`). A store names its own
   * board folder: given one (`memoryStore(root)` in tests), nothing is resolved. Every domain reads and writes through
   * it: messages, cards, notes (and their front-matter caches), sessions and the pid index, pending writes, agents,
   * last-seen stamps, settings, the board's creation. What inspects the disk itself still reads the folder (safe-fs):
   * `doctor`, `gc`, `sync`, the board watcher, the hooks' log and the hooks' quiet check, so those need the file
   * store.
   */
  store?: BoardStore;
}

/**
 * An opened board: where it is, how it was found, and the clock, environment and redactor every read and
 * write uses. Made by {@link openBoard}; holds no open file.
 */
export interface Board {
  /** The board folder (`…/.baton`), absolute. */
  readonly root: string;
  /** How it was found. */
  readonly source: BoardSource;
  /** Whether `root` is a board (a folder with a valid board.json), now or since `ensureBoard` made it one. */
  exists: boolean;
  /** Set when `root` exists but is not a board: readers and writers refuse it with this message. */
  problem?: string;
  /** The folder the board was resolved from (`OpenBoardOptions.cwd`); notes and sessions take their project from it. */
  readonly cwd: string;
  /** The environment (not enumerable: printing a board never prints the environment). */
  readonly env: Env;
  /** The user's home folder (`~/.baton` is the global board). */
  readonly home: string;
  /** Now, in milliseconds since the epoch: the times that writes record come from it. */
  readonly clock: () => number;
  /** See OpenBoardOptions.processTree. */
  readonly processTree: boolean;
  /** Replaces credentials in every text written to the board. */
  readonly redact: Redactor;
  /** What the board's records are read from and written to (not enumerable, as `env`); see OpenBoardOptions.store. */
  readonly store: BoardStore;
}

/** Resolves the board (SPEC §2) without creating anything. */
export function openBoard(options: OpenBoardOptions = {}): Board {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  const resolved = options.store
    ? storeBoard(options.store)
    : resolveBoard({
        board: options.board,
        global: options.global,
        globalFallback: options.globalFallback,
        cwd,
        env,
        home,
      });
  const board = {
    ...resolved,
    cwd,
    home,
    clock: options.clock ?? Date.now,
    processTree: options.processTree ?? true,
  } as Board;
  Object.defineProperty(board, 'env', { value: env, enumerable: false });
  Object.defineProperty(board, 'redact', {
    value: options.redact ?? redactorFor(env),
    enumerable: false,
  });
  Object.defineProperty(board, 'store', {
    value: options.store ?? fileStore(resolved.root),
    enumerable: false,
  });
  return board;
}

// A board given by its store: the store's folder, a board when its board.json is valid there.
function storeBoard(store: BoardStore): ResolvedBoard {
  const state = store.rootState();
  if (state.kind === 'board') return { root: store.root, source: 'flag', exists: true };
  if (state.kind !== 'other') return { root: store.root, source: 'flag', exists: false };
  return {
    root: store.root,
    source: 'flag',
    exists: false,
    problem: `${store.root} is not a baton board (${state.why}) — nothing was read or written`,
  };
}

export { isDisabled };

/** For read commands: a missing board is an error that names the path and the fix. Never creates anything. */
export function requireBoard(board: Board): void {
  if (board.exists) return;
  if (board.problem) throw new BatonError('no_board', board.problem);
  throw new BatonError(
    'no_board',
    `no board at ${board.root} — run \`baton init\` there, or point to one with --board <path> or BATON_DIR`,
  );
}

/** How {@link ensureBoard} makes a folder a board. */
export interface EnsureBoardOptions {
  /** `baton init`: a `.baton` folder holding only baton's own entries, whose board.json was lost, gets a new one. */
  adopt?: boolean;
}

/**
 * For writers: makes `board.root` a board on first write (a missing or empty folder gets a board.json). Refuses a
 * folder that holds anything else, and creating a board at the filesystem root or in the home folder itself.
 */
export function ensureBoard(board: Board, options: EnsureBoardOptions = {}): void {
  if (board.exists) return;
  if (board.problem && !(options.adopt && adoptable(board))) {
    throw new BatonError('no_board', board.problem);
  }
  const parent = dirname(board.root);
  if (board.source === 'fallback' && (parent === parse(parent).root || parent === board.home)) {
    const where = parent === board.home ? 'your home folder' : 'the filesystem root';
    throw new BatonError(
      'no_board',
      `refusing to create a board in ${where} (${board.root}) — cd into a project, use --global for ~/.baton, or pass --board <path>`,
    );
  }
  const state = board.store.rootState();
  if (state.kind === 'board') {
    board.exists = true;
    return;
  }
  if (state.kind === 'other' && !(options.adopt && adoptable(board))) {
    throw new BatonError(
      'no_board',
      `${board.root} is not a baton board (${state.why}) — nothing was written`,
    );
  }
  board.store.createRoot();
  const name = board.redact(boardName(board.root)).text;
  const info = { name, version: 1, createdAt: new Date(board.clock()).toISOString() };
  board.store.write(join(board.root, BOARD_FILE), `${JSON.stringify(info, null, 2)}\n`);
  board.exists = true;
  board.problem = undefined;
}

function adoptable(board: Board): boolean {
  if (basename(board.root) !== BOARD_DIR) return false;
  try {
    // A root that is not a folder lists as empty: only a folder holding baton's own entries is adopted.
    const names = board.store.list(board.root).map((entry) => entry.name);
    return (
      names.length > 0 &&
      names.every((name) => BOARD_ENTRIES.has(name) || name === BOARD_FILE || isBatonTempName(name))
    );
  } catch {
    return false;
  }
}

// A `.baton` folder is named after its project; any other board folder after itself.
export function boardName(root: string): string {
  const base = basename(root);
  const name = base === BOARD_DIR ? parse(dirname(root)).base : base;
  return name || 'board';
}

/** A path inside the board. Callers pass validated names only. */
export function boardPath(board: Board, ...parts: string[]): string {
  return join(board.root, ...parts);
}
