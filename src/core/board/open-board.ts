// The composition root: every front end opens a board here and holds what it returns.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { BatonError } from '../errors.js';
import { type RedactionResult, redact } from '../redaction/redact.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { entryKind } from '../store/safe-fs.js';
import { type BoardSource, resolveBoard } from './resolve.js';

export type Env = Record<string, string | undefined>;
export type Redactor = (text: string) => RedactionResult;

export interface OpenBoardOptions {
  /** Explicit board folder (`--board`). */
  board?: string;
  /** Use `~/.baton` (`--global`). */
  global?: boolean;
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
}

export interface Board {
  readonly root: string;
  readonly source: BoardSource;
  /** Whether the folder existed when the board was opened (or has since been created by `ensureBoard`). */
  exists: boolean;
  readonly cwd: string;
  readonly env: Env;
  readonly home: string;
  readonly clock: () => number;
  readonly redact: Redactor;
}

/** Resolves the board (SPEC §2) without creating anything. */
export function openBoard(options: OpenBoardOptions = {}): Board {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  const resolved = resolveBoard({ board: options.board, global: options.global, cwd, env, home });
  return {
    ...resolved,
    cwd,
    env,
    home,
    clock: options.clock ?? Date.now,
    redact: options.redact ?? ((text) => redact(text, { env })),
  };
}

export function isDisabled(env: Env): boolean {
  const value = env.BATON_DISABLE;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** For read commands: a missing board is an error that names the path and the fix. Never creates anything. */
export function requireBoard(board: Board): void {
  if (board.exists) return;
  throw new BatonError(
    'no_board',
    `no board at ${board.root} — run \`baton init\` there, or point to one with --board <path> or BATON_DIR`,
  );
}

/** For writers: creates the board on first write, refusing a filesystem root or the home folder itself. */
export function ensureBoard(board: Board): void {
  if (board.exists) return;
  const parent = dirname(board.root);
  if (board.source !== 'global' && (parent === parse(parent).root || samePath(parent, board.home))) {
    const where = parent === board.home ? 'your home folder' : 'the filesystem root';
    throw new BatonError(
      'no_board',
      `refusing to create a board in ${where} (${board.root}) — cd into a project, use --global for ~/.baton, or pass --board <path>`,
    );
  }
  const kind = entryKind(board.root);
  if (kind !== 'missing' && kind !== 'dir') {
    throw new BatonError('no_board', `board path ${board.root} exists but is not a folder — move it away`);
  }
  mkdirSync(board.root, { recursive: true });
  if (entryKind(join(board.root, 'board.json')) === 'missing') {
    const info = {
      name: boardName(board.root),
      version: 1,
      createdAt: new Date(board.clock()).toISOString(),
    };
    writeFileAtomic(join(board.root, 'board.json'), `${JSON.stringify(info, null, 2)}\n`);
  }
  board.exists = true;
}

function boardName(root: string): string {
  const parent = parse(dirname(root)).base;
  return parent || 'board';
}

function samePath(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

/** A path inside the board. Callers pass validated names only. */
export function boardPath(board: Board, ...parts: string[]): string {
  return join(board.root, ...parts);
}
