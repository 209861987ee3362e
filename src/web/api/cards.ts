// The cards endpoints: the list by recent activity, one card as parsed from its file, and the person's changes —
// a new card, an entry, a two-phase request to a live session, a deletion.
import type { Board } from '../../core/board/open-board.js';
import type { CardEntry, CardSummary } from '../../core/cards/card.js';
import {
  appendEntry,
  createCard,
  deleteCard,
  ENTRY_TYPES,
  listCards,
  readCard,
} from '../../core/cards/index.js';
import { listOpenPendings } from '../../core/pending/pending.js';
import { requestCardEntry } from '../../core/pending/request.js';
import type { CardDetail, CardListJson, CardSummaryJson, EntryTypeJson } from '../api-types.js';
import { stringField } from './json.js';
import type { ApiContext, Endpoint } from './router.js';
import { problemLines } from './shared.js';

export const cardEndpoints: Endpoint[] = [
  { method: 'GET', path: /^\/cards$/, handle: ({ board }) => cardList(board) },
  { method: 'POST', path: /^\/cards$/, handle: newCard },
  { method: 'GET', path: /^\/cards\/([^/]+)$/, handle: ({ board, params }) => cardDetail(board, params[0]!) },
  { method: 'DELETE', path: /^\/cards\/([^/]+)$/, handle: removeCard },
  { method: 'POST', path: /^\/cards\/([^/]+)\/entries$/, handle: addEntry },
  { method: 'POST', path: /^\/cards\/([^/]+)\/ask$/, handle: askAgent },
];

function cardList(board: Board): CardListJson {
  const { cards, problems } = listCards(board);
  const out: CardSummaryJson[] = [];
  for (const card of cards) {
    let entries: CardEntry[] = [];
    try {
      entries = readCard(board, card.id).entries;
    } catch {
      // deleted or broken since it was listed: its counts stay zero
    }
    out.push(summaryJson(card, entries));
  }
  return { cards: out, problems: problemLines(problems) };
}

function summaryJson(card: CardSummary, entries: CardEntry[]): CardSummaryJson {
  const counts = Object.fromEntries(ENTRY_TYPES.map((type) => [type, 0])) as Record<EntryTypeJson, number>;
  for (const entry of entries) counts[entry.type]++;
  return {
    id: card.id,
    title: card.title,
    createdBy: card.createdBy,
    createdAt: card.createdAt,
    lastActivity: card.lastActivity,
    entries: card.entries,
    counts,
  };
}

function cardDetail(board: Board, id: string): CardDetail {
  const read = readCard(board, id);
  return {
    card: summaryJson(read.card, read.entries),
    entries: read.entries.map((entry) => ({ ...entry })),
    path: read.card.path,
    pending: listOpenPendings(board)
      .filter((pending) => pending.target.kind === 'card-entry' && pending.target.card === read.card.id)
      .map((pending) => ({
        session: pending.session,
        agent: pending.agent,
        intent: pending.intent,
        expiresAt: pending.expiresAt,
      })),
  };
}

function newCard({ board, body, person }: ApiContext) {
  const title = stringField(body, 'title');
  const text = stringField(body, 'body', true);
  const type = stringField(body, 'type', true) ?? 'note';
  const { card } = createCard(board, { title, as: person, entry: text ? { type, body: text } : undefined });
  return { card: summaryJson(card, []) };
}

function addEntry({ board, body, person, params }: ApiContext) {
  const { entry } = appendEntry(board, params[0]!, {
    type: stringField(body, 'type'),
    as: person,
    body: stringField(body, 'body'),
  });
  return { entry };
}

function askAgent({ board, body, person, params }: ApiContext) {
  const request = requestCardEntry(board, {
    card: params[0]!,
    intent: stringField(body, 'intent'),
    requestedBy: person,
    session: stringField(body, 'session'),
    announced: false,
  });
  return { session: request.pending.session, expiresAt: request.pending.expiresAt, prompt: request.prompt };
}

function removeCard({ board, params }: ApiContext) {
  const card = deleteCard(board, params[0]!);
  return { deleted: summaryJson(card, []) };
}
