// The files the search index reads, each with its stamp (size, modification time, inode): what is unchanged since
// the index read it is not read again. Everything is listed through the board's store, so links, FIFOs and odd names
// are problems, never read.
import { type Board, boardPath } from '../board/open-board.js';
import { type CardFile, listCardFiles } from '../cards/find.js';
import { DAY_DIR, MESSAGES_DIR } from '../messages/message.js';
import { listRecipients } from '../messages/read.js';
import { listNoteFiles, type NoteFile } from '../notes/read.js';
import { isTempName } from '../store/atomic-write.js';
import { isId } from '../store/ids.js';
import { type Problem, SYMLINK_REASON } from '../store/safe-fs.js';

/** A file and its stamp: `<size>:<mtime>:<inode>`, different whenever the file was written or replaced. */
export interface Stamped {
  path: string;
  stamp: string;
}

/** The newest this many message files are searched (a board of 100,000 messages keeps the index small). */
export const MESSAGE_WINDOW = 20_000;

export function noteSources(board: Board, problems: Problem[]): (NoteFile & Stamped)[] {
  const files = listNoteFiles(board, {}, problems);
  const byDir = new Map<string, NoteFile[]>();
  for (const file of files) push(byDir, boardPath(board, 'notes', file.projectKey), file);
  return [...byDir].flatMap(([dir, inDir]) => stamped(board, dir, inDir));
}

export function cardSources(board: Board, problems: Problem[]): (CardFile & Stamped)[] {
  return stamped(board, boardPath(board, 'cards'), listCardFiles(board, problems));
}

/** The newest MESSAGE_WINDOW message files in every mailbox (names are time-ordered ids). */
export function messageSources(board: Board, problems: Problem[]): Stamped[] {
  const found: { dir: string; name: string }[] = [];
  for (const agent of listRecipients(board, problems)) {
    const mailbox = boardPath(board, MESSAGES_DIR, agent);
    for (const { name: day, kind } of board.store.list(mailbox, problems)) {
      if (DAY_DIR.test(day) && kind === 'dir') {
        const dir = `${mailbox}/${day}`;
        for (const entry of board.store.list(dir, problems)) {
          if (isTempName(entry.name)) continue;
          if (entry.kind === 'file' && entry.name.endsWith('.md') && isId(entry.name.slice(0, -3), 'm')) {
            found.push({ dir, name: entry.name });
          } else {
            problems.push({
              path: `${dir}/${entry.name}`,
              reason: entry.kind === 'symlink' ? SYMLINK_REASON : 'not a message file (skipped)',
            });
          }
        }
      } else if (!isTempName(day)) {
        problems.push({
          path: `${mailbox}/${day}`,
          reason: kind === 'symlink' ? SYMLINK_REASON : 'not a day folder (skipped)',
        });
      }
    }
  }
  found.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  const byDir = new Map<string, { path: string }[]>();
  for (const { dir, name } of found.slice(0, MESSAGE_WINDOW)) push(byDir, dir, { path: `${dir}/${name}` });
  return [...byDir].flatMap(([dir, inDir]) => stamped(board, dir, inDir));
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// Each file of one folder with its stamp; a file gone or replaced by something else since it was listed is left out.
function stamped<T extends { path: string }>(board: Board, dir: string, files: T[]): (T & Stamped)[] {
  let stats: ReturnType<Board['store']['statMany']>;
  try {
    stats = board.store.statMany(
      dir,
      files.map((file) => file.path),
    );
  } catch {
    return [];
  }
  const out: (T & Stamped)[] = [];
  files.forEach((file, i) => {
    const stat = stats[i];
    if (stat?.kind === 'file') out.push({ ...file, stamp: `${stat.size}:${stat.mtimeMs}:${stat.ino}` });
  });
  return out;
}
