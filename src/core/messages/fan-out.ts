// A fan-out (one send to several agents) is stored as one copy per recipient sharing a `batch` id; shown, it is one
// message addressed to all of them.
import type { Message } from './message.js';

/** A message as shown: a fan-out's copies folded into one, `to` naming every recipient. */
export interface FoldedMessage {
  /** The smallest id among the copies (any copy's id leads to it). */
  id: string;
  from: string;
  to: string[];
  at: string;
  subject?: string;
  replyTo?: string;
  batch?: string;
  body: string;
}

/** The key the copies of one fan-out share (a message sent to one agent is its own). */
export function fanOutKey(message: Pick<Message, 'id' | 'batch'>): string {
  return message.batch ? `b:${message.batch}` : message.id;
}

/** The copies of each fan-out folded into one message addressed to all its recipients; oldest first. */
export function foldFanOuts(messages: readonly Message[]): FoldedMessage[] {
  const byKey = new Map<string, FoldedMessage>();
  for (const message of messages) {
    const key = fanOutKey(message);
    const known = byKey.get(key);
    if (known) {
      if (!known.to.includes(message.to)) known.to.push(message.to);
      if (message.id < known.id) known.id = message.id;
      continue;
    }
    byKey.set(key, {
      id: message.id,
      from: message.from,
      to: [message.to],
      at: message.at,
      subject: message.subject,
      replyTo: message.replyTo,
      batch: message.batch,
      body: message.body,
    });
  }
  return [...byKey.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
