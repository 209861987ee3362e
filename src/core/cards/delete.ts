// Deleting a card: the one explicit way a card file goes away (readers never delete, even a broken card).
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import type { CardSummary } from './card.js';
import { parseCardText } from './card-text.js';
import { findCard, loadCardFile, summarize } from './find.js';

/** Deletes one card (taking its lock, so no append is lost half-way). Returns what it was. */
export function deleteCard(board: Board, idOrPrefix: string): CardSummary {
  const file = findCard(board, idOrPrefix);
  return board.store.withLock(file.path, () => {
    const loaded = loadCardFile(board, file);
    // A malformed or unreadable card can still be deleted: the person asked for exactly this file.
    const summary = loaded.ok
      ? loaded.summary
      : summarize(file, { ...parseCardText('', file.id), entries: [] });
    if (!board.store.remove(file.path)) {
      throw new BatonError('not_found', `card ${file.id} was already deleted`);
    }
    return summary;
  });
}
