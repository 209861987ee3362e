// The newest messages on the board for the mail view, as listMessages({ limit }) gives them, read through a cache of
// day folders: a day folder whose mtime is unchanged since it was read (no message came or went: every write is a new
// file renamed into place) and the board watcher reported no change in it (an edit in place) is not read again, so
// a new message costs a read of its own day folder, not of 5,000 files.
import { lstatSync } from 'node:fs';
import { type Board, boardPath } from '../../core/board/open-board.js';
import { MESSAGES_DIR, type Message, readMessageFile } from '../../core/messages/message.js';
import { listRecipients, mailboxDays, newestMessages } from '../../core/messages/read.js';
import { isTempName } from '../../core/store/atomic-write.js';
import { isId } from '../../core/store/ids.js';
import type { Problem } from '../../core/store/safe-fs.js';
import { type Changes, NO_CHANGES } from '../change-count.js';

interface DayRead {
  mtime: number;
  /** The watcher's count of changes in the folder when it was read (an edit in place changes no mtime). */
  changes: number;
  /** Newest first. */
  messages: Message[];
  problems: Problem[];
}

const days = new Map<string, DayRead>();
const MAX_DAYS = 5_000;

/** The newest `limit` messages (a fan-out's copies counted once), oldest first, and what could not be read. */
export function windowMessages(
  board: Board,
  limit: number,
  changes: Changes = NO_CHANGES,
): { messages: Message[]; problems: Problem[] } {
  const problems: Problem[] = [];
  let found: Message[] = [];
  for (const agent of listRecipients(board, problems)) {
    const mailbox = boardPath(board, MESSAGES_DIR, agent);
    const names = mailboxDays(board, agent, problems);
    let taken = 0;
    for (const day of names) {
      const read = readDay(board, `${mailbox}/${day}`, changes);
      problems.push(...read.problems);
      found = found.concat(read.messages.slice(0, limit - taken));
      taken += Math.min(read.messages.length, limit - taken);
      if (taken >= limit) break;
    }
  }
  found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { messages: newestMessages(found, limit), problems };
}

function readDay(board: Board, dir: string, changes: Changes): DayRead {
  const changed = changes.ofFolder(dir);
  let mtime = -1;
  try {
    mtime = lstatSync(dir).mtimeMs;
  } catch {
    // gone since listed: read as empty below
  }
  const known = days.get(dir);
  if (known && known.mtime === mtime && known.changes === changed) return known;
  const problems: Problem[] = [];
  const messages: Message[] = [];
  for (const { name } of board.store.list(dir, problems)) {
    if (isTempName(name)) continue;
    const path = `${dir}/${name}`;
    const id = name.endsWith('.md') ? name.slice(0, -3) : '';
    if (!isId(id, 'm')) {
      problems.push({ path, reason: 'not a message file (skipped)' });
      continue;
    }
    const read = readMessageFile(board.store, path);
    if (read.ok) messages.push(read.message);
    else if (!read.missing) problems.push({ path, reason: read.reason });
  }
  messages.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const value = { mtime, changes: changed, messages, problems };
  if (days.size >= MAX_DAYS) days.delete(days.keys().next().value!);
  days.set(dir, value);
  return value;
}
