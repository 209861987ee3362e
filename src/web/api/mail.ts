// The mail endpoints: every thread on the board (a fan-out shown once), one thread, the person's inbox — both in pages
// of PAGE_SIZE with the person's unread marked — the agents a recipient may be, and sending as the person.
import { listAgents } from '../../core/agents/registry.js';
import { type Board, boardPath } from '../../core/board/open-board.js';
import { cut } from '../../core/display/cut.js';
import { deliveryFields } from '../../core/display/delivery.js';
import { deliveryById } from '../../core/messages/delivery-status.js';
import { foldFanOuts as foldCopies } from '../../core/messages/fan-out.js';
import { MESSAGES_DIR, type Message } from '../../core/messages/message.js';
import { listMessages, readThread, unreadIds as unreadOf } from '../../core/messages/read.js';
import { sendMessage } from '../../core/messages/send.js';
import { spoolDir } from '../../core/messages/spool.js';
import { isId } from '../../core/store/ids.js';
import type {
  AgentsJson,
  InboxJson,
  MailJson,
  MessageJson,
  SendResultJson,
  ThreadJson,
  ThreadSummary,
} from '../api-types.js';
import { type Changes, NO_CHANGES } from '../change-count.js';
import { folderStamp, Memo } from './folder-stamp.js';
import { ApiRefusal, stringField } from './json.js';
import { windowMessages } from './mail-window.js';
import { plainText } from './plain-text.js';
import type { ApiContext, Endpoint } from './router.js';
import { problemLines } from './shared.js';

/** The mail view reads the newest this many message files: its cost stays flat on a board of 100,000 messages. */
export const MAIL_WINDOW = 2000;
const PREVIEW_CHARS = 160;
/** Threads or messages per page (`?limit=` asks for fewer or more, up to PAGE_MAX). */
export const PAGE_SIZE = 200;
const PAGE_MAX = 1000;

export const mailEndpoints: Endpoint[] = [
  {
    method: 'GET',
    path: /^\/mail$/,
    handle: ({ board, person, query, changes }) =>
      mailPage(board, person, pageLimit(query), query.get('after') ?? undefined, changes),
  },
  { method: 'GET', path: /^\/threads\/([^/]+)$/, handle: ({ board, params }) => thread(board, params[0]!) },
  {
    method: 'GET',
    path: /^\/inbox$/,
    handle: ({ board, person, query, changes }) =>
      inbox(board, person, pageLimit(query), query.get('before') ?? undefined, changes),
  },
  { method: 'POST', path: /^\/messages$/, handle: send },
  { method: 'GET', path: /^\/agents$/, handle: ({ board }) => agents(board) },
];

/** The agents the board knows (registered, with a mailbox, or seen sending): what a recipient field completes. */
function agents(board: Board): AgentsJson {
  const { agents: all, problems } = listAgents(board);
  return {
    agents: all.map((agent) => ({
      name: agent.name,
      registered: agent.registered,
      lastSeen: agent.lastSeen,
    })),
    problems: problemLines(problems),
  };
}

/** The copies of each fan-out folded into one message addressed to all its recipients; oldest first. */
export function foldFanOuts(messages: Message[]): MessageJson[] {
  return foldCopies(messages);
}

function pageLimit(query: URLSearchParams): number {
  const raw = query.get('limit');
  if (raw === null) return PAGE_SIZE;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > PAGE_MAX) {
    throw new ApiRefusal(400, 'invalid_input', `limit must be a whole number from 1 to ${PAGE_MAX}`);
  }
  return n;
}

/** Where a thread sorts in the list (newest activity first): the cursor `after` names the last one of a page. */
function threadCursor(thread: ThreadSummary): string {
  return `${thread.latest}|${thread.id}`;
}

// The thread list of the newest MAIL_WINDOW messages costs a read of thousands of files; it is kept while the
// mailboxes (their day folders) and the person's delivery queue are unchanged, and the board watcher has reported no
// change to messages (`changes`: an edit in place changes no folder).
const threadMemo = new Memo<ReturnType<typeof mailThreads>>();

function memoThreads(board: Board, person: string, changes: Changes): ReturnType<typeof mailThreads> {
  const folders = folderStamp(
    [boardPath(board, MESSAGES_DIR), spoolDir(board, person, 'new'), spoolDir(board, person, 'claimed')],
    2,
  );
  const stamp = `${folders}\n${changes.of('messages')}`;
  return threadMemo.get(`${board.root}\0${person}`, stamp, () => mailThreads(board, person, changes));
}

/** One page of {@link mailThreads}: the `limit` threads after the cursor `after` (from the top without one). */
export function mailPage(
  board: Board,
  person: string,
  limit: number,
  after?: string,
  changes: Changes = NO_CHANGES,
): MailJson {
  const all = memoThreads(board, person, changes);
  let start = 0;
  if (after !== undefined) {
    const [latest = '', id = ''] = after.split('|');
    if (!latest || !id)
      throw new ApiRefusal(400, 'invalid_input', 'after must be a cursor the mail list gave');
    // The first thread that sorts after the cursor: a thread that moved up since is on an earlier page now.
    start = all.threads.findIndex((th) => th.latest < latest || (th.latest === latest && th.id < id));
    if (start < 0) start = all.threads.length;
  }
  const threads = all.threads.slice(start, start + limit);
  const last = threads[threads.length - 1];
  return {
    threads,
    total: all.threads.length,
    unread: all.unread,
    next: last && start + limit < all.threads.length ? threadCursor(last) : undefined,
    problems: all.problems,
  };
}

/**
 * Every thread among the newest MAIL_WINDOW messages, newest activity first; a fan-out counts once. A thread holding
 * a message to `person` not yet delivered (read) is marked with how many.
 */
export function mailThreads(
  board: Board,
  person: string,
  changes: Changes = NO_CHANGES,
): MailJson & { unread: number; recipients: Map<string, string[]> } {
  const { messages, problems } = windowMessages(board, MAIL_WINDOW, changes);
  const folded = foldFanOuts(messages);
  // Any copy's id leads to its folded message, so a reply to one copy of a fan-out joins the fan-out's thread.
  const byId = new Map<string, MessageJson>();
  const byBatch = new Map<string, MessageJson>();
  for (const message of folded) {
    byId.set(message.id, message);
    if (message.batch) byBatch.set(message.batch, message);
  }
  for (const message of messages) {
    const folding = message.batch ? byBatch.get(message.batch) : undefined;
    if (folding) byId.set(message.id, folding);
  }
  const rootOf = (message: MessageJson): MessageJson => {
    let at = message;
    const seen = new Set<string>([at.id]);
    while (at.replyTo) {
      const parent = byId.get(at.replyTo);
      if (!parent || seen.has(parent.id)) break;
      seen.add(parent.id);
      at = parent;
    }
    return at;
  };
  const threads = new Map<string, { root: MessageJson; members: MessageJson[] }>();
  for (const message of folded) {
    const root = rootOf(message);
    const thread = threads.get(root.id);
    if (thread) thread.members.push(message);
    else threads.set(root.id, { root, members: [message] });
  }
  // The person's unread copies, by the thread they are in.
  const unreadIds = new Set(unreadOf(board, person));
  const unreadIn = new Map<string, number>();
  for (const message of messages) {
    if (message.to !== person || !unreadIds.has(message.id)) continue;
    const folding = byId.get(message.id);
    if (!folding) continue;
    const root = rootOf(folding).id;
    unreadIn.set(root, (unreadIn.get(root) ?? 0) + 1);
  }
  const summaries: ThreadSummary[] = [...threads.values()].map(({ root, members }) => {
    const latest = members[members.length - 1]!;
    const participants = new Set<string>();
    for (const member of members) {
      participants.add(member.from);
      for (const to of member.to) participants.add(to);
    }
    return {
      id: root.id,
      subject: root.subject ?? firstLine(root.body),
      participants: [...participants],
      count: members.length,
      latest: latest.at,
      preview: firstLine(latest.body),
      latestFrom: latest.from,
      ...(unreadIn.has(root.id) ? { unread: unreadIn.get(root.id) } : {}),
    };
  });
  summaries.sort((a, b) => (a.latest < b.latest ? 1 : a.latest > b.latest ? -1 : a.id < b.id ? 1 : -1));
  return {
    threads: summaries,
    total: summaries.length,
    unread: summaries.filter((th) => th.unread).length,
    problems: problemLines(problems),
    // Every recipient of each fan-out in the window (the person's inbox holds only the person's copy).
    recipients: new Map([...byBatch].map(([batch, message]) => [batch, message.to])),
  };
}

function thread(board: Board, id: string): ThreadJson {
  const { messages } = readThread(board, id);
  if (messages.length === 0) throw new ApiRefusal(404, 'not_found', `no message ${id} on this board`);
  const folded = foldFanOuts(messages);
  // Each copy's delivery, on its folded message in the order of `to` (derived from receipts and queues: see core).
  const delivery = deliveryById(board, messages);
  const now = board.clock();
  const copies = new Map<string, Message[]>();
  for (const message of messages) {
    const key = message.batch ? `b:${message.batch}` : message.id;
    copies.set(key, [...(copies.get(key) ?? []), message]);
  }
  for (const message of folded) {
    const mine = copies.get(message.batch ? `b:${message.batch}` : message.id) ?? [];
    message.delivery = message.to.flatMap((to) => {
      const status = delivery.get(mine.find((copy) => copy.to === to)?.id ?? '');
      return status ? [deliveryFields(status, now)] : [];
    });
  }
  const root = folded[0]!;
  return { id: root.id, subject: root.subject ?? firstLine(root.body), messages: folded };
}

/** The person's messages, newest first: `limit` of them before the id `before` (the newest without one). */
function inbox(
  board: Board,
  person: string,
  limit: number,
  before: string | undefined,
  changes: Changes,
): InboxJson {
  if (before !== undefined && !isId(before, 'm')) {
    throw new ApiRefusal(400, 'invalid_input', 'before must be a message id (m-…)');
  }
  // One more than asked: whether there is a next page.
  const listed = listMessages(board, { agent: person, limit: limit + 1, before }).messages;
  const more = listed.length > limit;
  const mine = foldFanOuts(more ? listed.slice(1) : listed);
  const unread = new Set(unreadOf(board, person));
  for (const message of mine) if (unread.has(message.id)) message.unread = true;
  // The person's copy of a fan-out names only the person: the other copies (in the mail window) name the rest.
  if (mine.some((message) => message.batch)) {
    const { recipients } = memoThreads(board, person, changes);
    for (const message of mine) {
      const all = message.batch ? recipients.get(message.batch) : undefined;
      if (all) message.to = [...all];
    }
  }
  mine.reverse();
  return {
    person,
    messages: mine,
    unread: unread.size,
    next: more ? mine[mine.length - 1]?.id : undefined,
  };
}

function send({ board, body, person }: ApiContext): SendResultJson {
  const raw = body.to;
  const to =
    typeof raw === 'string'
      ? raw.split(',')
      : Array.isArray(raw) && raw.every((name) => typeof name === 'string')
        ? (raw as string[])
        : undefined;
  if (!to) throw new ApiRefusal(400, 'invalid_input', '"to" must be a list of agent names');
  const names = to.map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw new ApiRefusal(400, 'invalid_input', '"to" names no agent');
  const result = sendMessage(board, {
    as: person,
    to: names,
    body: stringField(body, 'body'),
    subject: stringField(body, 'subject', true),
    replyTo: stringField(body, 'replyTo', true),
  });
  return { sent: result.sent.map(({ id, to: recipient }) => ({ id, to: recipient })) };
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => plainText(l) !== '') ?? '';
  return cut(plainText(line), PREVIEW_CHARS);
}
