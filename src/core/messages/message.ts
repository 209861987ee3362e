// A message record: its fields, where its file lives, and how a file becomes a Message.
import { basename, dirname } from 'node:path';
import { type Board, boardPath } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import type { BoardStore } from '../store/board-store.js';
import { type Fields, parseRecord } from '../store/front-matter.js';
import { idTime, isId } from '../store/ids.js';
import { nameProblem } from '../store/names.js';

/** A message as stored: one file per recipient. */
export interface Message {
  id: string;
  from: string;
  to: string;
  at: string;
  subject?: string;
  replyTo?: string;
  batch?: string;
  rev?: string;
  body: string;
}

export const MESSAGES_DIR = 'messages';
export const DAY_DIR = /^\d{4}-\d{2}-\d{2}$/;

/** Returns `id` when it is a well-formed message id, else throws `invalid_input` showing what one looks like. */
export function requireMessageId(id: string): string {
  if (isId(id, 'm')) return id;
  throw new BatonError(
    'invalid_input',
    `malformed message id ${JSON.stringify(id)} — ids look like m-01JDX3K9ZQ7W8R2N4V6B… (see \`baton inbox\`)`,
  );
}

/** Messages live at `messages/<recipient>/<YYYY-MM-DD>/<id>.md`, the day taken from the id's time (UTC). */
export function dayOf(id: string): string {
  return new Date(idTime(id)).toISOString().slice(0, 10);
}

export function messagePath(board: Board, recipient: string, id: string): string {
  return boardPath(board, MESSAGES_DIR, recipient, dayOf(id), `${id}.md`);
}

export type MessageRead = { ok: true; message: Message } | { ok: false; missing: boolean; reason: string };

/** The largest message file a reader opens: a body of 8,000 characters is at most 32 KB of UTF-8, plus its header. */
export const MESSAGE_FILE_BYTES = 64 * 1024;

/**
 * Reads one message file (`messages/<to>/<day>/<id>.md` in the board's store); anything that is not a well-formed
 * message, or whose id, recipient or day disagrees with where it lies, comes back with the reason. So each id has
 * one place.
 */
export function readMessageFile(store: BoardStore, path: string): MessageRead {
  const text = store.readText(path, MESSAGE_FILE_BYTES);
  if (!text.ok) return text;
  return parseMessageText(text.text, path);
}

/** The same checks on a message's text that did not come from the board's disk (a commit from another machine). */
export function parseMessageText(text: string, path: string): MessageRead {
  const record = parseRecord(text);
  if (!record.ok) return { ok: false, missing: false, reason: record.reason };
  return messageFromRecord(record, path);
}

function messageFromRecord(record: { fields: Fields; body: string }, path: string): MessageRead {
  const f = record.fields;
  for (const key of ['id', 'from', 'to', 'at'] as const) {
    if (typeof f[key] !== 'string' || f[key] === '')
      return { ok: false, missing: false, reason: `missing "${key}"` };
  }
  const fail = (reason: string): MessageRead => ({ ok: false, missing: false, reason });
  const id = f.id as string;
  if (!isId(id, 'm')) return fail('malformed "id"');
  if (`${id}.md` !== basename(path)) return fail(`its id ${id} does not match its file name`);
  if (dayOf(id) !== basename(dirname(path)))
    return fail(`its id ${id} belongs in the day folder ${dayOf(id)}`);
  const mailbox = basename(dirname(dirname(path)));
  if (f.to !== mailbox)
    return fail(`it is addressed to ${JSON.stringify(f.to)} but lies in ${mailbox}'s mailbox`);
  for (const key of ['subject', 'replyTo', 'batch', 'rev'] as const) {
    if (f[key] !== undefined && typeof f[key] !== 'string') return fail(`"${key}" is not text`);
  }
  if (nameProblem('agent', f.from as string)) return fail(`"from" is not an agent name`);
  const optional = (key: string) =>
    typeof f[key] === 'string' && f[key] !== '' ? (f[key] as string) : undefined;
  return {
    ok: true,
    message: {
      id: f.id as string,
      from: f.from as string,
      to: f.to as string,
      at: f.at as string,
      subject: optional('subject'),
      replyTo: optional('replyTo'),
      batch: optional('batch'),
      rev: optional('rev'),
      body: record.body,
    },
  };
}
