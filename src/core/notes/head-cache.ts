// A derived cache of each note's front matter, one file per project (`state/note-heads/<project>.json`), so the
// timeline of 10,000 notes costs one read and a stat per note instead of 10,000 opens and parses. Files are the
// truth: an entry is used only while its note's size, mtime and inode are what they were when it was read, so an
// edit, a replacement or a removal is seen at once; a cache that is missing, stale, foreign or corrupt is rebuilt
// from the notes. Deleting it loses nothing. Read and written through the board's store, as the notes are (in
// memory it saves little, and costs as little).
import { join } from 'node:path';
import { type Board, boardPath } from '../board/open-board.js';
import { readJsonRecord } from '../store/json-record.js';
import {
  NOTE_KINDS,
  NOTE_STATUSES,
  type NoteKind,
  type NoteRecord,
  type NoteStatus,
  PROVENANCES,
  type Provenance,
} from './note.js';

export const HEAD_CACHE_DIR = ['state', 'note-heads'] as const;
const VERSION = 2;
const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** What the cache keeps of a note: its front matter (no body), as parsed, and when its file was read. */
type Entry = [
  name: string,
  size: number,
  mtimeMs: number,
  ino: number,
  id: string,
  kind: string,
  session: string,
  parentSession: string,
  agent: string,
  harness: string,
  createdAt: string,
  title: string,
  status: string,
  provenance: string,
  files: string[],
  conclusion: string,
];

export interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
}

/**
 * The size, mtime and inode of each of `paths` (all directly in `dir`), undefined for one that is gone or not a
 * regular file: the folder checked once, one lstat per note.
 */
export function stampsOf(board: Board, dir: string, paths: string[]): (FileStamp | undefined)[] {
  try {
    // The store's stat is the stamp (it has size, mtimeMs and ino): no second object per note.
    return board.store.statMany(dir, paths).map((stat) => (stat.kind === 'file' ? stat : undefined));
  } catch {
    return paths.map(() => undefined);
  }
}

export interface HeadCache {
  /** The cached front matter of `name`, when its file still has `stamp`. */
  get(name: string, stamp: FileStamp, path: string, projectKey: string): NoteRecord | undefined;
  /** Remembers a note read from its file (front matter only: no body, not degraded). */
  set(name: string, stamp: FileStamp, note: NoteRecord): void;
  /** Writes the cache back if anything changed (or was missing); best effort, it is derived state. */
  save(names: Set<string>): void;
}

/** Opens the cache of `projectKey` (empty when missing or unusable). */
export function openHeadCache(board: Board, projectKey: string): HeadCache {
  const path = boardPath(board, ...HEAD_CACHE_DIR, `${projectKey}.json`);
  const entries = loadEntries(board, path);
  let changed = false;
  return {
    get(name, stamp, notePath, key) {
      const entry = entries.get(name);
      if (!entry || entry[1] !== stamp.size || entry[2] !== stamp.mtimeMs || entry[3] !== stamp.ino)
        return undefined;
      return toNote(entry, notePath, key);
    },
    set(name, stamp, note) {
      entries.set(name, [
        name,
        stamp.size,
        stamp.mtimeMs,
        stamp.ino,
        note.id,
        note.kind,
        note.session,
        note.parentSession,
        note.agent,
        note.harness,
        note.createdAt,
        note.title,
        note.status,
        note.provenance,
        note.files,
        note.conclusion ?? '',
      ]);
      changed = true;
    },
    save(names) {
      for (const name of entries.keys()) {
        if (!names.has(name)) {
          entries.delete(name);
          changed = true;
        }
      }
      if (!changed) return;
      try {
        const text = JSON.stringify({ version: VERSION, entries: [...entries.values()] });
        board.store.write(path, text, { fsync: false });
      } catch {
        // derived state: a cache that cannot be written is rebuilt next time
      }
    },
  };
}

function loadEntries(board: Board, path: string): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  const read = readJsonRecord<{ version?: unknown; entries?: unknown }>(
    board.store,
    path,
    {},
    MAX_CACHE_BYTES,
  );
  if (!read.ok) return entries;
  const list = read.value.entries;
  if (read.value.version !== VERSION || !Array.isArray(list)) return entries;
  for (const entry of list) if (isEntry(entry)) entries.set(entry[0], entry);
  return entries;
}

const KINDS = new Set<unknown>(NOTE_KINDS);
const STATUSES = new Set<unknown>(NOTE_STATUSES);
const ORIGINS = new Set<unknown>(PROVENANCES);

// The cache lies in the board, which is untrusted: every entry is checked field by field before it is believed.
function isEntry(value: unknown): value is Entry {
  if (!Array.isArray(value) || value.length !== 16 || typeof value[15] !== 'string') return false;
  for (let i = 0; i < 14; i++) {
    const want = i >= 1 && i <= 3 ? 'number' : 'string';
    if (typeof value[i] !== want) return false;
  }
  const files = value[14];
  if (!Array.isArray(files)) return false;
  for (const file of files) if (typeof file !== 'string') return false;
  return (
    KINDS.has(value[5]) && STATUSES.has(value[12]) && ORIGINS.has(value[13]) && value[0] === `${value[4]}.md`
  );
}

function toNote(entry: Entry, path: string, projectKey: string): NoteRecord {
  return {
    id: entry[4],
    kind: entry[5] as NoteKind,
    projectKey,
    session: entry[6],
    parentSession: entry[7],
    agent: entry[8],
    harness: entry[9],
    createdAt: entry[10],
    title: entry[11],
    status: entry[12] as NoteStatus,
    facts: [],
    files: entry[14],
    artifacts: [],
    provenance: entry[13] as Provenance,
    body: '',
    path,
    ...(entry[15] ? { conclusion: entry[15] } : {}),
  };
}

/** The cache file of a project (for tests and `gc`). */
export function headCachePath(board: Board, projectKey: string): string {
  return join(board.root, ...HEAD_CACHE_DIR, `${projectKey}.json`);
}
