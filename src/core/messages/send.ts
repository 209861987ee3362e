// Sending: validate everything first, then one queued marker and one record per recipient.
import { actingAs } from '../agents/acting-as.js';
import { markSeen } from '../agents/seen.js';
import { readGitInfo } from '../board/git.js';
import { type Board, ensureBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { newId } from '../store/ids.js';
import { canonicalName } from '../store/names.js';
import { validateStoredName, writeRecord } from '../store/records.js';
import { messagePath, requireMessageId } from './message.js';
import { findMessage } from './read.js';
import { enqueue } from './spool.js';

/** The most a message may hold: characters of its body and subject, and recipients of one send. */
export const MESSAGE_LIMITS = { body: 8000, subject: 120, recipients: 50 } as const;

/** What {@link sendMessage} sends. */
export interface SendOptions {
  /** The sending agent: a name (the one `--as` gives on the command line), case-folded. */
  as: string;
  /** One recipient, or several (a fan-out: one copy each, sharing a `batch` id). At most `MESSAGE_LIMITS.recipients`. */
  to: string | string[];
  /** The text, at most `MESSAGE_LIMITS.body` characters; credentials in it are replaced before it is stored. */
  body: string;
  /** A one-line subject, at most `MESSAGE_LIMITS.subject` characters. */
  subject?: string;
  /** Id of the message this one answers (it must exist on the board). */
  replyTo?: string;
}

/** {@link SendOptions} with the sender's old name, `from`. @deprecated Use {@link SendOptions} (`as`). */
export type SendOptionsFrom = Omit<SendOptions, 'as'> & {
  /** @deprecated The old name of `as`. */
  from: string;
};

/** What {@link sendMessage} wrote. */

export interface SendResult {
  board: string;
  /** One per recipient, in the order given. */
  sent: { id: string; to: string; path: string }[];
  /** Shared by the copies of a fan-out (more than one recipient). */
  batch?: string;
  /** Credential spans replaced before storing (per copy). */
  redacted: number;
  redactedKinds: string[];
}

/**
 * Sends a message to one or more agents: one file per recipient, queued for delivery. Nothing is written unless
 * every argument is valid (else a `BatonError`: `invalid_name`, `invalid_input`, `too_large`, `not_found` for a
 * `replyTo` that is not on the board). Creates the board folder when it does not exist yet.
 */
export function sendMessage(board: Board, options: SendOptions): SendResult;
/** @deprecated Name the sender `as` (`from` is its old name). */
export function sendMessage(board: Board, options: SendOptionsFrom): SendResult;
export function sendMessage(board: Board, options: SendOptions | SendOptionsFrom): SendResult {
  const from = validateStoredName(board, 'agent', actingAs(options, 'from') as string);
  const to = [
    ...new Set(validateRecipients(options.to).map((name) => validateStoredName(board, 'agent', name))),
  ];
  const body = `${validateBody(options.body)}\n`;
  const subject = validateSubject(options.subject);
  const replyTo = options.replyTo === undefined ? undefined : validateReplyTo(board, options.replyTo);

  ensureBoard(board);
  const now = board.clock();
  const batch = to.length > 1 ? newId('b', now) : undefined;
  const rev = readGitInfo(board.cwd)?.rev;
  const at = new Date(now).toISOString();
  const sent: SendResult['sent'] = [];
  let redacted = 0;
  let kinds: string[] = [];
  for (const recipient of to) {
    const id = newId('m', now);
    const path = messagePath(board, recipient, id);
    enqueue(board, recipient, id);
    const written = writeRecord(
      board,
      path,
      { id, from, to: recipient, at, subject, replyTo, batch, rev },
      body,
    );
    redacted = written.redacted;
    kinds = written.kinds;
    sent.push({ id, to: recipient, path });
  }
  markSeen(board, from);
  return { board: board.root, sent, batch, redacted, redactedKinds: kinds };
}

function validateRecipients(to: unknown): string[] {
  const list = typeof to === 'string' ? [to] : to;
  if (!Array.isArray(list) || !list.every((name) => typeof name === 'string')) {
    throw new BatonError('invalid_input', '"to" must be an agent name or a list of agent names');
  }
  const names = list.map((name) => name.trim()).filter((name) => name !== '');
  const distinct = new Set(names.map((name) => canonicalName('agent', name))).size;
  if (names.length === 0)
    throw new BatonError('invalid_input', 'no recipient — pass --to <agent>[,<agent>…]');
  if (distinct > MESSAGE_LIMITS.recipients) {
    throw new BatonError(
      'too_large',
      `too many recipients: ${distinct} (at most ${MESSAGE_LIMITS.recipients}) — split the list`,
    );
  }
  return names;
}

// Trailing whitespace is dropped before counting, so `print()`'s newline after 8,000 characters still fits.
function validateBody(text: unknown): string {
  if (typeof text !== 'string') throw new BatonError('invalid_input', '"body" must be text');
  const body = text.replace(/\s+$/, '');
  if (body.trim() === '')
    throw new BatonError('invalid_input', 'empty body — pass --body <text> or pipe it on stdin');
  const length = [...body].length;
  if (length > MESSAGE_LIMITS.body) {
    throw new BatonError(
      'too_large',
      `body too long: ${length} characters (at most ${MESSAGE_LIMITS.body}) — put the detail in a card or note and send its id`,
    );
  }
  return body;
}

function validateSubject(subject: unknown): string | undefined {
  if (subject === undefined || subject === '') return undefined;
  if (typeof subject !== 'string') throw new BatonError('invalid_input', '"subject" must be text');
  if (/[\r\n]/.test(subject)) throw new BatonError('invalid_input', 'subject must be one line');
  const length = [...subject].length;
  if (length > MESSAGE_LIMITS.subject) {
    throw new BatonError(
      'too_large',
      `subject too long: ${length} characters (at most ${MESSAGE_LIMITS.subject})`,
    );
  }
  return subject;
}

function validateReplyTo(board: Board, id: string): string {
  requireMessageId(id);
  if (!board.exists || !findMessage(board, id)) {
    throw new BatonError(
      'not_found',
      `no message ${id} on ${board.root} — check the id with \`baton inbox\``,
    );
  }
  return id;
}
