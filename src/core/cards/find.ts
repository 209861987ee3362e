// Finding cards: the card files on a board, an id (or prefix) to one file, listing and reading cards.
import { type Board, boardPath } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { isTempName } from '../store/atomic-write.js';
import { idTime } from '../store/ids.js';
import { type Problem, SYMLINK_REASON } from '../store/safe-fs.js';
import { CARD_FILE, CARD_LIMITS, CARDS_DIR, type CardEntry, type CardSummary } from './card.js';
import { type CardParse, parseCardText } from './card-text.js';

export interface CardFile {
  id: string;
  slug: string;
  path: string;
}

/** The board's cards, from {@link listCards}. */
export interface CardList {
  /** Newest activity first. */
  cards: CardSummary[];
  /** Card files that could not be read or parsed; they are skipped, never deleted. */
  problems: Problem[];
}

/** One card with its entries, from {@link readCard}. */
export interface CardRead {
  card: CardSummary;
  /** The file, byte for byte as on disk. */
  text: string;
  entries: CardEntry[];
  /** Set when the file was edited into something baton cannot append to; `card` and `entries` are best effort. */
  problem?: string;
}

const PREFIX = /^c-([0-9A-HJKMNP-TV-Z]{1,26})$/;

/** The card files on the board (regular files with a card name); everything else in `cards/` is a problem. */
export function listCardFiles(board: Board, problems: Problem[] = []): CardFile[] {
  const dir = boardPath(board, CARDS_DIR);
  const files: CardFile[] = [];
  for (const { name, kind } of board.store.list(dir, problems)) {
    // Temp files and `<card>.lock` folders are transient writer state.
    if (isTempName(name) || name.endsWith('.md.lock')) continue;
    const path = `${dir}/${name}`;
    const match = CARD_FILE.exec(name);
    if (match && kind === 'file') files.push({ id: match[1]!, slug: match[2]!, path });
    else if (kind === 'symlink') problems.push({ path, reason: SYMLINK_REASON });
    else problems.push({ path, reason: 'not a card file (cards are cards/c-<id>-<slug>.md)' });
  }
  return files.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The one card an id names. Accepts the full id, a prefix of it (`c-01JDX4`, or without `c-`), or the file
 * name. Throws `invalid_input` for a malformed id, `not_found` and `ambiguous` naming what to do next.
 */
export function findCard(board: Board, idOrPrefix: string): CardFile {
  const prefix = normalizePrefix(idOrPrefix);
  const matches = board.exists ? listCardFiles(board).filter((file) => file.id.startsWith(prefix)) : [];
  const ids = new Set(matches.map((file) => file.id));
  if (ids.size === 1 && matches.length > 1) return oneFileOf(board, matches);
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) {
    throw new BatonError(
      'not_found',
      `no card ${prefix} on ${board.root} — list cards with \`baton card list\``,
    );
  }
  const shown = matches
    .slice(0, 10)
    .map((file) => `${file.id} (${file.slug})`)
    .join(', ');
  throw new BatonError(
    'ambiguous',
    `card id ${prefix} is ambiguous: it matches ${matches.length} cards: ${shown}${matches.length > 10 ? ', …' : ''} — give more of the id`,
  );
}

// Several files carry one card id: the one that is a card wins; junk beside it must not hide it.
function oneFileOf(board: Board, files: CardFile[]): CardFile {
  const good = files.filter((file) => {
    const loaded = loadCardFile(board, file);
    return loaded.ok && loaded.parse.ok;
  });
  if (good.length === 1) return good[0]!;
  throw new BatonError(
    'conflict',
    `${files.length} files carry card id ${files[0]!.id}${good.length === 0 ? ', none of them a well-formed card' : ''}: ${files.map((file) => file.path).join(', ')} — keep one and move the others away`,
  );
}

/** Every readable card, newest activity first; malformed files are reported and skipped. */
export function listCards(board: Board): CardList {
  const problems: Problem[] = [];
  const cards: CardSummary[] = [];
  const seen = new Set<string>();
  for (const file of listCardFiles(board, problems)) {
    const loaded = loadCardFile(board, file);
    if (loaded.ok && loaded.parse.ok) {
      if (seen.has(file.id)) problems.push({ path: file.path, reason: `a second file for card ${file.id}` });
      else cards.push(loaded.summary);
      seen.add(file.id);
    } else if (!loaded.ok) {
      // Deleted between listing and reading: simply gone, not a problem.
      if (!loaded.missing) problems.push({ path: file.path, reason: loaded.reason });
    } else if (!loaded.parse.ok) problems.push({ path: file.path, reason: loaded.parse.reason });
  }
  cards.sort((a, b) => compare(b.lastActivity, a.lastActivity) || compare(b.id, a.id));
  return { cards, problems };
}

/** Reads one card: the file verbatim, its summary and entries. A hand-broken file still comes back, with `problem`. */
export function readCard(board: Board, idOrPrefix: string): CardRead {
  const file = findCard(board, idOrPrefix);
  const loaded = loadCardFile(board, file);
  if (!loaded.ok) {
    if (loaded.missing) throw new BatonError('not_found', `card ${file.id} was just deleted`);
    throw new BatonError('corrupt', `cannot read card ${file.id} (${file.path}): ${loaded.reason}`);
  }
  const read: CardRead = { card: loaded.summary, text: loaded.text, entries: loaded.parse.entries };
  if (!loaded.parse.ok) read.problem = loaded.parse.reason;
  return read;
}

export type LoadedCard =
  | { ok: true; text: string; parse: CardParse; summary: CardSummary }
  | { ok: false; missing: boolean; reason: string };

/** Reads and parses one card file (no symlinks, strict UTF-8, bounded size). */
export function loadCardFile(board: Board, file: CardFile): LoadedCard {
  const read = board.store.readText(file.path, CARD_LIMITS.fileBytes);
  if (!read.ok) return read;
  const parse = parseCardText(read.text, file.id);
  return { ok: true, text: read.text, parse, summary: summarize(file, parse) };
}

export function summarize(file: CardFile, parse: CardParse): CardSummary {
  const createdAt = parse.head.createdAt || new Date(idTime(file.id)).toISOString();
  let lastActivity = createdAt;
  for (const entry of parse.entries) if (entry.at > lastActivity) lastActivity = entry.at;
  return {
    id: file.id,
    title: parse.head.title ?? file.slug,
    slug: file.slug,
    createdBy: parse.head.createdBy ?? '',
    createdAt,
    lastActivity,
    entries: parse.entries.length,
    path: file.path,
  };
}

function normalizePrefix(input: string): string {
  const trimmed = input.trim();
  // A pasted file name (`c-<id>-<slug>.md`) names its card too.
  const fromFile = /^c-([0-9A-Z]{26})(?:-.*)?$/i.exec(trimmed);
  const prefix = `c-${(fromFile ? fromFile[1]! : trimmed.replace(/^c-/i, '')).toUpperCase()}`;
  if (!PREFIX.test(prefix)) {
    throw new BatonError(
      'invalid_input',
      `malformed card id ${JSON.stringify(input)} — card ids look like c-01JDX4K9ZQ… (see \`baton card list\`)`,
    );
  }
  return prefix;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
