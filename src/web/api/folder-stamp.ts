// A cheap stamp of what a set of folders holds: each folder's and its sub-folders' modification times. Every write
// through the store is a new file renamed into place (or a removal), which changes its folder's mtime, so an unchanged
// stamp means no file came or went — without a stat per file (5,000 messages are 5,000 system calls). A file edited in
// place by hand shows at the next write to its folder, or once the board watcher reports it (change-count.ts).
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** `folders` and (to `depth` levels) the folders under them, each as path and mtime; a missing one is "none". */
export function folderStamp(folders: readonly string[], depth: number): string {
  const parts: string[] = [];
  const walk = (dir: string, left: number) => {
    let mtime: number;
    try {
      const stat = lstatSync(dir);
      if (!stat.isDirectory()) {
        parts.push(`${dir}\0not a folder`);
        return;
      }
      mtime = stat.mtimeMs;
    } catch {
      parts.push(`${dir}\0none`);
      return;
    }
    parts.push(`${dir}\0${mtime}`);
    if (left === 0) return;
    let names: string[];
    try {
      names = readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    } catch {
      return;
    }
    for (const name of names) walk(join(dir, name), left - 1);
  };
  for (const folder of folders) walk(folder, depth);
  return parts.join('\n');
}

/** A small map that forgets its oldest entry past `size`. */
export class Memo<T> {
  private readonly entries = new Map<string, { stamp: string; value: T }>();
  constructor(private readonly size = 16) {}

  /** The value kept for `key` when its stamp is still `stamp`, else `make()`'s, kept. */
  get(key: string, stamp: string, make: () => T): T {
    const known = this.entries.get(key);
    if (known?.stamp === stamp) return known.value;
    const value = make();
    this.entries.delete(key);
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { stamp, value });
    return value;
  }
}
