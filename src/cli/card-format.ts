// Shared by the `baton card` subcommands: their usage and flag parsing, the acting author (a person is `you`),
// the list table and the receipts.
import { actingAgentIfAny } from '../core/agents/identity.js';
import { type Board, requireBoard } from '../core/board/open-board.js';
import {
  type CardEntry,
  type CardSummary,
  ENTRY_TYPES,
  type EntryType,
  isEntryType,
} from '../core/cards/card.js';
import { formatTime } from '../core/display/time.js';
import { visibleText } from '../core/display/visible-text.js';
import type { ParsedArgs } from './args.js';
import { boardFromFlags, requireEnabled } from './board-flags.js';
import { type GRAMMAR, parseFor } from './grammar.js';
import { type CliIO, printUsage, UsageError } from './io.js';

export const CARD_USAGE = `baton card <subcommand> [flags]
  new <title>                       create a card (created_by: --as, BATON_AGENT, this session's agent, else "you")
  new --ask "<intent>"              have the session's agent create it (two-phase, see ask)
  list                              cards, newest activity first, with entry counts
  read <id>                         the card file (control characters shown as escapes; --json: exact text)
  write <id> [--type <type>] [--body <text>]
                                    append an entry (type: ${ENTRY_TYPES.join(', ')}; default note);
                                    with no --body the body is read from stdin; the author is as for new
  ask <id> "<intent>" [--session <id>]
                                    ask an agent session to write the entry: stores a pending write and prints
                                    the prompt (reply: one fenced board-entry block). You ask (or --as <name>);
                                    the session's agent is asked. Default session: the most recently active live
                                    session of this project. Expires after config.json pending.ttl (default 30m)
  commit [--session <id>]           write the pending entry from the agent's reply on stdin
  del <id> [--yes]                  delete a card (asks on a terminal; --yes otherwise)
  clean [--yes]                     delete every card on the board (asks on a terminal; --yes otherwise)
  open                              print the cards folder
  <id> is a card id or a unique prefix of it (c-01JDX4…). Every subcommand takes --json, --board, --global
  and --as; \`--\` ends the flags (card new -- "--odd title").`;

/** The person at the keyboard, when no agent name is set anywhere. */
export const HUMAN_AUTHOR = 'you';

/**
 * Parses a card subcommand's flags. `undefined` when it printed the usage instead (`--help`); throws when
 * baton is disabled — so every subcommand starts with `const args = cardArgs(…); if (!args) return 0;`.
 */
type CardSub = 'new' | 'list' | 'read' | 'write' | 'ask' | 'commit' | 'del' | 'clean' | 'open';

export function cardArgs<S extends CardSub>(
  io: CliIO,
  sub: S,
  argv: string[],
): ParsedArgs<(typeof GRAMMAR)[`card ${S}`]['flags']> | undefined {
  const parsed = parseFor(`card ${sub}` as `card ${S}`, argv);
  if (parsed.flags.help) {
    printUsage(io, CARD_USAGE, parsed.flags.json);
    return undefined;
  }
  requireEnabled(io);
  return parsed;
}

/** `--as`, else BATON_AGENT, else this session's registered agent, else `you` (a person typing commands). */
export function cardAuthor(board: Board, as: string | undefined): string {
  return actingAgentIfAny(board, { as }) ?? HUMAN_AUTHOR;
}

/** `--type`: one of ENTRY_TYPES (default note); anything else is a usage mistake. */
export function entryTypeFlag(value: string | undefined): EntryType {
  if (value === undefined) return 'note';
  if (isEntryType(value)) return value;
  throw new UsageError(`unknown entry type ${JSON.stringify(value)} — use one of ${ENTRY_TYPES.join(', ')}`);
}

const oneLine = (text: string) => visibleText(text, { singleLine: true });

/** One line per card, newest activity first: id, entry count, last activity (UTC), title. */
export function formatCardList(cards: CardSummary[]): string {
  const width = Math.max(...cards.map((card) => countLabel(card.entries).length));
  return cards
    .map(
      (card) =>
        `${card.id}  ${countLabel(card.entries).padStart(width)}  ${formatTime(card.lastActivity)}  ${oneLine(card.title)}\n`,
    )
    .join('');
}

export function entryReceipt(card: CardSummary, entry: CardEntry): string {
  return `added ${entry.id} (${entry.type}) to ${card.id} "${oneLine(card.title)}" as ${oneLine(entry.author)}\n`;
}

export function cardReceipt(verb: string, card: CardSummary): string {
  return `${verb} ${card.id} "${oneLine(card.title)}" (${countLabel(card.entries)}) ${oneLine(card.path)}\n`;
}

export function redactionNote(count: number): string {
  return count > 0 ? `redacted ${count} credential span(s) before storing\n` : '';
}

function countLabel(entries: number): string {
  return `${entries} ${entries === 1 ? 'entry' : 'entries'}`;
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
