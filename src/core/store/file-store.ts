// The board on disk as a BoardStore: a thin adapter over the safe file layer (safe-fs.ts, read-file.ts,
// atomic-write.ts, lock.ts), so every check those make (lstat of each folder, O_NOFOLLOW, regular files only, caps,
// temp names) holds exactly as before. Nothing here touches a file itself.
import { lstatSync, lutimesSync, mkdirSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { folderState } from '../board/resolve.js';
import { BatonError } from '../errors.js';
import { writeFileAtomic } from './atomic-write.js';
import type { BoardStore, StoreStat } from './board-store.js';
import { withLock } from './lock.js';
import { readTextFile, readTextHeads } from './read-file.js';
import {
  checkFolders,
  ensureFolders,
  isDirectlyIn,
  isMissing,
  listEntries,
  removeFile,
  renameInside,
  touchFile,
  unsafePath,
} from './safe-fs.js';

const MISSING: StoreStat = { kind: 'missing', size: 0, mtimeMs: 0, links: 0, ino: 0 };

/** The store of the board folder `root` (the default of openBoard). */
export function fileStore(root: string): BoardStore {
  return {
    root,
    rootState: () => folderState(root),
    createRoot: () => {
      mkdirSync(root, { recursive: true });
    },
    readText: (path, maxBytes) => readTextFile(root, path, maxBytes),
    readHeads: (dir, paths, end, headBytes) => readTextHeads(root, dir, paths, end, headBytes),
    write: (path, data, options) => writeFileAtomic(root, path, data, options),
    touch: (path) => touchFile(root, path),
    ensureFolder: (dir) => ensureFolders(root, dir),
    list: (dir, problems) => listEntries(root, dir, problems),
    stat: (path) => statEntry(root, path),
    statMany: (dir, paths) => {
      const check = checkFolders(root, dir);
      if (check.state === 'unsafe') throw unsafePath(check.path, check.reason);
      return paths.map((path) => {
        if (!isDirectlyIn(dir, path))
          throw new BatonError('unsafe_path', `${path} is not directly in ${dir}`);
        return check.state === 'missing' ? MISSING : lstatEntry(path);
      });
    },
    checkFolders: (dir) => checkFolders(root, dir),
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
  return lstatEntry(path);
}

// lstat of a path whose folders are checked.
function lstatEntry(path: string): StoreStat {
  try {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return MISSING;
    return { kind: kindOf(stat), size: stat.size, mtimeMs: stat.mtimeMs, links: stat.nlink, ino: stat.ino };
  } catch (error) {
    if (isMissing(error)) return MISSING;
    throw error;
  }
}

// Regular files first: most of what is stat'd (every note a cache stamps) is one.
function kindOf(stat: Stats): StoreStat['kind'] {
  if (stat.isFile()) return 'file';
  if (stat.isDirectory()) return 'dir';
  if (stat.isSymbolicLink()) return 'symlink';
  return 'other';
}
