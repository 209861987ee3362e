// The search endpoint: one case-insensitive text search over messages, cards (titles and entries) and notes, each
// hit linking to the page's view of it.
import type { Board } from '../../core/board/open-board.js';
import { listCards, readCard } from '../../core/cards/index.js';
import { cut } from '../../core/display/cut.js';
import { listMessages } from '../../core/messages/read.js';
import { listNotes } from '../../core/notes/read.js';
import type { SearchJson } from '../api-types.js';
import { ApiRefusal } from './json.js';
import { foldFanOuts, MAIL_WINDOW } from './mail.js';
import { plainText } from './plain-text.js';
import type { ApiContext, Endpoint } from './router.js';

export const MAX_RESULTS = 100;
const MAX_QUERY = 200;
const SNIPPET_CHARS = 160;

type Result = SearchJson['results'][number];

export const searchEndpoints: Endpoint[] = [{ method: 'GET', path: /^\/search$/, handle: search }];

function search({ board, query }: ApiContext): SearchJson {
  const q = (query.get('q') ?? '').trim();
  if (q === '') throw new ApiRefusal(400, 'invalid_input', 'search for something: /api/search?q=<text>');
  if (q.length > MAX_QUERY)
    throw new ApiRefusal(400, 'invalid_input', `a search is at most ${MAX_QUERY} characters`);
  const needle = q.toLowerCase();
  const results = [
    ...searchMessages(board, needle),
    ...searchCards(board, needle),
    ...searchNotes(board, needle),
  ];
  results.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { query: q, results: results.slice(0, MAX_RESULTS), truncated: results.length > MAX_RESULTS };
}

function searchMessages(board: Board, needle: string): Result[] {
  const out: Result[] = [];
  for (const message of foldFanOuts(listMessages(board, { limit: MAIL_WINDOW }).messages)) {
    const hit = snippetOf(
      needle,
      [message.body],
      [message.subject ?? '', message.from, message.to.join(' ')],
    );
    if (hit === undefined) continue;
    out.push({
      kind: 'message',
      id: message.id,
      title: message.subject ?? `${message.from} → ${message.to.join(', ')}`,
      snippet: hit,
      at: message.at,
      link: `#/mail/${encodeURIComponent(message.id)}`,
    });
  }
  return out;
}

function searchCards(board: Board, needle: string): Result[] {
  const out: Result[] = [];
  for (const card of listCards(board).cards) {
    const link = `#/cards/${encodeURIComponent(card.id)}`;
    let entries: ReturnType<typeof readCard>['entries'] = [];
    try {
      entries = readCard(board, card.id).entries;
    } catch {
      continue; // deleted or broken since it was listed
    }
    const entry = entries.find((e) => e.body.toLowerCase().includes(needle));
    const snippet = snippetOf(needle, entry ? [entry.body] : [], [card.title], entries.at(-1)?.body);
    if (snippet === undefined) continue;
    out.push({
      kind: 'card',
      id: card.id,
      title: card.title,
      snippet,
      at: entry?.at ?? card.lastActivity,
      link,
    });
  }
  return out;
}

function searchNotes(board: Board, needle: string): Result[] {
  const out: Result[] = [];
  for (const note of listNotes(board).notes) {
    const hit = snippetOf(
      needle,
      [note.body, note.conclusion ?? '', note.task ?? ''],
      [note.title, note.agent],
    );
    if (hit === undefined) continue;
    out.push({
      kind: 'note',
      id: note.id,
      title: note.title,
      snippet: hit,
      at: note.createdAt,
      link: `#/notes/${encodeURIComponent(note.id)}`,
    });
  }
  return out;
}

/**
 * What a hit shows: the text around the first of `texts` holding `needle` (lower case); when only one of `labels`
 * (a title, a name) holds it, the start of the first text instead — repeating the title says nothing. Undefined
 * when nothing holds it.
 */
function snippetOf(needle: string, texts: string[], labels: string[], fallback?: string): string | undefined {
  for (const text of texts) {
    const at = text.toLowerCase().indexOf(needle);
    if (at < 0) continue;
    const start = Math.max(0, at - 60);
    return `${start > 0 ? '…' : ''}${cut(squash(text.slice(start, start + SNIPPET_CHARS * 2)), SNIPPET_CHARS)}`;
  }
  if (!labels.some((label) => label.toLowerCase().includes(needle))) return undefined;
  return cut(squash(fallback ?? texts.find((text) => text.trim() !== '') ?? ''), SNIPPET_CHARS);
}

function squash(text: string): string {
  return plainText(text);
}
