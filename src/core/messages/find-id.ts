// Message ids as people type them: the full id, or any unique prefix of it (`m-01JDX3`, `01jdx3`), as for cards.
import { type Board, boardPath, requireBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { idTime, isId } from '../store/ids.js';
import type { Problem } from '../store/safe-fs.js';
import { DAY_DIR, dayOf, MESSAGES_DIR, messagePath, readMessageFile } from './message.js';
import { findMessage, listRecipients } from './read.js';
import { MESSAGE_LIMITS } from './send.js';

export interface MessageIdOptions {
  /**
   * When a prefix matches only the copies of one fan-out (they share a millisecond, so a short prefix matches
   * them all), the copy addressed to this agent is meant; else the first copy. Copies of one message are one
   * conversation, so this is never a guess between different messages.
   */
  recipient?: string;
}

const BODY = /^[0-9A-HJKMNP-TV-Z]{1,26}$/;
const TIME_CHARS = 10;
const SHOWN = 10;
// Later than any day folder name (a time past year 9999 has no YYYY-MM-DD form).
const LAST_DAY = '9999-12-31';

/**
 * The full id of the one message `input` names: a full id (`m-` optional, any case) or a unique prefix of one.
 * Throws `invalid_input` for something that cannot be a message id (a card id says to use `baton card read`),
 * then `no_board` when there is no board, `not_found` when nothing matches, `ambiguous` listing the candidates.
 * A full id costs one lookup per mailbox; a prefix, a listing of the day folders its time part allows (message
 * files are read only when several ids match, and at most as many as a fan-out can have copies).
 */
export function resolveMessageId(board: Board, input: string, options: MessageIdOptions = {}): string {
  const prefix = normalize(input);
  const notFound = () =>
    new BatonError('not_found', `no message ${prefix} on ${board.root} — see \`baton inbox\` for ids`);
  requireBoard(board);
  if (prefix.length === 28) {
    if (findMessage(board, prefix)) return prefix;
    throw notFound();
  }
  const matches = matchingCopies(board, prefix);
  if (matches.length === 0) throw notFound();
  if (matches.length === 1) return matches[0]!.id;
  // More matches than a fan-out has copies cannot all be one message: no need to read them to know that.
  const read = matches
    .slice(0, matches.length > MESSAGE_LIMITS.recipients ? SHOWN : undefined)
    .map((copy) => {
      const file = readMessageFile(board.store, messagePath(board, copy.to, copy.id));
      return {
        ...copy,
        from: file.ok ? file.message.from : '?',
        batch: file.ok ? file.message.batch : undefined,
      };
    });
  const batch = read[0]!.batch;
  if (batch && read.length === matches.length && read.every((copy) => copy.batch === batch)) {
    return (read.find((copy) => copy.to === options.recipient) ?? read[0]!).id;
  }
  const shown = read
    .slice(0, SHOWN)
    .map((copy) => `${copy.id} (${copy.from} → ${copy.to})`)
    .join(', ');
  throw new BatonError(
    'ambiguous',
    `message id ${prefix} is ambiguous: it matches ${matches.length} messages: ${shown}${matches.length > SHOWN ? ', …' : ''} — give more of the id`,
  );
}

/** `m-` + the upper-cased id characters; anything else is refused with what an id looks like. */
function normalize(input: string): string {
  const trimmed = input.trim();
  if (/^c-[0-9A-Z]/i.test(trimmed)) {
    throw new BatonError(
      'invalid_input',
      `${trimmed} is a card, not a message — use \`baton card read ${trimmed}\``,
    );
  }
  const body = trimmed.replace(/^m-/i, '').toUpperCase();
  if (!BODY.test(body)) {
    throw new BatonError(
      'invalid_input',
      `malformed message id ${JSON.stringify(input)} — ids look like m-01JDX3K9ZQ7W8R2N4V6B… (see \`baton inbox\`)`,
    );
  }
  return `m-${body}`;
}

// Every message file whose id starts with `prefix`, in the day folders the prefix's time part allows.
function matchingCopies(board: Board, prefix: string): { id: string; to: string }[] {
  const time = prefix.slice(2, 2 + TIME_CHARS);
  const firstDay = dayOf(`m-${time.padEnd(TIME_CHARS, '0')}`);
  const latest = `m-${time.padEnd(TIME_CHARS, 'Z')}`;
  const lastDay = idTime(latest) >= Date.parse(`${LAST_DAY}T00:00:00Z`) ? LAST_DAY : dayOf(latest);
  const ignored: Problem[] = [];
  const out: { id: string; to: string }[] = [];
  for (const to of listRecipients(board, ignored)) {
    const mailbox = boardPath(board, MESSAGES_DIR, to);
    for (const { name: day, kind } of board.store.list(mailbox, ignored)) {
      if (!DAY_DIR.test(day) || day < firstDay || day > lastDay) continue;
      if (kind !== 'dir') continue;
      for (const { name } of board.store.list(`${mailbox}/${day}`, ignored)) {
        const id = name.endsWith('.md') ? name.slice(0, -3) : '';
        if (id.startsWith(prefix) && isId(id, 'm')) out.push({ id, to });
      }
    }
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
