// What the domain asks of a board's storage: the one small interface that the file store (file-store.ts) and the
// in-memory store (memory-store.ts) implement, and that one contract suite (test/core/contract/) runs on both.
//
// Paths are the board's own absolute paths (`<root>/messages/bob/…`), as every problem report, card and message
// path shown to a person is; a store refuses a path outside its root (`unsafe_path`). The semantics are the file
// layer's: nothing is followed (a store has no links to follow, or refuses them), only regular files are read,
// reads are capped before anything is read, writes are atomic, a missing folder reads as empty.
import type { FolderState } from '../board/resolve.js';
import type { HeadRead, TextRead } from './read-file.js';
import type { EntryKind, FolderCheck, Problem } from './safe-fs.js';

/** One entry of a folder, as `list` gives it. */
export interface StoreEntry {
  name: string;
  kind: Exclude<EntryKind, 'missing'>;
}

/** What `stat` says of one path, without following it: kind `missing` (size 0, mtime 0) when nothing is there. */
export interface StoreStat {
  kind: EntryKind;
  size: number;
  mtimeMs: number;
  /** Hard links to a file (a planted second link must not be touched through); always 1 in memory. */
  links: number;
  /**
   * Which file or folder this is (its inode on disk, a serial number in memory): every write replaces a file with a
   * new one, a rename keeps it. Derived caches tell a replaced note from an unchanged one by it.
   */
  ino: number;
}

export interface StoreWriteOptions {
  /** Flush the data to the device before it replaces the file (default true); false for derived state (caches). */
  fsync?: boolean;
}

export interface BoardStore {
  /** The board folder every path lies in. */
  readonly root: string;
  /** What the root is as a board (board.json valid, empty, missing, other); read by openBoard and ensureBoard. */
  rootState(): FolderState;
  /** Creates the root folder (and its parents) when missing: the first write to a new board. */
  createRoot(): void;
  /**
   * A regular file as strict UTF-8, at most `maxBytes` (default 1 MiB): links at any level, FIFOs, folders,
   * oversize and non-UTF-8 files come back refused with a reason, `missing` when it (or a folder above) is not there.
   */
  readText(path: string, maxBytes?: number): TextRead;
  /**
   * The starts of files `paths`, all directly in folder `dir`, each through the first `end` after its first byte and
   * decoded (strict UTF-8) only that far: records' front matter without their bodies, the folder checked once.
   * `text` is undefined when `end` is not within a file's first `headBytes` bytes (then read that file whole).
   */
  readHeads(dir: string, paths: string[], end: string, headBytes: number): HeadRead[];
  /**
   * Replaces `path` atomically (a crash leaves the old file or the new one), creating missing folders; a link or a
   * non-folder on the way, or anything but a regular file at `path`, is `unsafe_path` and nothing is written.
   */
  write(path: string, data: string | Uint8Array, options?: StoreWriteOptions): void;
  /**
   * Creates an empty regular file when none is there (queue markers, last-seen stamps), folders on the way too; an
   * existing file is left as it is (its time too). False when something other than a regular file holds the name.
   */
  touch(path: string): boolean;
  /** Creates the missing folders down to `dir`; a link or a file on the way is `unsafe_path`. */
  ensureFolder(dir: string): void;
  /**
   * A folder's entries with their kinds, in no order; [] when it (or a folder above) is missing. A folder reached
   * through a link or a file is not listed: it goes to `problems`.
   */
  list(dir: string, problems?: Problem[]): StoreEntry[];
  /** One path's kind, size and modification time, never following it. */
  stat(path: string): StoreStat;
  /**
   * `stat` of each of `paths`, all directly in folder `dir`, that folder checked once: one lstat per file on disk, for
   * a cache that stamps every note of a project. A link or a file on the way to `dir` is `unsafe_path`.
   */
  statMany(dir: string, paths: string[]): StoreStat[];
  /**
   * The folders from the root down to `dir` (inclusive), creating nothing: all real folders (`ok`), one `missing`,
   * or the first that must not be used (a link, a file: `unsafe`, with its path and why).
   */
  checkFolders(dir: string): FolderCheck;
  /** Sets a regular file's modification time (a marker's queue time, a last-seen stamp); false when it is none. */
  setMtime(path: string, ms: number): boolean;
  /** Removes one regular file (never a folder, never through a link); false when it was not there. */
  remove(path: string): boolean;
  /**
   * Moves `from` to `to` atomically, replacing a file there: the claim of a queued message. False when `from` is
   * gone (someone else moved it first), so of two claimers exactly one wins; a folder that is a link is `unsafe_path`.
   */
  rename(from: string, to: string): boolean;
  /**
   * Runs `fn` while holding the lock on `path` (appends to one card never interleave): across processes on disk,
   * within the process in memory. A lock held too long is `conflict`.
   */
  withLock<T>(path: string, fn: () => T): T;
}
