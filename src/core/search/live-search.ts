// The search index a long-running server holds: built on its first use (so start-up stays fast), then kept current by
// the board's one watcher — an area it reports changed is re-read (only its changed files) before the next answer.
import type { Board } from '../board/open-board.js';
import type { Area, BoardWatcher } from '../board/watch.js';
import { SEARCH_AREAS, type SearchArea, SearchIndex } from './search-index.js';

export class LiveSearch {
  private index: SearchIndex | undefined;
  private readonly dirty = new Set<SearchArea>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly watcher: () => BoardWatcher) {}

  /** The index, up to date with what the watcher has reported (built whole on the first call). */
  current(board: Board): SearchIndex {
    if (!this.index) {
      // Listening first: a change made while the index is built is read again at the next call.
      this.unsubscribe ??= this.watcher().subscribe((areas) => this.changed(areas));
      const index = new SearchIndex();
      index.refresh(board);
      this.index = index;
      this.dirty.clear();
      return index;
    }
    if (this.dirty.size > 0) {
      const areas = [...this.dirty];
      this.dirty.clear();
      this.index.refresh(board, areas);
    }
    return this.index;
  }

  /** Stops listening and lets the index go. */
  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.index = undefined;
  }

  private changed(areas: Area[]): void {
    for (const area of areas) {
      if ((SEARCH_AREAS as readonly string[]).includes(area)) this.dirty.add(area as SearchArea);
    }
  }
}
