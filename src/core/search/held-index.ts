// The index a process that answers many searches without a watcher keeps (the MCP server): one board's, brought up to
// date at each search by the files' stamps — only what changed since the last search is read again.
import type { Board } from '../board/open-board.js';
import { type RefreshReport, SearchIndex } from './search-index.js';

let held: { root: string; index: SearchIndex } | undefined;

/** The board's index, current with its files; a search on another board starts that board's. */
export function heldIndex(board: Board): { index: SearchIndex; report: RefreshReport } {
  if (held?.root !== board.root) held = { root: board.root, index: new SearchIndex() };
  const report = held.index.refresh(board);
  return { index: held.index, report };
}
