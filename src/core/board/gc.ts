// `gc`: removes what interrupted or finished work leaves behind, and notes past the board's gc settings (note-gc.ts) —
// never another record, never through a symlink, and only where baton itself creates such leftovers, recognised by
// their exact path shape (never by a suffix alone).
import { lstatSync, readdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { CARD_FILE, CARDS_DIR } from '../cards/card.js';
import { isBatonError } from '../errors.js';
import { DAY_DIR, MESSAGES_DIR, messagePath } from '../messages/message.js';
import { RECEIPTS_DIR } from '../messages/receipt.js';
import { markerAgeMs, queuedIds, spoolDir } from '../messages/spool.js';
import { NOTES_DIR } from '../notes/note.js';
import { listProjects } from '../notes/read.js';
import { findExpiredPendings, PENDING_DIR } from '../pending/pending.js';
import { ENDING_FOLDER, removeMarker, STARTING_FOLDER, staleMarkers } from '../sessions/in-flight.js';
import { CONTINUATIONS_DIR } from '../sessions/parent-link.js';
import { isBatonTempName } from '../store/atomic-write.js';
import { fileStore } from '../store/file-store.js';
import { readJsonRecord } from '../store/json-record.js';
import { LOCK_OWNER, LOCK_SUFFIX, lockAbandoned } from '../store/lock.js';
import { nameProblem } from '../store/names.js';
import { checkFolders, entryKind, listNames, type Problem, removeFile } from '../store/safe-fs.js';
import { loadSettings } from './config.js';
import { findExpiredNotes } from './note-gc.js';
import { type Board, boardPath, requireBoard } from './open-board.js';

/** How {@link collectGarbage} runs. */
export interface GcOptions {
  /** Report what would go, remove nothing. */
  dryRun?: boolean;
}

/** What {@link collectGarbage} removed (or would have, with `dryRun`) and left alone. */
export interface GcReport {
  removed: { path: string; reason: string }[];
  dryRun: boolean;
  /** What gc met and left alone: links (never followed), foreign files among the notes, a path that changed kind. */
  skipped: Problem[];
  /** What in config.json could not be used (its defaults were): see loadSettings. */
  settingsProblems: string[];
}

// Younger than this, a temp file or queue marker may belong to a write still in progress.
const IN_PROGRESS_MS = 60_000;
// Younger than this, a lock may be held by a slow writer even if its owner file is unreadable.
const LOCK_STALE_MS = 30_000;

type Leftover = { path: string; reason: string; kind: 'file' | 'lock' | 'marker' };

// Where baton writes records atomically (so temp files can be left) and which records it locks there.
function recordFolders(board: Board): { dir: string; lockable?: (record: string) => boolean }[] {
  const folders: { dir: string; lockable?: (record: string) => boolean }[] = [
    { dir: board.root },
    { dir: boardPath(board, 'agents'), lockable: (name) => jsonNamed(name, 'agent') },
    { dir: boardPath(board, 'sessions'), lockable: (name) => jsonNamed(name, 'session') },
    { dir: boardPath(board, ...CONTINUATIONS_DIR) },
    { dir: boardPath(board, CARDS_DIR), lockable: (name) => CARD_FILE.test(name) },
    { dir: boardPath(board, PENDING_DIR), lockable: (name) => jsonNamed(name, 'session') },
    { dir: boardPath(board, 'state', 'pids') },
    // Gemini CLI sessions' transcript lengths at their last PreCompress (harnesses/gemini/hooks-compression.ts).
    { dir: boardPath(board, 'state', 'compress-attempt') },
  ];
  // Notes are written atomically into their project's folder, so an interrupted write leaves its temp file there.
  for (const project of listProjects(board)) folders.push({ dir: boardPath(board, NOTES_DIR, project) });
  const mailboxes = boardPath(board, MESSAGES_DIR);
  for (const agent of listNames(board.root, mailboxes)) {
    if (nameProblem('agent', agent) || entryKind(join(mailboxes, agent)) !== 'dir') continue;
    for (const day of listNames(board.root, join(mailboxes, agent))) {
      if (DAY_DIR.test(day)) folders.push({ dir: join(mailboxes, agent, day) });
    }
  }
  // Delivery receipts are written atomically into their day folder too (messages/receipt.ts).
  const receipts = boardPath(board, ...RECEIPTS_DIR);
  for (const agent of listNames(board.root, receipts)) {
    if (nameProblem('agent', agent) || entryKind(join(receipts, agent)) !== 'dir') continue;
    for (const day of listNames(board.root, join(receipts, agent))) {
      if (DAY_DIR.test(day)) folders.push({ dir: join(receipts, agent, day) });
    }
  }
  return folders;
}

function jsonNamed(name: string, kind: 'agent' | 'session'): boolean {
  return name.endsWith('.json') && !nameProblem(kind, name.slice(0, -'.json'.length));
}

/**
 * Removes leftover temp files, queue markers whose send was killed, expired pending writes, abandoned locks, and notes
 * past `gc.ttl` or over `gc.maxPerProject` (settings from loadSettings; a broken config.json means the defaults).
 */
export function collectGarbage(board: Board, options: GcOptions = {}): GcReport {
  requireBoard(board);
  const { settings, problems: settingsProblems } = loadSettings(board);
  const found: Leftover[] = [];
  const now = Date.now();
  for (const { dir, lockable } of recordFolders(board)) {
    if (checkFolders(board.root, dir).state !== 'ok') continue;
    for (const name of listNames(board.root, dir)) {
      const path = join(dir, name);
      const kind = entryKind(path);
      if (isBatonTempName(name) && (kind === 'file' || kind === 'dir') && ageOf(path, now) > IN_PROGRESS_MS) {
        found.push({
          path,
          reason: 'temp file left by an interrupted write',
          kind: kind === 'dir' ? 'lock' : 'file',
        });
      } else if (
        lockable &&
        kind === 'dir' &&
        name.endsWith(LOCK_SUFFIX) &&
        lockable(name.slice(0, -LOCK_SUFFIX.length)) &&
        lockAbandoned(board.root, path, LOCK_STALE_MS, now)
      ) {
        found.push({ path, reason: 'lock left by a writer that is gone', kind: 'lock' });
      }
    }
  }
  // The marker of a session's end or start whose hook died (sessions/in-flight.ts): an empty folder.
  for (const path of staleMarkers(board, ENDING_FOLDER, now))
    found.push({ path, reason: 'marker of a session end whose hook is gone', kind: 'marker' });
  for (const path of staleMarkers(board, STARTING_FOLDER, now))
    found.push({ path, reason: 'marker of a session start whose hook is gone', kind: 'marker' });
  for (const agent of listNames(board.root, boardPath(board, 'state', 'delivery'))) {
    if (nameProblem('agent', agent)) continue;
    for (const id of queuedIds(board, agent)) {
      const orphan = entryKind(messagePath(board, agent, id)) === 'missing';
      if (orphan && markerAgeMs(board, agent, id, now) > IN_PROGRESS_MS) {
        found.push({
          path: join(spoolDir(board, agent, 'new'), id),
          reason: 'queued id whose send was killed',
          kind: 'file',
        });
      }
    }
  }
  for (const path of staleContinuations(board, now)) {
    found.push({ path, reason: 'continuation nobody claimed in time', kind: 'file' });
  }
  for (const path of findExpiredPendings(board))
    found.push({ path, reason: 'expired pending write', kind: 'file' });
  const notes = findExpiredNotes(board, settings.gc, board.clock());
  for (const { path, reason } of notes.expired) found.push({ path, reason, kind: 'file' });
  const removed: GcReport['removed'] = [];
  const skipped = notes.skipped;
  for (const item of found) {
    if (!options.dryRun) {
      try {
        const gone =
          item.kind === 'lock'
            ? removeLockFolder(board, item.path)
            : item.kind === 'marker'
              ? removeMarker(board, item.path)
              : removeFile(board.root, item.path);
        if (!gone) continue;
      } catch (error) {
        // Swapped for a link or a folder since it was listed: reported, left alone, and gc goes on.
        if (!isBatonError(error, 'unsafe_path')) throw error;
        skipped.push({ path: item.path, reason: `changed while gc ran: ${error.message}` });
        continue;
      }
    }
    removed.push({ path: item.path, reason: item.reason });
  }
  return { removed, dryRun: options.dryRun === true, skipped, settingsProblems };
}

// Pending continuations past their expiry, and first messages written for `baton continue` more than a week ago
// (the session they started has long read them).
function staleContinuations(board: Board, now: number): string[] {
  const dir = boardPath(board, ...CONTINUATIONS_DIR);
  const stale: string[] = [];
  // gc inspects the disk itself: this record is read from it as the rest of the folder is listed.
  const disk = fileStore(board.root);
  for (const name of listNames(board.root, dir)) {
    const path = join(dir, name);
    if (isBatonTempName(name) || entryKind(path) !== 'file') continue;
    if (/^n-[0-9A-HJKMNP-TV-Z]{26}\.md$/.test(name)) {
      if (ageOf(path, now) > CONTINUATION_TEXT_MS) stale.push(path);
    } else if (name.endsWith('.json')) {
      const read = readJsonRecord<{ expiresAt?: unknown }>(disk, path, { expiresAt: 'string?' }, 64 * 1024);
      const expires =
        read.ok && typeof read.value.expiresAt === 'string' ? Date.parse(read.value.expiresAt) : NaN;
      if (expires <= now) stale.push(path);
    }
  }
  return stale;
}

const CONTINUATION_TEXT_MS = 7 * 24 * 3_600_000;

function ageOf(path: string, now: number): number {
  try {
    return now - lstatSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

// A lock folder holds at most its `owner` file; anything else in it means it is not baton's, and it stays.
function removeLockFolder(board: Board, dir: string): boolean {
  if (entryKind(dir) !== 'dir') return false;
  const names = readdirSync(dir);
  if (names.some((name) => name !== LOCK_OWNER)) return false;
  if (names.length > 0) removeFile(board.root, join(dir, LOCK_OWNER));
  try {
    rmdirSync(dir);
    return true;
  } catch {
    return false;
  }
}
