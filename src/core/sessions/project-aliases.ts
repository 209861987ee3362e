// Project keys of older versions (a slug of the checkout's absolute path: pathKeyOf) resolved to today's key
// (project.ts), when reading. Nothing is rewritten: a note stays in the folder of the key it was written with, a
// session record keeps its key; readers ask for a project's group (its key and every older key of it).
//
// An older key P is known to be project K when:
//   - P is the path key of the board's own folder, and K its key today ("this checkout");
//   - a session recorded under P ran in a folder that exists on this machine, is still the checkout P was made from
//     (its path key is P), and has the key K today ("on this machine");
//   - a session recorded under P and one recorded under K (a key of today's rules) ran in the same folder: one
//     machine's sessions before and after the change, which `baton sync` carries to the others ("same folder").
// A P that maps to two different keys is left alone (ambiguous) and reported by `baton doctor`.
import { statSync } from 'node:fs';
import type { Board } from '../board/open-board.js';
import { listProjects, newestNoteFiles, readNoteFiles } from '../notes/read.js';
import { nameProblem } from '../store/names.js';
import { listSessions } from './live.js';
import { pathKeyOf, pathKeysAbove, projectKeyOf } from './project.js';
import { readSession, type SessionRecord, sessionPath } from './session.js';

export interface ProjectAliases {
  /** Older key → the key it resolves to. */
  map: Map<string, string>;
  /** Older key → how it was found (for doctor). */
  how: Map<string, string>;
  /** Older keys that point at more than one key: each resolves to itself. */
  ambiguous: Map<string, string[]>;
}

/**
 * Every older key that resolves on this board, from the board's folder and its session records. Without `sessions`
 * given, the records are read only when a notes folder may be an older key (see mayBeOlder): a board of today's
 * keys costs one listing of notes/ and a probe per folder, not a read of every session it ever had.
 */
export function projectAliases(board: Board, sessions?: readonly SessionRecord[]): ProjectAliases {
  const found = new Map<string, Map<string, string>>();
  const add = (older: string, key: string, how: string) => {
    if (older === key) return;
    const targets = found.get(older) ?? new Map<string, string>();
    if (!targets.has(key)) targets.set(key, how);
    found.set(older, targets);
  };
  const here = projectKeyOf(board.cwd, board);
  const own = pathKeyOf(board.cwd, board.redact);
  add(own, here, `this checkout (${board.cwd})`);
  const records =
    sessions ?? (board.exists && anyOlderFolder(board, [here, own]) ? listSessions(board).sessions : []);
  const today = new Map<string, Set<string>>();
  const older: SessionRecord[] = [];
  const todayCache = new Map<string, string | undefined>();
  // Per folder, not per session: many sessions run in one folder, and each key is a redaction and a slug per level.
  const aboveCache = new Map<string, string[]>();
  for (const session of records) {
    if (!session.cwd.startsWith('/')) continue;
    const above = aboveCache.get(session.cwd) ?? pathKeysAbove(session.cwd, board.redact);
    aboveCache.set(session.cwd, above);
    if (above.includes(session.projectKey)) older.push(session);
    else {
      const keys = today.get(session.cwd) ?? new Set<string>();
      keys.add(session.projectKey);
      today.set(session.cwd, keys);
    }
  }
  for (const session of older) {
    const key = session.projectKey;
    if (!todayCache.has(session.cwd)) todayCache.set(session.cwd, keyToday(board, session.cwd));
    const local = todayCache.get(session.cwd);
    if (local !== undefined && pathKeyOf(session.cwd, board.redact) === key) {
      add(key, local, `sessions in ${session.cwd}, on this machine`);
    }
    for (const now of today.get(session.cwd) ?? [])
      add(key, now, `sessions before and after in ${session.cwd}`);
  }
  const aliases: ProjectAliases = { map: new Map(), how: new Map(), ambiguous: new Map() };
  const current = new Set([here, ...[...today.values()].flatMap((keys) => [...keys])]);
  for (const [key, targets] of found) {
    // A key some folder has today is nobody's older key.
    if (current.has(key)) continue;
    if (targets.size === 1) {
      const [[target, how]] = [...targets] as [[string, string]];
      aliases.map.set(key, target);
      aliases.how.set(key, how);
    } else aliases.ambiguous.set(key, [...targets.keys()].sort());
  }
  return aliases;
}

/**
 * The keys that are project `key`: the key it resolves to first, then every older key of that one. An older key
 * given (`--project <old key>`) gives the same group as today's.
 */
export function projectGroup(board: Board, key: string, aliases = projectAliases(board)): string[] {
  const target = aliases.map.get(key) ?? key;
  const group = [target];
  for (const [older, to] of aliases.map) if (to === target) group.push(older);
  return group;
}

// Whether a notes folder may hold an older key: the session that wrote its newest note was recorded under that key,
// and the key is a path slug of the session's folder or one above it. Its newest note says it, as every note takes
// its session's key (notes/origin.ts); a folder whose newest note has no session record cannot be mapped by one.
function anyOlderFolder(board: Board, known: string[]): boolean {
  return olderFolderProbe(board, known).older;
}

/**
 * What {@link projectAliases} reads to tell whether any notes folder but `known` may hold an older key (see
 * anyOlderFolder), and the files that told it: each other folder's newest note and the record of that note's
 * session (a record's path is listed whether or not it exists). While none of them (nor notes/ and its folders)
 * changes, the answer stands: what a prepared session start checks (hooks/start-ready.ts).
 */
export function olderFolderProbe(board: Board, known: string[]): { older: boolean; read: string[] } {
  const read: string[] = [];
  const older = listProjects(board).some((key) => {
    if (known.includes(key)) return false;
    const newest = newestNoteFiles(board, key, 1).files;
    if (newest.length === 0) return false;
    read.push(newest[0]!.path);
    const note = readNoteFiles(board, newest, { frontMatterOnly: true, uncached: true }).notes[0];
    // A note's session is free text of a hand-written note: only a valid name is looked up.
    const valid = note && !nameProblem('session', note.session);
    if (valid) read.push(sessionPath(board, note.session));
    const session = valid ? readSession(board, note.session) : undefined;
    return (
      !!session &&
      session.projectKey === key &&
      session.cwd.startsWith('/') &&
      pathKeysAbove(session.cwd, board.redact).includes(key)
    );
  });
  return { older, read };
}

// The key a folder of this machine has today, when it is a folder here.
function keyToday(board: Board, cwd: string): string | undefined {
  try {
    if (!statSync(cwd).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  return projectKeyOf(cwd, board);
}
