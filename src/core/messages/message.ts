// A message record: its fields, where its file lives, and how a file becomes a Message.
import { type Board, boardPath } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { idTime, isId } from '../store/ids.js';
import { readRecordFile } from '../store/safe-fs.js';

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

/** Reads one message file; anything that is not a well-formed message comes back with the reason. */
export function readMessageFile(path: string): MessageRead {
  const record = readRecordFile(path, 64 * 1024);
  if (!record.ok) return record;
  const f = record.fields;
  for (const key of ['id', 'from', 'to', 'at'] as const) {
    if (typeof f[key] !== 'string' || f[key] === '')
      return { ok: false, missing: false, reason: `missing "${key}"` };
  }
  if (!isId(f.id as string, 'm')) return { ok: false, missing: false, reason: 'malformed "id"' };
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
