// When an agent last acted (derived, disposable): one empty file per agent, `state/seen/<agent>`, its mtime the time.
import { type Board, boardPath } from '../board/open-board.js';
import { nameProblem } from '../store/names.js';

/**
 * Records that `agent` acted now: one time stamp on the send path (a create the first time). Best effort, and never
 * through a link: the store sets a planted link's own time, never its target's, and leaves a hard-linked file alone.
 */
export function markSeen(board: Board, agent: string): void {
  const path = `${boardPath(board, 'state', 'seen')}/${agent}`;
  const now = board.clock();
  try {
    if (board.store.stat(path).kind !== 'missing') {
      board.store.setMtime(path, now);
      return;
    }
    if (board.store.touch(path)) board.store.setMtime(path, now);
  } catch {
    // derived state: losing it loses only a "last seen" time
  }
}

/** Every agent that has acted on this board, with when it last did (regular files only). */
export function readSeen(board: Board): Map<string, string> {
  const dir = boardPath(board, 'state', 'seen');
  const seen = new Map<string, string>();
  for (const { name, kind } of board.store.list(dir)) {
    if (kind !== 'file' || nameProblem('agent', name)) continue;
    try {
      const stat = board.store.stat(`${dir}/${name}`);
      if (stat.kind === 'file') seen.set(name, new Date(stat.mtimeMs).toISOString());
    } catch {
      // removed meanwhile
    }
  }
  return seen;
}
