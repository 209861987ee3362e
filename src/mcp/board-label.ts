// How a tool result names its board: board.json's name, else a short path — never the absolute path, which says
// nothing the agent needs and shows the user's folder layout to every client (the `baton://board` header has it).
import { join, relative, sep } from 'node:path';
import type { Board } from '../core/board/open-board.js';
import { visibleText } from '../core/display/visible-text.js';
import { readTextFile } from '../core/store/read-file.js';

const MAX_NAME = 60;
const MAX_INFO_BYTES = 64 * 1024;

/**
 * The board's name from its `board.json` (one line, control characters shown, at most 60 characters), else its
 * path relative to the cwd (`.baton`, `../repo/.baton`), or `~/…` under the home folder.
 */
export function boardLabel(board: Board): string {
  return nameOf(board) ?? shortPath(board);
}

function nameOf(board: Board): string | undefined {
  const read = readTextFile(board.root, join(board.root, 'board.json'), MAX_INFO_BYTES);
  if (!read.ok) return undefined;
  try {
    const name = (JSON.parse(read.text) as { name?: unknown }).name;
    if (typeof name !== 'string' || name.trim() === '') return undefined;
    const shown = visibleText(name.trim(), { singleLine: true });
    return shown.length > MAX_NAME ? `${shown.slice(0, MAX_NAME - 1)}…` : shown;
  } catch {
    return undefined;
  }
}

/**
 * `text` with the board's absolute path replaced by its short path (`.baton`, `~/…`): core errors name the board
 * by its root (`no card c-… on /home/me/src/shop/.baton`), which a model needs no more than a tool result does.
 */
export function withShortBoardPath(text: string, board: Board): string {
  return text.split(board.root).join(shortPath(board));
}

/** The board's path relative to the cwd, or `~/…` when it is under the home folder and outside the cwd. */
export function shortPath(board: Board): string {
  const fromHome = relative(board.home, board.root);
  const fromCwd = relative(board.cwd, board.root);
  const underHome = fromHome !== '' && !fromHome.startsWith('..') && !fromHome.startsWith(sep);
  if (underHome && fromCwd.startsWith('..')) return `~${sep}${fromHome}`;
  return visibleText(fromCwd || '.', { singleLine: true });
}
