// Cards: topics with an append-only list of entries, one Markdown file each (`cards/c-<id>-<slug>.md`).
export { type AppendEntryOptions, type AppendEntryResult, appendEntry } from './append.js';
export {
  CARD_LIMITS,
  type CardEntry,
  type CardSummary,
  ENTRY_TYPES,
  type EntryType,
  FALLBACK_SLUG,
  isEntryType,
  slugify,
} from './card.js';
export { type CreateCardOptions, type CreateCardResult, createCard } from './create.js';
export { deleteCard } from './delete.js';
export { type CardList, type CardRead, findCard, listCards, readCard } from './find.js';
