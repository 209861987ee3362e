// When an agent last acted (derived, disposable): one empty file per agent, `state/seen/<agent>`, its mtime the time.
import { closeSync, mkdirSync, openSync, statSync, utimesSync } from 'node:fs';
import { type Board, boardPath } from '../board/open-board.js';
import { nameProblem } from '../store/names.js';
import { listNames } from '../store/safe-fs.js';

/** Records that `agent` acted now: one utimes on the send path (a create the first time). Best effort. */
export function markSeen(board: Board, agent: string): void {
  const path = boardPath(board, 'state', 'seen', agent);
  const now = new Date(board.clock());
  try {
    utimesSync(path, now, now);
  } catch {
    try {
      mkdirSync(boardPath(board, 'state', 'seen'), { recursive: true });
      closeSync(openSync(path, 'a'));
      utimesSync(path, now, now);
    } catch {
      // derived state: losing it loses only a "last seen" time
    }
  }
}

/** Every agent that has acted on this board, with when it last did. */
export function readSeen(board: Board): Map<string, string> {
  const dir = boardPath(board, 'state', 'seen');
  const seen = new Map<string, string>();
  for (const name of listNames(dir)) {
    if (nameProblem('agent', name)) continue;
    try {
      seen.set(name, statSync(`${dir}/${name}`).mtime.toISOString());
    } catch {
      // removed meanwhile
    }
  }
  return seen;
}
