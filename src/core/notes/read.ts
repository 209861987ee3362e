// Reading notes: the note files of one project or of all, one note by id or unique prefix. A note that cannot be
// parsed still comes back (degraded); a file that cannot be read at all is a problem, never a crash.
import { join } from 'node:path';
import type { Board } from '../board/open-board.js';
import { boardPath } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { isTempName } from '../store/atomic-write.js';
import { NOT_UTF8 } from '../store/read-file.js';
import { type Problem, SYMLINK_REASON } from '../store/safe-fs.js';
import { type FileStamp, openHeadCache, stampsOf } from './head-cache.js';
import { newestNames } from './newest-cache.js';
import {
  NOTE_LIMITS,
  NOTES_DIR,
  type NoteRecord,
  noteIdOfFile,
  parseNote,
  projectKeyProblem,
  unreadableNote,
} from './note.js';

export interface NoteFile {
  id: string;
  projectKey: string;
  path: string;
}

/** Which notes {@link listNotes} lists, and how much of each it reads. */
export interface ListNotesOptions {
  /**
   * Only this project's notes (a list: the folders of a project's keys, today's and older ones, as
   * sessions/project-aliases.ts's projectGroup gives them); every project's when absent.
   */
  project?: string | readonly string[];
  /**
   * Read each file only up to the end of its front matter (the timeline needs nothing else): every `body` is then
   * `''`. A note whose front matter is broken, has no title or does not end within the first few KB is read whole,
   * as without this option. Default false.
   */
  frontMatterOnly?: boolean;
}

/** Notes, and the files that could not be read or parsed (skipped, never deleted). */
export interface NoteList {
  /** Oldest first. */
  notes: NoteRecord[];
  problems: Problem[];
}

/** The project keys that have a notes folder. */
export function listProjects(board: Board, problems: Problem[] = []): string[] {
  const dir = boardPath(board, NOTES_DIR);
  const projects: string[] = [];
  for (const { name, kind } of board.store.list(dir, problems)) {
    if (isTempName(name)) continue;
    if (kind === 'dir' && !projectKeyProblem(name)) projects.push(name);
    else {
      problems.push({
        path: join(dir, name),
        reason: kind === 'symlink' ? SYMLINK_REASON : 'not a project folder (notes/<project-key>/)',
      });
    }
  }
  return projects;
}

/** The note files of one project, or of every project; anything else in those folders is a problem. */
export function listNoteFiles(
  board: Board,
  options: ListNotesOptions = {},
  problems: Problem[] = [],
): NoteFile[] {
  const projects =
    options.project === undefined
      ? listProjects(board, problems)
      : typeof options.project === 'string'
        ? [options.project]
        : [...new Set(options.project)];
  const files: NoteFile[] = [];
  for (const projectKey of projects) {
    if (projectKeyProblem(projectKey)) continue;
    const dir = boardPath(board, NOTES_DIR, projectKey);
    // Kinds from the listing itself: no lstat per note (10,000 notes are 10,000 system calls).
    for (const { name, kind } of board.store.list(dir, problems)) {
      if (isTempName(name)) continue;
      // `dir` is already normal: a plain concatenation (path.join costs microseconds, times 10,000 notes).
      const path = `${dir}/${name}`;
      const id = noteIdOfFile(name);
      if (id && kind === 'file') files.push({ id, projectKey, path });
      else if (kind === 'symlink') problems.push({ path, reason: SYMLINK_REASON });
      else {
        problems.push({
          path,
          reason:
            kind === 'file' || kind === 'dir'
              ? 'not a note file (notes/<project-key>/n-<id>.md)'
              : 'not a regular file (a FIFO, socket or device)',
        });
      }
    }
  }
  return files.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The newest `count` note files of a project whose notes lie in the folders of several keys (its key and older ones,
 * see ListNotesOptions.project), newest first, and how many note names those folders hold together.
 */
export function newestNoteFilesOf(
  board: Board,
  projectKeys: readonly string[],
  count: number,
  problems: Problem[] = [],
): { files: NoteFile[]; total: number } {
  const keys = [...new Set(projectKeys)];
  if (keys.length === 1) return newestNoteFiles(board, keys[0]!, count, problems);
  let total = 0;
  const files: NoteFile[] = [];
  for (const key of keys) {
    const listed = newestNoteFiles(board, key, count, problems);
    total += listed.total;
    files.push(...listed.files);
  }
  files.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return { files: files.slice(0, count), total };
}

/**
 * The newest `count` note files of a project, newest first, and how many note names its folder holds: names are
 * time-ordered ids, so this reads one listing of names (no entry kinds, no path per note) and checks only the ones
 * it keeps. A symlink or other non-file among them is a problem and the next older name takes its place.
 */
export function newestNoteFiles(
  board: Board,
  projectKey: string,
  count: number,
  problems: Problem[] = [],
): { files: NoteFile[]; total: number } {
  if (projectKeyProblem(projectKey)) return { files: [], total: 0 };
  const dir = boardPath(board, NOTES_DIR, projectKey);
  const check = board.store.checkFolders(dir);
  if (check.state !== 'ok') {
    if (check.state === 'unsafe') problems.push({ path: check.path, reason: check.reason });
    return { files: [], total: 0 };
  }
  const pick = (names: string[]) => {
    const files: NoteFile[] = [];
    for (const name of names) {
      if (files.length === count) break;
      const path = `${dir}/${name}`;
      const kind = board.store.stat(path).kind;
      if (kind === 'file') files.push({ id: name.slice(0, -3), projectKey, path });
      else if (kind !== 'missing') {
        problems.push({
          path,
          reason: kind === 'symlink' ? SYMLINK_REASON : 'not a regular file (a FIFO, socket or device)',
        });
      }
    }
    return files;
  };
  const listNames = () => board.store.list(dir, problems).map((entry) => entry.name);
  const listed = newestNames(board, projectKey, dir, listNames);
  const files = pick(listed.newest);
  if (files.length < count && listed.newest.length < listed.total) {
    // More notes asked for than the cache keeps (or strays among them): every name, newest first.
    const names = listNames().filter((name) => noteIdOfFile(name) !== undefined);
    return { files: pick(names.sort().reverse()), total: names.length };
  }
  return { files, total: listed.total };
}

/**
 * Each file's note from its front matter alone (read one folder at a time), or undefined where the file must be read
 * whole: front matter that does not end in the first HEAD_BYTES, is broken, or has no title (it comes from the body).
 */
function frontMatters(board: Board, files: NoteFile[]): (ReturnType<typeof loadNote> | undefined)[] {
  const out: (ReturnType<typeof loadNote> | undefined)[] = [];
  const byProject = indexesByProject(files);
  for (const [projectKey, indexes] of byProject) {
    const dir = boardPath(board, NOTES_DIR, projectKey);
    const paths = indexes.map((i) => files[i]!.path);
    board.store.readHeads(dir, paths, FRONT_MATTER_END, HEAD_BYTES).forEach((head, n) => {
      const i = indexes[n]!;
      if (!head.ok || head.text === undefined) {
        // Read whole: it says what is wrong with a file that is there (not text, too large) as a reader would.
        out[i] = head.ok || !head.missing ? undefined : head;
        return;
      }
      const note = parseNote(head.text, files[i]!.path, true);
      // parseNote falls back to the id for a title it cannot find in the (absent) body.
      out[i] = note.degraded || note.title === note.id ? undefined : { ok: true, note };
    });
  }
  return out;
}

/** Reads one note file; an unreadable file (a FIFO, too large) is a problem, a broken or binary one degraded. */
export function loadNote(
  board: Board,
  file: NoteFile,
): { ok: true; note: NoteRecord } | { ok: false; reason: string; missing: boolean } {
  const read = board.store.readText(file.path, NOTE_LIMITS.fileBytes);
  // A file that is there but not text still is a note: degraded, its place giving its id and project.
  if (!read.ok && read.reason === NOT_UTF8)
    return { ok: true, note: unreadableNote(file.path, 'is not text (UTF-8)') };
  if (!read.ok) return read;
  return { ok: true, note: parseNote(read.text, file.path) };
}

/**
 * frontMatters through the derived per-project cache (head-cache.ts): a note whose file is unchanged since it was
 * read (size, mtime, inode) comes from the cache; the others are read, and the cache is brought up to date.
 */
function cachedFrontMatters(board: Board, files: NoteFile[]): (ReturnType<typeof loadNote> | undefined)[] {
  const out: (ReturnType<typeof loadNote> | undefined)[] = new Array(files.length);
  const byProject = indexesByProject(files);
  for (const [projectKey, indexes] of byProject) {
    const cache = openHeadCache(board, projectKey);
    const misses: number[] = [];
    const missStamps: (FileStamp | undefined)[] = [];
    const dir = boardPath(board, NOTES_DIR, projectKey);
    const stamps = stampsOf(
      board,
      dir,
      indexes.map((i) => files[i]!.path),
    );
    indexes.forEach((i, n) => {
      const file = files[i]!;
      const stamp = stamps[n];
      const cached = stamp && cache.get(`${file.id}.md`, stamp, file.path, projectKey);
      if (cached) out[i] = { ok: true, note: cached };
      else {
        misses.push(i);
        missStamps.push(stamp);
      }
    });
    const read = frontMatters(
      board,
      misses.map((i) => files[i]!),
    );
    misses.forEach((i, n) => {
      out[i] = read[n];
      const result = read[n];
      const stamp = missStamps[n];
      if (result?.ok && stamp) cache.set(`${files[i]!.id}.md`, stamp, result.note);
    });
    cache.save(new Set(indexes.map((i) => `${files[i]!.id}.md`)));
  }
  return out;
}

// The indexes of `files`, grouped by project (each project's folder is checked and read together).
function indexesByProject(files: NoteFile[]): Map<string, number[]> {
  const byProject = new Map<string, number[]>();
  files.forEach((file, i) => {
    const list = byProject.get(file.projectKey);
    if (list) list.push(i);
    else byProject.set(file.projectKey, [i]);
  });
  return byProject;
}

// Front matter that baton writes is a few hundred bytes; one with hundreds of files or facts is read whole.
const HEAD_BYTES = 4096;
const FRONT_MATTER_END = '\n---\n';

/** Notes of one project (or all), oldest first. Never fails on a broken note: it is listed, marked degraded. */
export function listNotes(board: Board, options: ListNotesOptions = {}): NoteList {
  const problems: Problem[] = [];
  if (!board.exists) return { notes: [], problems };
  const files = listNoteFiles(board, options, problems);
  const read = readNoteFiles(board, files, options);
  return { notes: read.notes, problems: [...problems, ...read.problems] };
}

/**
 * The notes of `files` (as listNoteFiles gives them), in their order: with `frontMatterOnly`, through the derived
 * front-matter cache, which then keeps only these files — `uncached` reads a few notes of a project without it.
 * A file gone since it was listed is skipped; one that cannot be read is a problem.
 */
export function readNoteFiles(
  board: Board,
  files: NoteFile[],
  options: Pick<ListNotesOptions, 'frontMatterOnly'> & { uncached?: boolean } = {},
): NoteList {
  const problems: Problem[] = [];
  const notes: NoteRecord[] = [];
  const heads = !options.frontMatterOnly
    ? []
    : options.uncached
      ? frontMatters(board, files)
      : cachedFrontMatters(board, files);
  files.forEach((file, i) => {
    const loaded = heads[i] ?? loadNote(board, file);
    if (loaded.ok) notes.push(loaded.note);
    else if (!loaded.missing) problems.push({ path: file.path, reason: loaded.reason });
  });
  for (const note of notes) {
    if (note.degraded) problems.push({ path: note.path, reason: `degraded note (${note.degraded})` });
  }
  return { notes, problems };
}

const PREFIX = /^n-([0-9A-HJKMNP-TV-Z]{1,26})$/;

/**
 * The one note an id names: the full id or any unique prefix of it (`n-01JDX6`, with or without `n-`, any case), in
 * any project. Throws `invalid_input` for a malformed id, `not_found` and `ambiguous` naming what to do next.
 */
export function findNote(board: Board, idOrPrefix: string): NoteFile {
  const trimmed = idOrPrefix.trim();
  const prefix = `n-${trimmed.replace(/^n-/i, '').replace(/\.md$/i, '').toUpperCase()}`;
  if (!PREFIX.test(prefix)) {
    throw new BatonError(
      'invalid_input',
      `malformed note id ${JSON.stringify(idOrPrefix)} — note ids look like n-01JDX6K9ZQ… (see \`baton board --all\`)`,
    );
  }
  const matches = board.exists ? listNoteFiles(board).filter((file) => file.id.startsWith(prefix)) : [];
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) {
    throw new BatonError(
      'not_found',
      `no note ${prefix} on ${board.root} — list notes with \`baton board --all\``,
    );
  }
  const shown = matches
    .slice(0, 10)
    .map((file) => `${file.id} (${file.projectKey})`)
    .join(', ');
  throw new BatonError(
    'ambiguous',
    `note id ${prefix} is ambiguous: it matches ${matches.length} notes: ${shown}${matches.length > 10 ? ', …' : ''} — give more of the id`,
  );
}

/** Reads the note an id names (see findNote). A note that cannot be read at all is `corrupt`. */
export function readNote(board: Board, idOrPrefix: string): NoteRecord {
  const file = findNote(board, idOrPrefix);
  const loaded = loadNote(board, file);
  if (loaded.ok) return loaded.note;
  if (loaded.missing) throw new BatonError('not_found', `note ${file.id} was just removed`);
  throw new BatonError('corrupt', `cannot read note ${file.id} (${file.path}): ${loaded.reason}`);
}

/** The note's file as it is stored (front matter and body), through the board's store; its parsed body if unreadable. */
export function storedNoteText(board: Board, note: Pick<NoteRecord, 'path' | 'body'>): string {
  const stored = board.store.readText(note.path, NOTE_LIMITS.fileBytes);
  return stored.ok ? stored.text : note.body;
}
