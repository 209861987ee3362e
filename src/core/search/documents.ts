// What the search index holds of each record: a note (handoff or result), a card with its entries, a message (a
// fan-out's copies folded into one) — title, text and names, capped, so a huge or hostile file costs no more than
// its cap.
import type { CardEntry, CardSummary } from '../cards/card.js';
import type { FoldedMessage } from '../messages/fan-out.js';
import type { NoteRecord } from '../notes/note.js';

/** What a search finds: a handoff note, a result note, a card, a message. */
export const SEARCH_TYPES = ['note', 'result', 'card', 'message'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export function isSearchType(value: string): value is SearchType {
  return (SEARCH_TYPES as readonly string[]).includes(value);
}

/** The longest query taken, in characters. */
export const MAX_QUERY = 200;

/** One searchable record. */
export interface SearchDocument {
  /** Unique in the index: the note's or card's file, the message's fan-out. */
  key: string;
  type: SearchType;
  /** The record's id (a fan-out: its first copy's). */
  id: string;
  title: string;
  /** Markdown: the note's body, the card's entries, the message's body; at most TEXT_CHARS. */
  text: string;
  /** Who: a note's agent and harness, a card's author and the entries' authors, a message's sender and recipients. */
  names: string;
  at: string;
  /** A note's project key (the folder it lies in); cards and messages belong to no project. */
  project?: string;
}

/** Characters of a record's text that are indexed and shown from (a result's deliverable may be 4 MiB). */
export const TEXT_CHARS = 64 * 1024;
const TITLE_CHARS = 300;
const NAMES_CHARS = 1_000;

export function noteDocument(note: NoteRecord): SearchDocument {
  const type = note.kind === 'result' ? 'result' : 'note';
  const text = type === 'result' && note.task ? `${note.task}\n\n${note.body}` : note.body;
  return {
    key: note.path,
    type,
    id: note.id,
    title: capped(note.title, TITLE_CHARS),
    text: cappedText(text),
    names: capped(`${note.agent} ${note.harness}`, NAMES_CHARS),
    at: note.createdAt,
    project: note.projectKey,
  };
}

export function cardDocument(card: CardSummary, entries: readonly CardEntry[]): SearchDocument {
  const authors = new Set([card.createdBy, ...entries.map((entry) => entry.author)]);
  return {
    key: card.path,
    type: 'card',
    id: card.id,
    title: capped(card.title, TITLE_CHARS),
    text: cappedText(entries.map((entry) => entry.body.trim()).join('\n\n')),
    names: capped([...authors].join(' '), NAMES_CHARS),
    at: card.lastActivity,
  };
}

/** `key`: the fan-out's (fan-out.ts's fanOutKey). */
export function messageDocument(key: string, message: FoldedMessage): SearchDocument {
  return {
    key: `message:${key}`,
    type: 'message',
    id: message.id,
    title: capped(message.subject ?? `${message.from} → ${message.to.join(', ')}`, TITLE_CHARS),
    text: cappedText(message.body),
    names: capped(`${message.from} ${message.to.join(' ')}`, NAMES_CHARS),
    at: message.at,
  };
}

function capped(text: string, chars: number): string {
  return text.length > chars ? text.slice(0, chars) : text;
}

// Cut at the last line break before the cap, so the last line shown is whole.
function cappedText(text: string): string {
  if (text.length <= TEXT_CHARS) return text;
  const end = text.lastIndexOf('\n', TEXT_CHARS);
  return text.slice(0, end > TEXT_CHARS / 2 ? end : TEXT_CHARS);
}
