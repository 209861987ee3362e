// A derived cache of what the board index lists for one project (`state/index-listed/<project>.json`): its newest
// notes as lines of data, the cards with the latest activity, and how many of each there are — so a session start
// costs a few stats instead of opening and parsing the project's newest notes and every card. Files are the truth:
// the cache is used only while every folder and file it was read from has the size, time and identity it had then
// (a note or card written, replaced, renamed, removed or edited in place changes one of them), and it is saved only
// when all of them have settled, so a change within the same clock tick as the read is never missed. It holds data,
// never text to show: the index is laid out and escaped from it every time, so a hand-written cache can say no more
// than a note can. Missing, foreign, stale or corrupt: read from the files again. Deleting it loses nothing.
import { type Board, boardPath } from '../board/open-board.js';
import { CARD_FILE, CARDS_DIR } from '../cards/card.js';
import { NOTE_KINDS, NOTE_STATUSES, NOTES_DIR, noteIdOfFile } from '../notes/note.js';
import type { StoreStat } from '../store/board-store.js';
import { readJsonRecord } from '../store/json-record.js';
import type { IndexCard, IndexNote } from './render.js';

const CACHE_DIR = ['state', 'index-listed'] as const;
const VERSION = 1;
const MAX_CACHE_BYTES = 1024 * 1024;
/** A file or folder changed more recently than this may still change within the same mtime tick: not cached. */
const SETTLE_MS = 2000;

/** What the index lists of a project, as renderIndex gathers it from the files. */
export interface IndexListed {
  notes: IndexNote[];
  notesTotal: number;
  cards: IndexCard[];
  cardsTotal: number;
}

/** A folder the listing was read from, and the files in it it read: each as [size, mtimeMs, ino]. */
interface Watched {
  /** The folder, below the board's root (`notes/<key>`, `cards`). */
  dir: string[];
  /** The folder's [mtimeMs, ino]: [0, 0] when it is not there (a project with no notes yet). */
  self: [mtimeMs: number, ino: number];
  names: string[];
  files: [size: number, mtimeMs: number, ino: number][];
}

/** The folders a listing reads, stamped before they are listed: a note added while listing is never cached as seen. */
export type FolderStamps = Watched['self'][];

/** What a listing was read from. */
export interface ListedSources {
  watched: Watched[];
}

/** Which listing: the project's keys (today's first) and how many notes it lists. */
export interface ListedKey {
  group: readonly string[];
  maxNotes: number;
}

function cachePath(board: Board, project: string): string {
  return boardPath(board, ...CACHE_DIR, `${project}.json`);
}

/** The folders a listing of `key` reads: its keys' notes folders, then the cards folder. */
function folders(key: ListedKey): string[][] {
  return [...key.group.map((projectKey) => [NOTES_DIR, projectKey]), [CARDS_DIR]];
}

const same = (stat: StoreStat, [size, mtimeMs, ino]: [number, number, number]) =>
  stat.kind === 'file' && stat.size === size && stat.mtimeMs === mtimeMs && stat.ino === ino;

/** Stamps of the folders a listing of `key` reads, taken before it lists them; undefined when one is no folder. */
export function folderStamps(board: Board, key: ListedKey): FolderStamps | undefined {
  const stamps: FolderStamps = [];
  for (const dir of folders(key)) {
    try {
      const stat = board.store.stat(boardPath(board, ...dir));
      if (stat.kind === 'missing') stamps.push([0, 0]);
      else if (stat.kind === 'dir') stamps.push([stat.mtimeMs, stat.ino]);
      else return undefined;
    } catch {
      return undefined;
    }
  }
  return stamps;
}

/**
 * What a listing of `key` was read from: the folders as stamped before listing, and the files it reads in them —
 * the notes it lists (`noteNames`, by project key) and every card file — stamped before they are read. Undefined
 * when one is not a plain file (nothing is cached then).
 */
export function listedSources(
  board: Board,
  key: ListedKey,
  stamps: FolderStamps,
  noteNames: ReadonlyMap<string, string[]>,
  cardNames: string[],
): ListedSources | undefined {
  const watched: Watched[] = [];
  for (const [i, dir] of folders(key).entries()) {
    const names = dir[0] === CARDS_DIR ? cardNames : (noteNames.get(dir[1]!) ?? []);
    const path = boardPath(board, ...dir);
    let files: StoreStat[];
    try {
      files =
        names.length === 0
          ? []
          : board.store.statMany(
              path,
              names.map((name) => `${path}/${name}`),
            );
    } catch {
      return undefined;
    }
    if (files.some((stat) => stat.kind !== 'file')) return undefined;
    const self = stamps[i]!;
    watched.push({ dir, self, names, files: files.map((stat) => [stat.size, stat.mtimeMs, stat.ino]) });
  }
  return { watched };
}

/** The listing as cached when nothing it was read from has changed since; undefined otherwise. */
export function cachedListed(board: Board, key: ListedKey): IndexListed | undefined {
  const read = readJsonRecord<unknown>(board.store, cachePath(board, key.group[0]!), {}, MAX_CACHE_BYTES);
  if (!read.ok) return undefined;
  const cache = validCache(read.value, key);
  if (!cache) return undefined;
  for (const { dir, self, names, files } of cache.watched) {
    const path = boardPath(board, ...dir);
    try {
      const stat = board.store.stat(path);
      const stamp =
        stat.kind === 'dir' ? [stat.mtimeMs, stat.ino] : stat.kind === 'missing' ? [0, 0] : undefined;
      if (!stamp || stamp[0] !== self[0] || stamp[1] !== self[1]) return undefined;
      if (names.length === 0) continue;
      const stats = board.store.statMany(
        path,
        names.map((name) => `${path}/${name}`),
      );
      if (!stats.every((fileStat, i) => same(fileStat, files[i]!))) return undefined;
    } catch {
      return undefined;
    }
  }
  return cache.listed;
}

/** Saves the listing read from `sources`, when every one of them has settled (else the next start reads again). */
export function saveListed(board: Board, key: ListedKey, sources: ListedSources, listed: IndexListed): void {
  const settled = Date.now() - SETTLE_MS;
  const times = sources.watched.flatMap(({ self, files }) => [self[0], ...files.map((file) => file[1])]);
  if (times.some((mtimeMs) => mtimeMs > settled)) return;
  const cache = { version: VERSION, group: key.group, maxNotes: key.maxNotes, ...sources, listed };
  try {
    board.store.write(cachePath(board, key.group[0]!), JSON.stringify(cache), { fsync: false });
  } catch {
    // derived state: a cache that cannot be written is read from the files again next time
  }
}

// --- The cache lies in the board, which is untrusted: every field is checked before it is believed. ---

const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const TEXT_MAX = 64 * 1024;
const isText = (value: unknown): value is string => isString(value) && value.length <= TEXT_MAX;

function validCache(value: unknown, key: ListedKey): { watched: Watched[]; listed: IndexListed } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const cache = value as Record<string, unknown>;
  if (cache.version !== VERSION || cache.maxNotes !== key.maxNotes) return undefined;
  if (!Array.isArray(cache.group) || cache.group.join('\n') !== key.group.join('\n')) return undefined;
  const expected = [...key.group.map((projectKey) => `${NOTES_DIR}/${projectKey}`), CARDS_DIR];
  if (!Array.isArray(cache.watched) || cache.watched.length !== expected.length) return undefined;
  const watched: Watched[] = [];
  for (const [i, entry] of (cache.watched as unknown[]).entries()) {
    const checked = validWatched(entry, expected[i]!);
    if (!checked) return undefined;
    watched.push(checked);
  }
  const listed = validListed(cache.listed, key);
  return listed ? { watched, listed } : undefined;
}

function validWatched(value: unknown, dir: string): Watched | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const entry = value as Record<string, unknown>;
  if (!Array.isArray(entry.dir) || entry.dir.join('/') !== dir) return undefined;
  const self = entry.self;
  if (!Array.isArray(self) || self.length !== 2 || !self.every(isNumber)) return undefined;
  const { names, files } = entry;
  if (!Array.isArray(names) || !Array.isArray(files) || names.length !== files.length) return undefined;
  const fileName =
    dir === CARDS_DIR ? (name: string) => CARD_FILE.test(name) : (name: string) => !!noteIdOfFile(name);
  if (!names.every((name) => isString(name) && fileName(name))) return undefined;
  if (!files.every((file) => Array.isArray(file) && file.length === 3 && file.every(isNumber)))
    return undefined;
  return {
    dir: dir.split('/'),
    self: self as Watched['self'],
    names: names as string[],
    files: files as Watched['files'],
  };
}

function validListed(value: unknown, key: ListedKey): IndexListed | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const listed = value as Record<string, unknown>;
  const { notes, cards, notesTotal, cardsTotal } = listed;
  if (!isCount(notesTotal) || !isCount(cardsTotal)) return undefined;
  if (!Array.isArray(notes) || notes.length > key.maxNotes || notes.length > notesTotal) return undefined;
  if (!Array.isArray(cards) || cards.length > cardsTotal) return undefined;
  const kinds: readonly unknown[] = NOTE_KINDS;
  const statuses: readonly unknown[] = NOTE_STATUSES;
  const shown: IndexNote[] = [];
  for (const note of notes as unknown[]) {
    if (note === null || typeof note !== 'object') return undefined;
    const { id, kind, status, createdAt, title, conclusion } = note as Record<string, unknown>;
    if (!isString(id) || !noteIdOfFile(`${id}.md`)) return undefined;
    if (!kinds.includes(kind) || !statuses.includes(status)) return undefined;
    if (!isText(createdAt) || !isText(title) || (conclusion !== undefined && !isText(conclusion)))
      return undefined;
    shown.push({
      handle: `note:${id}`,
      id,
      kind: kind as IndexNote['kind'],
      status: status as IndexNote['status'],
      createdAt,
      title,
      ...(conclusion ? { conclusion } : {}),
    });
  }
  const active: IndexCard[] = [];
  for (const card of cards as unknown[]) {
    if (card === null || typeof card !== 'object') return undefined;
    const { id, title, entries, lastActivity } = card as Record<string, unknown>;
    if (!isString(id) || !CARD_FILE.test(`${id}-x.md`)) return undefined;
    if (!isText(title) || !isCount(entries) || !isText(lastActivity)) return undefined;
    active.push({ handle: `card:${id}`, id, title, entries, lastActivity });
  }
  return { notes: shown, notesTotal, cards: active, cardsTotal };
}
