// What a card is: its types, limits, file name (`cards/c-<id>-<slug>.md`) and the title rules.
import { BatonError } from '../errors.js';

/** Entry types are labels, not logic: no type changes what a card does. */
export const ENTRY_TYPES = ['note', 'finding', 'question', 'answer'] as const;
/** One of `ENTRY_TYPES`. */
export type EntryType = (typeof ENTRY_TYPES)[number];

/** A card's identity and activity, without its entries. */
export interface CardSummary {
  id: string;
  title: string;
  slug: string;
  createdBy: string;
  createdAt: string;
  /** The newest entry's time, or `createdAt` when the card has no entries. */
  lastActivity: string;
  entries: number;
  /** Absolute path of the card file. */
  path: string;
}

/** One entry of a card: a typed, authored, timestamped paragraph. */
export interface CardEntry {
  id: string;
  type: EntryType;
  author: string;
  at: string;
  body: string;
}

/** The most a card may hold: characters of its title and of one entry, bytes of its file. */
export const CARD_LIMITS = {
  /** Characters in a title. */
  title: 200,
  /** Characters in one entry body. */
  body: 20_000,
  /** Bytes in one card file; appends beyond it are refused (start a new card). */
  fileBytes: 4 * 1024 * 1024,
} as const;

export const CARDS_DIR = 'cards';
/** The slug used when a title has no ASCII letters or digits (emoji, CJK, punctuation only). */
export const FALLBACK_SLUG = 'card';

const SLUG_CHARS = 60;
const ID_BODY = '[0-9A-HJKMNP-TV-Z]{26}';
/** `c-<26 chars>-<slug>.md`; the slug is what `slugify` makes (lowercase ASCII letters, digits, dashes). */
export const CARD_FILE = new RegExp(`^(c-${ID_BODY})-([a-z0-9]+(?:-[a-z0-9]+)*)\\.md$`);

export function cardFileName(id: string, slug: string): string {
  return `${id}-${slug}.md`;
}

export function isEntryType(value: string): value is EntryType {
  return (ENTRY_TYPES as readonly string[]).includes(value);
}

export function validateEntryType(value: string): EntryType {
  if (isEntryType(value)) return value;
  throw new BatonError(
    'invalid_input',
    `unknown entry type ${JSON.stringify(value)} — use one of ${ENTRY_TYPES.join(', ')}`,
  );
}

/**
 * The file-name slug of a title: ASCII letters and digits (accents folded), other runs become one dash, at most
 * 60 characters. A title with none of those (emoji, CJK, punctuation only) gets `card`: the title itself is
 * kept as written in the front matter, and the id alone finds the card.
 */
export function slugify(title: string): string {
  const folded = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const slug = folded
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!slug) return FALLBACK_SLUG;
  if (slug.length <= SLUG_CHARS) return slug;
  const cut = slug.slice(0, SLUG_CHARS);
  const dash = cut.lastIndexOf('-');
  return (dash > SLUG_CHARS / 2 ? cut.slice(0, dash) : cut).replace(/-+$/, '');
}

/** A title is one non-empty line of at most 200 characters; returns it trimmed. */
export function validateTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') {
    throw new BatonError('invalid_input', 'empty card title — pass one: baton card new "<title>"');
  }
  const length = [...trimmed].length;
  if (length > CARD_LIMITS.title) {
    throw new BatonError(
      'too_large',
      `card title too long: ${length} characters (at most ${CARD_LIMITS.title}) — keep the title short and put the detail in an entry`,
    );
  }
  if (/[\r\n]/.test(trimmed)) throw new BatonError('invalid_input', 'card title must be one line');
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw new BatonError('invalid_input', 'card title must not contain control characters');
  }
  return trimmed;
}

/** An entry body: not blank, at most 20,000 characters; returns it without leading blank lines or trailing space. */
export function validateBody(body: string): string {
  const normalized = normalizeBody(body);
  if (normalized === '') {
    throw new BatonError('invalid_input', 'empty entry body — pass --body <text> or pipe it on stdin');
  }
  const length = [...normalized].length;
  if (length > CARD_LIMITS.body) {
    throw new BatonError(
      'too_large',
      `entry body too long: ${length} characters (at most ${CARD_LIMITS.body}) — split it into several entries`,
    );
  }
  return normalized;
}

/** Bodies are stored without leading blank lines and without trailing whitespace; reading gives the same back. */
export function normalizeBody(body: string): string {
  return body.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '');
}
