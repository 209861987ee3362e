// The board's search index (MiniSearch): notes, cards and messages, built from their files and kept current by
// re-reading only what changed — each area's files are listed and stamped (size, mtime, inode), and a file read
// before with the same stamp is not read again. Derived state held in memory: nothing is written.
//
// A query's words must all match (AND), in the title, the text or the names; a word of two characters or more also
// matches as a prefix ("flak" finds "flaky"), one of five or more also one or two typos away. Title matches weigh
// most. Every answer carries a snippet and the places of the matched words, for highlighting.
import MiniSearch, { type SearchResult } from 'minisearch';
import type { Board } from '../board/open-board.js';
import type { Area } from '../board/watch.js';
import { loadCardFile } from '../cards/find.js';
import { fanOutKey, foldFanOuts } from '../messages/fan-out.js';
import { type Message, readMessageFile } from '../messages/message.js';
import { loadNote } from '../notes/read.js';
import type { Problem } from '../store/safe-fs.js';
import {
  cardDocument,
  MAX_QUERY,
  messageDocument,
  noteDocument,
  type SearchDocument,
  type SearchType,
} from './documents.js';
import { type Range, rangesOf, snippetOf } from './snippet.js';
import { cardSources, messageSources, noteSources, type Stamped } from './sources.js';
import { termsOf } from './tokens.js';

/** Words of a query used at most. */
const MAX_WORDS = 16;
const DEFAULT_LIMIT = 20;

/** The parts of the board the index reads. */
export type SearchArea = Extract<Area, 'notes' | 'cards' | 'messages'>;
export const SEARCH_AREAS: readonly SearchArea[] = ['notes', 'cards', 'messages'];

export interface SearchOptions {
  /** Only these types (default: all). */
  types?: readonly SearchType[];
  /** Only notes and results in these project folders (a project's group of keys); cards and messages have none. */
  projects?: readonly string[];
  /** Hits returned at most, best first (default 20). */
  limit?: number;
}

/** One hit. */
export interface SearchHit {
  type: SearchType;
  id: string;
  title: string;
  at: string;
  /** A note's or result's project key. */
  project?: string;
  /** A few lines of the record's Markdown around the first match. */
  snippet: string;
  /** Where matched words lie in `title` and in `snippet`. */
  ranges: { title: Range[]; snippet: Range[] };
  score: number;
}

export interface SearchAnswer {
  hits: SearchHit[];
  /** How many matched in all (hits holds the best `limit`). */
  total: number;
}

/** What a refresh did: files read, documents dropped, files that could not be read. */
export interface RefreshReport {
  read: number;
  removed: number;
  problems: Problem[];
}

interface Held {
  stamp: string;
  key: string;
}

export class SearchIndex {
  private readonly mini = new MiniSearch<SearchDocument>({
    idField: 'key',
    fields: ['title', 'text', 'names'],
    tokenize: termsOf,
    processTerm: (term) => term,
  });
  private readonly docs = new Map<string, SearchDocument>();
  private readonly notes = new Map<string, Held>();
  private readonly cards = new Map<string, Held>();
  private readonly copies = new Map<string, { stamp: string; message: Message }>();
  private readonly fanOuts = new Map<string, Set<string>>();

  /** Documents held. */
  get size(): number {
    return this.docs.size;
  }

  /** Brings `areas` (default: all three) up to date with the board's files. */
  refresh(board: Board, areas: readonly SearchArea[] = SEARCH_AREAS): RefreshReport {
    const report: RefreshReport = { read: 0, removed: 0, problems: [] };
    if (!board.exists) {
      for (const key of [...this.docs.keys()]) this.drop(key);
      this.notes.clear();
      this.cards.clear();
      this.copies.clear();
      this.fanOuts.clear();
      return report;
    }
    if (areas.includes('notes')) this.refreshNotes(board, report);
    if (areas.includes('cards')) this.refreshCards(board, report);
    if (areas.includes('messages')) this.refreshMessages(board, report);
    return report;
  }

  /** The hits for `query`, best first; a query with no words finds nothing. */
  search(query: string, options: SearchOptions = {}): SearchAnswer {
    const words = termsOf(query.slice(0, MAX_QUERY)).slice(0, MAX_WORDS);
    if (words.length === 0) return { hits: [], total: 0 };
    const types = options.types && options.types.length > 0 ? new Set(options.types) : undefined;
    const projects = options.projects ? new Set(options.projects) : undefined;
    const results = this.mini.search(words.join(' '), {
      combineWith: 'AND',
      boost: { title: 3, names: 1.5 },
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 2,
      filter: (result) => {
        const doc = this.docs.get(result.id as string);
        if (!doc) return false;
        if (types && !types.has(doc.type)) return false;
        return !projects || (doc.project !== undefined && projects.has(doc.project));
      },
    });
    results.sort((a, b) => b.score - a.score || compare(atOf(this.docs, b), atOf(this.docs, a)));
    const limit = options.limit ?? DEFAULT_LIMIT;
    return { hits: results.slice(0, limit).map((result) => this.hit(result)), total: results.length };
  }

  private hit(result: SearchResult): SearchHit {
    const doc = this.docs.get(result.id as string)!;
    const terms = new Set(result.terms);
    const snippet = snippetOf(doc.text, terms, doc.title);
    return {
      type: doc.type,
      id: doc.id,
      title: doc.title,
      at: doc.at,
      ...(doc.project !== undefined ? { project: doc.project } : {}),
      snippet: snippet.text,
      ranges: { title: rangesOf(doc.title, terms), snippet: snippet.ranges },
      score: result.score,
    };
  }

  private refreshNotes(board: Board, report: RefreshReport): void {
    const files = noteSources(board, report.problems);
    this.sync(this.notes, files, report, (file) => {
      const loaded = loadNote(board, file);
      if (!loaded.ok) {
        if (!loaded.missing) report.problems.push({ path: file.path, reason: loaded.reason });
        return undefined;
      }
      // A file that is not text has nothing to search (the timeline still lists it, degraded).
      if (loaded.note.degraded?.startsWith('absent: the file')) return undefined;
      return noteDocument(loaded.note);
    });
  }

  private refreshCards(board: Board, report: RefreshReport): void {
    const files = cardSources(board, report.problems);
    this.sync(this.cards, files, report, (file) => {
      const loaded = loadCardFile(board, file);
      if (!loaded.ok) {
        if (!loaded.missing) report.problems.push({ path: file.path, reason: loaded.reason });
        return undefined;
      }
      if (!loaded.parse.ok) {
        report.problems.push({ path: file.path, reason: loaded.parse.reason });
        return undefined;
      }
      return cardDocument(loaded.summary, loaded.parse.entries);
    });
  }

  // One document per file: the files whose stamp changed are read again, the ones gone are dropped.
  private sync<F extends Stamped>(
    held: Map<string, Held>,
    files: F[],
    report: RefreshReport,
    load: (file: F) => SearchDocument | undefined,
  ): void {
    const listed = new Set<string>();
    for (const file of files) {
      listed.add(file.path);
      const known = held.get(file.path);
      if (known?.stamp === file.stamp) continue;
      if (known) this.drop(known.key);
      held.delete(file.path);
      report.read++;
      const doc = safely(() => load(file), report, file.path);
      if (!doc || this.docs.has(doc.key)) continue;
      this.put(doc);
      held.set(file.path, { stamp: file.stamp, key: doc.key });
    }
    for (const [path, known] of held) {
      if (listed.has(path)) continue;
      this.drop(known.key);
      held.delete(path);
      report.removed++;
    }
  }

  // Messages: one document per fan-out, made again whenever one of its copies came, went or changed.
  private refreshMessages(board: Board, report: RefreshReport): void {
    const touched = new Set<string>();
    const listed = new Set<string>();
    const forget = (path: string) => {
      const known = this.copies.get(path);
      if (!known) return;
      const key = fanOutKey(known.message);
      this.fanOuts.get(key)?.delete(path);
      touched.add(key);
      this.copies.delete(path);
    };
    for (const file of messageSources(board, report.problems)) {
      listed.add(file.path);
      if (this.copies.get(file.path)?.stamp === file.stamp) continue;
      forget(file.path);
      report.read++;
      const read = safely(() => readMessageFile(board.store, file.path), report, file.path);
      if (!read) continue;
      if (!read.ok) {
        if (!read.missing) report.problems.push({ path: file.path, reason: read.reason });
        continue;
      }
      const key = fanOutKey(read.message);
      this.copies.set(file.path, { stamp: file.stamp, message: read.message });
      const paths = this.fanOuts.get(key) ?? new Set<string>();
      paths.add(file.path);
      this.fanOuts.set(key, paths);
      touched.add(key);
    }
    for (const path of [...this.copies.keys()]) {
      if (listed.has(path)) continue;
      forget(path);
      report.removed++;
    }
    for (const key of touched) {
      this.drop(`message:${key}`);
      const paths = this.fanOuts.get(key);
      // In id order, as the mail view folds them.
      const copies = [...(paths ?? [])]
        .map((path) => this.copies.get(path)!.message)
        .sort((a, b) => compare(a.id, b.id));
      if (copies.length === 0) {
        this.fanOuts.delete(key);
        continue;
      }
      const folded = foldFanOuts(copies)[0]!;
      this.put(messageDocument(key, folded));
    }
  }

  private put(doc: SearchDocument): void {
    this.docs.set(doc.key, doc);
    this.mini.add(doc);
  }

  private drop(key: string): void {
    if (!this.docs.delete(key)) return;
    this.mini.discard(key);
  }
}

/** The index of a board read whole, once: what a command that searches once (`baton search`) needs. */
export function indexBoard(board: Board): { index: SearchIndex; report: RefreshReport } {
  const index = new SearchIndex();
  const report = index.refresh(board);
  return { index, report };
}

function atOf(docs: Map<string, SearchDocument>, result: SearchResult): string {
  return docs.get(result.id as string)?.at ?? '';
}

// A file that breaks a reader in a way no test foresaw is skipped and reported; the rest of the board is searched.
function safely<T>(fn: () => T, report: RefreshReport, path: string): T | undefined {
  try {
    return fn();
  } catch (error) {
    report.problems.push({ path, reason: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
