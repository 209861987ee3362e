// Creating a card: validate, redact the title (before it becomes a file name), write the file atomically.
// The free text (title, entry body) goes through the redactor; the author's name is refused when it looks like a
// credential (it would not match itself once redacted). Ids and times are baton's own, so writeRecord (which
// redacts every field) is not used here.
import { actingAs } from '../agents/acting-as.js';
import { type Board, boardPath, ensureBoard } from '../board/open-board.js';
import { formatRecord } from '../store/front-matter.js';
import { newId } from '../store/ids.js';
import { redactText, validateStoredName } from '../store/records.js';
import {
  CARDS_DIR,
  type CardEntry,
  type CardSummary,
  cardFileName,
  slugify,
  validateBody,
  validateEntryType,
  validateTitle,
} from './card.js';
import { renderEntry } from './card-text.js';

/** What {@link createCard} creates. */
export interface CreateCardOptions {
  /** One line, at most `CARD_LIMITS.title` characters; the card's file name is made from it. */
  title: string;
  /** The agent (or `you`) creating the card. */
  as: string;
  /** A first entry, written in the same atomic write (two-phase "new card" replies use it). Author: `as`. */
  entry?: { type: string; body: string };
}

/** {@link CreateCardOptions} with the creator's old name, `by`. @deprecated Use {@link CreateCardOptions} (`as`). */
export type CreateCardOptionsBy = Omit<CreateCardOptions, 'as'> & {
  /** @deprecated The old name of `as`. */
  by: string;
};

/** What {@link createCard} wrote. */

export interface CreateCardResult {
  card: CardSummary;
  /** Present when `entry` was given. */
  entry?: CardEntry;
  /** Credential spans replaced in the title (and first entry). */
  redacted: number;
}

/** Creates a card. Nothing is written (not even the board) unless the title, author and entry are valid. */
export function createCard(board: Board, options: CreateCardOptions): CreateCardResult;
/** @deprecated Name the creator `as` (`by` is its old name). */
export function createCard(board: Board, options: CreateCardOptionsBy): CreateCardResult;
export function createCard(board: Board, options: CreateCardOptions | CreateCardOptionsBy): CreateCardResult {
  const by = validateStoredName(board, 'agent', actingAs(options, 'by') as string);
  // Redact first: the slug comes from the title, and a secret must not reach the file name either.
  const title = redactText(board, validateTitle(options.title));
  const first = options.entry && {
    type: validateEntryType(options.entry.type),
    body: redactText(board, validateBody(options.entry.body)),
  };
  ensureBoard(board);
  const now = board.clock();
  const id = newId('c', now);
  const slug = slugify(title.value);
  const path = boardPath(board, CARDS_DIR, cardFileName(id, slug));
  const createdAt = new Date(now).toISOString();
  const entry: CardEntry | undefined = first && {
    id: newId('e', now),
    type: first.type,
    author: by,
    at: createdAt,
    body: first.body.value,
  };
  const fields = { id, title: title.value, created_by: by, created_at: createdAt };
  board.store.write(path, formatRecord(fields, entry ? renderEntry(entry) : ''));
  const card: CardSummary = {
    id,
    title: title.value,
    slug,
    createdBy: by,
    createdAt,
    lastActivity: createdAt,
    entries: entry ? 1 : 0,
    path,
  };
  return { card, entry, redacted: title.redacted + (first?.body.redacted ?? 0) };
}
