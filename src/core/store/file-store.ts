// The board on disk as a BoardStore: a thin adapter over the safe file layer (safe-fs.ts, read-file.ts,
// atomic-write.ts, lock.ts), so every check those make (lstat of each folder, O_NOFOLLOW, regular files only, caps,
// temp names) holds exactly as before. Nothing here touches a file itself.
import { lstatSync, lutimesSync, mkdirSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { folderState } from '../board/resolve.js';
import { writeFileAtomic } from './atomic-write.js';
import type { BoardStore, StoreStat } from './board-store.js';
import { withLock } from './lock.js';
import { readTextFile } from './read-file.js';
import {
  checkFolders,
  ensureFolders,
  isMissing,
  listEntries,
  removeFile,
  renameInside,
  touchFile,
  unsafePath,
} from './safe-fs.js';

const MISSING: StoreStat = { kind: 'missing', size: 0, mtimeMs: 0, links: 0 };

/** The store of the board folder `root` (the default of openBoard). */
export function fileStore(root: string): BoardStore {
  return {
    root,
    rootState: () => folderState(root),
    createRoot: () => {
      mkdirSync(root, { recursive: true });
    },
    readText: (path, maxBytes) => readTextFile(root, path, maxBytes),
    write: (path, data) => writeFileAtomic(root, path, data),
    touch: (path) => touchFile(root, path),
    ensureFolder: (dir) => ensureFolders(root, dir),
    list: (dir, problems) => listEntries(root, dir, problems),
    stat: (path) => statEntry(root, path),
    setMtime: (path, ms) => {
      // lutimes: a link planted here gets its own time set, never its target's; a file with a second hard link is
      // left alone (the new time would reach the file it shares).
      const stat = statEntry(root, path);
      if (stat.kind !== 'file' || stat.links !== 1) return false;
      const time = new Date(ms);
      lutimesSync(path, time, time);
      return true;
    },
    remove: (path) => removeFile(root, path),
    rename: (from, to) => renameInside(root, from, to),
    withLock: (path, fn) => withLock(root, path, fn),
  };
}

// lstat after checking the folders on the way (lstat itself would follow a link above the last component).
function statEntry(root: string, path: string): StoreStat {
  const check = checkFolders(root, dirname(path));
  if (check.state === 'missing') return MISSING;
  if (check.state === 'unsafe') throw unsafePath(check.path, check.reason);
  try {
    const stat = lstatSync(path);
    return { kind: kindOf(stat), size: stat.size, mtimeMs: stat.mtimeMs, links: stat.nlink };
  } catch (error) {
    if (isMissing(error)) return MISSING;
    throw error;
  }
}

function kindOf(stat: Stats): StoreStat['kind'] {
  if (stat.isSymbolicLink()) return 'symlink';
  if (stat.isFile()) return 'file';
  if (stat.isDirectory()) return 'dir';
  return 'other';
}
