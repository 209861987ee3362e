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
    const hit = firstHit(needle, message.subject ?? '', message.body, message.from, message.to.join(' '));
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
    if (card.title.toLowerCase().includes(needle)) {
      out.push({
        kind: 'card',
        id: card.id,
        title: card.title,
        snippet: card.title,
        at: card.lastActivity,
        link,
      });
      continue;
    }
    let entries: ReturnType<typeof readCard>['entries'] = [];
    try {
      entries = readCard(board, card.id).entries;
    } catch {
      continue; // deleted or broken since it was listed
    }
    const entry = entries.find((e) => e.body.toLowerCase().includes(needle));
    if (entry) {
      const snippet = firstHit(needle, entry.body) ?? '';
      out.push({ kind: 'card', id: card.id, title: card.title, snippet, at: entry.at, link });
    }
  }
  return out;
}

function searchNotes(board: Board, needle: string): Result[] {
  const out: Result[] = [];
  for (const note of listNotes(board).notes) {
    const hit = firstHit(needle, note.title, note.conclusion ?? '', note.body, note.agent);
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

/** The text around the first field holding `needle` (lower case), or undefined when none does. */
function firstHit(needle: string, ...fields: string[]): string | undefined {
  for (const field of fields) {
    const at = field.toLowerCase().indexOf(needle);
    if (at < 0) continue;
    const start = Math.max(0, at - 60);
    const text = field
      .slice(start, start + SNIPPET_CHARS)
      .replace(/\s+/g, ' ')
      .trim();
    return `${start > 0 ? '…' : ''}${cut(text, SNIPPET_CHARS)}`;
  }
  return undefined;
}
