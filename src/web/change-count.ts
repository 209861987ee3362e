// How many changes the board watcher has reported since the server began to watch, per area and per folder. What the
// server keeps between requests (the mail threads and the day folders they are read from, a project's lineage) is
// stamped with it besides its folders' mtimes: a file edited in place — by hand, which changes no folder's mtime — is
// seen at the first request after the watcher hears of it (a few milliseconds). Folders the watcher does not cover
// (mailbox days older than the newest two) still show such an edit at the next write to them.
import { resolve } from 'node:path';
import type { Area, BoardWatcher } from '../core/board/watch.js';

export interface Changes {
  /** Changes reported to `area` so far. */
  of(area: Area): number;
  /** Changes reported in the folder `path` so far. */
  ofFolder(path: string): number;
}

/** Without a watcher: nothing is ever reported (stamps rest on the folders' mtimes alone). */
export const NO_CHANGES: Changes = { of: () => 0, ofFolder: () => 0 };

/** Folders counted at most (the watcher watches at most MAX_WATCHES); past it the oldest count is forgotten. */
const MAX_FOLDERS = 4096;

export class ChangeCount implements Changes {
  private readonly areas = new Map<Area, number>();
  private readonly folders = new Map<string, number>();
  // Counts restart from a number never handed out before, so a forgotten folder's stamp cannot come back equal.
  private forgotten = 0;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly watcher: () => BoardWatcher) {}

  of(area: Area): number {
    this.listen();
    return this.areas.get(area) ?? 0;
  }

  ofFolder(path: string): number {
    this.listen();
    return this.folders.get(resolve(path)) ?? this.forgotten;
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  private listen(): void {
    this.unsubscribe ??= this.watcher().subscribe((areas, folders) => {
      for (const area of areas) this.areas.set(area, (this.areas.get(area) ?? 0) + 1);
      for (const folder of folders) {
        const path = resolve(folder);
        const count = (this.folders.get(path) ?? this.forgotten) + 1;
        this.folders.delete(path);
        if (this.folders.size >= MAX_FOLDERS) {
          const [oldest, last] = this.folders.entries().next().value!;
          this.folders.delete(oldest);
          this.forgotten = Math.max(this.forgotten, last) + 1;
        }
        this.folders.set(path, count);
      }
    });
  }
}
