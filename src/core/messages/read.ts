// Reading messages without side effects: an agent's inbox, the whole board, one message, a thread.
import { type Board, boardPath } from '../board/open-board.js';
import { isTempName } from '../store/atomic-write.js';
import { idTime, isId, lastIdAt } from '../store/ids.js';
import { nameProblem } from '../store/names.js';
import { type Problem, SYMLINK_REASON } from '../store/safe-fs.js';
import {
  DAY_DIR,
  dayOf,
  MESSAGES_DIR,
  type Message,
  messagePath,
  readMessageFile,
  requireMessageId,
} from './message.js';
import { claimedIds, queuedIds } from './spool.js';

/** Whose messages {@link listMessages} lists, and which. */
export interface ListMessagesOptions {
  /** Only messages to this agent; all agents' messages when absent. */
  agent?: string;
  /** Only messages whose id sorts after this one. */
  after?: string;
  /** Only messages whose id sorts before this one (the page's next page of an inbox). */
  before?: string;
  /** The newest `limit` messages (default 20; 0 = no limit); the copies of one fan-out count as one. */
  limit?: number;
  /** Only messages not yet pushed to the agent's session (requires `agent`). */
  unread?: boolean;
  /**
   * Only messages from this agent (`inbox --sent`). Every mailbox is walked newest first until `limit` of its
   * messages are in hand, so its cost follows how far back they lie, not only the limit.
   */
  from?: string;
}

/** Messages, oldest first, and the files that could not be read. */
export interface MessageList {
  /** Oldest first. */
  messages: Message[];
  problems: Problem[];
}

/** Lists messages, newest `limit` of them, oldest first. Corrupt and foreign files are skipped and reported. */
export function listMessages(board: Board, options: ListMessagesOptions = {}): MessageList {
  const limit = options.limit ?? 20;
  if (options.after !== undefined) requireMessageId(options.after);
  if (options.before !== undefined) requireMessageId(options.before);
  const range = { after: options.after, before: options.before };
  const problems: Problem[] = [];
  const agents = options.agent ? [options.agent] : listRecipients(board, problems);
  let found: Message[] = [];
  for (const agent of agents) {
    const ids = options.unread ? unreadIds(board, agent) : undefined;
    found = found.concat(
      ids
        ? readIds(board, agent, ids, range, problems)
        : scanNewest(board, agent, limit, range, problems, options.from),
    );
  }
  if (options.from !== undefined) found = found.filter((message) => message.from === options.from);
  found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  problems.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { messages: limit > 0 ? newestMessages(found, limit) : found, problems };
}

/**
 * The newest `limit` messages of `sorted` (oldest first), a fan-out's copies (one batch, one per mailbox) counted
 * once: the listing shows them as one message to several, so `--all --limit 3` shows three, not one of three copies.
 */
export function newestMessages(sorted: Message[], limit: number): Message[] {
  const kept = new Set<string>();
  let start = sorted.length;
  while (start > 0) {
    const key = sorted[start - 1]!.batch ?? sorted[start - 1]!.id;
    if (!kept.has(key)) {
      if (kept.size === limit) break;
      kept.add(key);
    }
    start--;
  }
  return sorted.slice(start);
}

/** The day folders of `agent`'s mailbox, newest first; anything else in it (a link, a stray file) is reported. */
export function mailboxDays(board: Board, agent: string, problems: Problem[]): string[] {
  const mailbox = boardPath(board, MESSAGES_DIR, agent);
  return board.store
    .list(mailbox, problems)
    .filter(({ name, kind }) => {
      if (DAY_DIR.test(name) && kind === 'dir') return true;
      if (!isTempName(name))
        problems.push({
          path: `${mailbox}/${name}`,
          reason: kind === 'symlink' ? SYMLINK_REASON : 'not a day folder (skipped)',
        });
      return false;
    })
    .map((entry) => entry.name)
    .sort()
    .reverse();
}

/** Ids queued or claimed for push to `agent`: its unread mail. */
export function unreadIds(board: Board, agent: string): string[] {
  return [...new Set([...queuedIds(board, agent), ...claimedIds(board, agent)])].sort();
}

/** Agents that have a mailbox folder, by name. Symlinks and odd names are reported, not followed. */
export function listRecipients(board: Board, problems: Problem[]): string[] {
  const root = boardPath(board, MESSAGES_DIR);
  const names: string[] = [];
  for (const { name, kind } of board.store.list(root, problems).sort(byName)) {
    if (isTempName(name)) continue;
    const problem = nameProblem('agent', name);
    if (kind === 'dir' && !problem) {
      names.push(name);
      continue;
    }
    problems.push({
      path: `${root}/${name}`,
      reason:
        kind === 'symlink'
          ? SYMLINK_REASON
          : kind === 'dir'
            ? `not a mailbox (the agent name ${problem})`
            : 'not a mailbox',
    });
  }
  return names;
}

// Walks day folders newest first and stops once `limit` messages are in hand: cost follows the limit, not the total.
function scanNewest(
  board: Board,
  agent: string,
  limit: number,
  { after, before }: IdRange,
  problems: Problem[],
  from?: string,
) {
  const mailbox = boardPath(board, MESSAGES_DIR, agent);
  const afterDay = after ? dayOf(after) : '';
  const beforeDay = before ? dayOf(before) : '';
  const days = mailboxDays(board, agent, problems).filter(
    (day) => day >= afterDay && (!before || day <= beforeDay),
  );
  const out: Message[] = [];
  for (const day of days) {
    const names = board.store
      .list(`${mailbox}/${day}`, problems)
      .map((entry) => entry.name)
      .sort()
      .reverse();
    for (const name of names) {
      if (isTempName(name)) continue;
      const path = `${mailbox}/${day}/${name}`;
      const id = name.endsWith('.md') ? name.slice(0, -3) : '';
      if (!isId(id, 'm')) {
        problems.push({ path, reason: 'not a message file (skipped)' });
        continue;
      }
      if ((after && id <= after) || (before && id >= before)) continue;
      const read = readMessageFile(board.store, path);
      if (read.ok) {
        if (from === undefined || read.message.from === from) out.push(read.message);
      } else if (!read.missing) problems.push({ path, reason: read.reason });
      if (limit > 0 && out.length >= limit) return out;
    }
  }
  return out;
}

/** Ids strictly between `after` and `before` (either may be absent). */
interface IdRange {
  after?: string;
  before?: string;
}

function readIds(
  board: Board,
  agent: string,
  ids: string[],
  { after, before }: IdRange,
  problems: Problem[],
) {
  const out: Message[] = [];
  for (const id of ids) {
    if ((after && id <= after) || (before && id >= before)) continue;
    const path = messagePath(board, agent, id);
    const read = readMessageFile(board.store, path);
    if (read.ok) out.push(read.message);
    else if (!read.missing) problems.push({ path, reason: read.reason });
  }
  return out;
}

/** Finds one message by id in any mailbox (the id fixes the day folder, so this is one lookup per mailbox). */
export function findMessage(board: Board, id: string): Message | undefined {
  if (!isId(id, 'm')) return undefined;
  for (const agent of listRecipients(board, [])) {
    const read = readMessageFile(board.store, messagePath(board, agent, id));
    if (read.ok) return read.message;
  }
  return undefined;
}

/** The whole conversation `id` belongs to: its root, every reply below it, and the other copies of fan-outs. */
export function readThread(board: Board, id: string): MessageList {
  const problems: Problem[] = [];
  let root = findMessage(board, id);
  if (!root) return { messages: [], problems };
  const seen = new Set([root.id]);
  while (root.replyTo && !seen.has(root.replyTo)) {
    const parent = findMessage(board, root.replyTo);
    if (!parent) break;
    seen.add(parent.id);
    root = parent;
  }
  // Copies of one fan-out share the root's millisecond but not its id order, so compare times, not ids.
  // Only what was written since the root is read: the mailboxes' older days and files are skipped by name.
  const since = idTime(root.id);
  const after = since > 0 ? lastIdAt('m', since - 1) : undefined;
  const all = listMessages(board, { limit: 0, after }).messages.filter((m) => idTime(m.id) >= since);
  const members = new Set([root.id]);
  const batches = new Set(root.batch ? [root.batch] : []);
  for (let grew = true; grew; ) {
    grew = false;
    for (const message of all) {
      if (members.has(message.id)) continue;
      const joins =
        (message.replyTo && members.has(message.replyTo)) || (message.batch && batches.has(message.batch));
      if (!joins) continue;
      members.add(message.id);
      if (message.batch) batches.add(message.batch);
      grew = true;
    }
  }
  return { messages: all.filter((m) => members.has(m.id)), problems };
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
