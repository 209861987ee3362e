// Shared by the `baton card` subcommands: the acting author (a person is `you`), the list table, receipts.
import { resolveAgent } from '../core/agents/identity.js';
import { type Board, requireBoard } from '../core/board/open-board.js';
import type { CardEntry, CardSummary } from '../core/cards/card.js';
import { isBatonError } from '../core/errors.js';
import { boardFromFlags } from './board-flags.js';
import { type CliIO, UsageError } from './io.js';

/** The person at the keyboard, when no agent name is set anywhere. */
export const HUMAN_AUTHOR = 'you';

/** `--as`, else BATON_AGENT, else this session's registered agent, else `you` (a person typing commands). */
export function cardAuthor(board: Board, as: string | undefined): string {
  try {
    return resolveAgent(board, { as });
  } catch (error) {
    if (isBatonError(error, 'no_agent')) return HUMAN_AUTHOR;
    throw error;
  }
}

/** One line per card, newest activity first: id, entry count, last activity (UTC), title. */
export function formatCardList(cards: CardSummary[]): string {
  const width = Math.max(...cards.map((card) => countLabel(card.entries).length));
  return cards
    .map(
      (card) =>
        `${card.id}  ${countLabel(card.entries).padStart(width)}  ${shortTime(card.lastActivity)}  ${card.title}\n`,
    )
    .join('');
}

export function entryReceipt(card: CardSummary, entry: CardEntry): string {
  return `added ${entry.id} (${entry.type}) to ${card.id} "${card.title}" as ${entry.author}\n`;
}

export function cardReceipt(verb: string, card: CardSummary): string {
  return `${verb} ${card.id} "${card.title}" (${countLabel(card.entries)}) ${card.path}\n`;
}

export function redactionNote(count: number): string {
  return count > 0 ? `redacted ${count} credential span(s) before storing\n` : '';
}

function countLabel(entries: number): string {
  return `${entries} ${entries === 1 ? 'entry' : 'entries'}`;
}

function shortTime(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')}Z`;
}

/** The board for a read: it must exist (reads never create one). */
export function readBoard(io: CliIO, flags: { board?: string; global?: boolean }): Board {
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  return board;
}

export function requireId(sub: string, positionals: string[]): string {
  const id = positionals[0];
  if (!id) throw new UsageError(`card ${sub} needs a card id — see \`baton card list\``);
  return id;
}
