// A derived cache of each project's newest note names (`state/note-names/<project>.json`), so the board index of a
// project with 10,000 notes costs a stat of its folder instead of a listing of 10,000 names. Files are the truth:
// the cache is used only while the folder's mtime and inode are what they were when it was listed (adding, removing
// or renaming a note changes them), and it is saved only for a folder that has not changed for a while, so a note
// added within the same clock tick as the listing is never missed. Missing, foreign or corrupt: listed again.
// Through the board's store, as the notes are: in memory a folder's time and identity change as they do on disk.
import { type Board, boardPath } from '../board/open-board.js';
import { readJsonRecord } from '../store/json-record.js';
import { noteIdOfFile } from './note.js';

const CACHE_DIR = ['state', 'note-names'] as const;
const VERSION = 1;
/** Names kept: enough for any index.maxNotes a person sets, and a few symlinks or strays among them. */
export const NEWEST_KEPT = 200;
/** A folder changed more recently than this may still change within the same mtime tick: not cached. */
const SETTLE_MS = 2000;

export interface NewestNames {
  /** Note file names, newest first (at most NEWEST_KEPT). */
  newest: string[];
  /** Note names in the folder. */
  total: number;
}

interface Stamp {
  mtimeMs: number;
  ino: number;
}

function folderStamp(board: Board, dir: string): Stamp | undefined {
  try {
    const stat = board.store.stat(dir);
    return stat.kind === 'dir' ? { mtimeMs: stat.mtimeMs, ino: stat.ino } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The newest note names of `dir` (a project's notes folder, already checked to be a real folder inside the board),
 * from the cache when the folder is unchanged, else from `list()`, then cached when the folder has settled.
 */
export function newestNames(
  board: Board,
  projectKey: string,
  dir: string,
  list: () => string[],
): NewestNames {
  const path = boardPath(board, ...CACHE_DIR, `${projectKey}.json`);
  const stamp = folderStamp(board, dir);
  const cached = stamp ? loadCache(board, path, stamp) : undefined;
  if (cached) return cached;
  const names = list().filter((name) => noteIdOfFile(name) !== undefined);
  names.sort();
  const fresh = { newest: names.slice(-NEWEST_KEPT).reverse(), total: names.length };
  if (stamp && Date.now() - stamp.mtimeMs > SETTLE_MS) {
    try {
      board.store.write(path, JSON.stringify({ version: VERSION, ...stamp, ...fresh }), { fsync: false });
    } catch {
      // derived state: a cache that cannot be written is listed again next time
    }
  }
  return fresh;
}

// The cache lies in the board, which is untrusted: every field is checked before it is believed.
function loadCache(board: Board, path: string, stamp: Stamp): NewestNames | undefined {
  const read = readJsonRecord<unknown>(board.store, path, {}, 64 * 1024);
  if (!read.ok) return undefined;
  const cache = read.value as {
    version?: unknown;
    mtimeMs?: unknown;
    ino?: unknown;
    newest?: unknown;
    total?: unknown;
  };
  if (
    cache === null ||
    typeof cache !== 'object' ||
    cache.version !== VERSION ||
    cache.mtimeMs !== stamp.mtimeMs ||
    cache.ino !== stamp.ino ||
    typeof cache.total !== 'number' ||
    !Array.isArray(cache.newest) ||
    cache.newest.length > NEWEST_KEPT ||
    cache.total < cache.newest.length
  ) {
    return undefined;
  }
  const newest = cache.newest as unknown[];
  for (let i = 0; i < newest.length; i++) {
    const name = newest[i];
    if (typeof name !== 'string' || noteIdOfFile(name) === undefined) return undefined;
    if (i > 0 && !(name < (newest[i - 1] as string))) return undefined;
  }
  return { newest: newest as string[], total: cache.total };
}
