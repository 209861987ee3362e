// Appending an entry: under the card's lock, read, check, append, write atomically — never lost, never interleaved.
import { actingAs } from '../agents/acting-as.js';
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { idTime, newId } from '../store/ids.js';
import { redactText, validateStoredName } from '../store/records.js';
import { CARD_LIMITS, type CardEntry, type CardSummary, validateBody, validateEntryType } from './card.js';
import { appendEntryText } from './card-text.js';
import { findCard, loadCardFile, summarize } from './find.js';

/** The entry {@link appendEntry} appends. */
export interface AppendEntryOptions {
  /** One of `ENTRY_TYPES` (a label). */
  type: string;
  /** The agent (or `you`) writing the entry: its author. */
  as: string;
  /** The entry's text, at most `CARD_LIMITS.body` characters; credentials in it are replaced. */
  body: string;
}

/** {@link AppendEntryOptions} with the author's old name. @deprecated Use {@link AppendEntryOptions} (`as`). */
export type AppendEntryOptionsAuthor = Omit<AppendEntryOptions, 'as'> & {
  /** @deprecated The old name of `as`. */
  author: string;
};

/** What {@link appendEntry} wrote. */

export interface AppendEntryResult {
  card: CardSummary;
  entry: CardEntry;
  /** Credential spans replaced in the body. */
  redacted: number;
}

/**
 * Appends one entry to a card. The entry id sorts after every entry already in the file, so file order is
 * commit order is id order. A card edited by hand into something unparsable is refused (`corrupt`), untouched.
 */
export function appendEntry(board: Board, idOrPrefix: string, options: AppendEntryOptions): AppendEntryResult;
/** @deprecated Name the author `as` (`author` is its old name). */
export function appendEntry(
  board: Board,
  idOrPrefix: string,
  options: AppendEntryOptionsAuthor,
): AppendEntryResult;
export function appendEntry(
  board: Board,
  idOrPrefix: string,
  options: AppendEntryOptions | AppendEntryOptionsAuthor,
): AppendEntryResult {
  const type = validateEntryType(options.type);
  const author = validateStoredName(board, 'agent', actingAs(options, 'author') as string);
  const body = redactText(board, validateBody(options.body));
  const file = findCard(board, idOrPrefix);
  return board.store.withLock(file.path, () => {
    const loaded = loadCardFile(board, file);
    if (!loaded.ok) {
      if (loaded.missing) {
        throw new BatonError(
          'not_found',
          `card ${file.id} was deleted — list cards with \`baton card list\``,
        );
      }
      throw new BatonError('corrupt', `cannot read card ${file.id} (${file.path}): ${loaded.reason}`);
    }
    const { parse } = loaded;
    if (!parse.ok) {
      throw new BatonError(
        'corrupt',
        `card ${file.id} is malformed (${parse.reason}) — nothing was written; fix ${file.path} by hand or start a new card`,
      );
    }
    const now = board.clock();
    const last =
      parse.entries
        .map((e) => e.id)
        .sort()
        .at(-1) ?? '';
    const entry: CardEntry = {
      id: nextEntryId(now, last),
      type,
      author,
      at: new Date(now).toISOString(),
      body: body.value,
    };
    const text = appendEntryText(loaded.text, entry);
    const bytes = Buffer.byteLength(text);
    if (bytes > CARD_LIMITS.fileBytes) {
      throw new BatonError(
        'too_large',
        `card ${file.id} would grow to ${bytes} bytes (at most ${CARD_LIMITS.fileBytes}) — start a new card and mention ${file.id} in it`,
      );
    }
    board.store.write(file.path, text);
    const card = summarize(file, { ...parse, entries: [...parse.entries, entry] });
    return { card, entry, redacted: body.redacted };
  });
}

// Another process (or a clock step back) may have written a later id; never sort before it.
function nextEntryId(now: number, last: string): string {
  const id = newId('e', now);
  if (!last || id > last) return id;
  return newId('e', idTime(last) + 1);
}
