// When an agent last acted (derived, disposable): one empty file per agent, `state/seen/<agent>`, its mtime the time.
import { lstatSync, lutimesSync } from 'node:fs';
import { type Board, boardPath } from '../board/open-board.js';
import { nameProblem } from '../store/names.js';
import { checkFolders, listNames, touchFile } from '../store/safe-fs.js';

/**
 * Records that `agent` acted now: one lutimes on the send path (a create the first time). Best effort, and never
 * through a link: lutimes sets a planted link's own time, never its target's.
 */
export function markSeen(board: Board, agent: string): void {
  const dir = boardPath(board, 'state', 'seen');
  const path = `${dir}/${agent}`;
  const now = new Date(board.clock());
  try {
    if (checkFolders(board.root, dir).state === 'ok') {
      const stat = lstatSync(path);
      // A hard link planted here would carry the new time to the file it shares with: leave it alone.
      if (!stat.isFile() || stat.nlink !== 1) return;
      lutimesSync(path, now, now);
      return;
    }
  } catch {
    // not there yet
  }
  try {
    if (touchFile(board.root, path)) lutimesSync(path, now, now);
  } catch {
    // derived state: losing it loses only a "last seen" time
  }
}

/** Every agent that has acted on this board, with when it last did (regular files only). */
export function readSeen(board: Board): Map<string, string> {
  const dir = boardPath(board, 'state', 'seen');
  const seen = new Map<string, string>();
  for (const name of listNames(board.root, dir)) {
    if (nameProblem('agent', name)) continue;
    try {
      const stat = lstatSync(`${dir}/${name}`);
      if (stat.isFile()) seen.set(name, stat.mtime.toISOString());
    } catch {
      // removed meanwhile
    }
  }
  return seen;
}
