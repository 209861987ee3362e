// `baton card new|list|read|write|ask|commit|del|clean|open` — cards: topics with append-only entries.

import { boardPath } from '../../core/board/open-board.js';
import { appendEntry } from '../../core/cards/append.js';
import { CARDS_DIR } from '../../core/cards/card.js';
import { createCard } from '../../core/cards/create.js';
import { listCards, readCard } from '../../core/cards/find.js';
import { visibleText } from '../../core/display/visible-text.js';
import { requestCardEntry } from '../../core/pending/request.js';
import { boardFromFlags, echoBoard, printJson, reportProblems } from '../board-flags.js';
import {
  CARD_USAGE,
  cardArgs,
  cardAuthor,
  cardReceipt,
  entryReceipt,
  entryTypeFlag,
  formatCardList,
  readBoard,
  redactionNote,
  requireId,
} from '../card-format.js';
import { cleanCards, deleteOneCard } from '../card-remove.js';
import { askForEntry, commitReply, printRequest } from '../card-two-phase.js';
import { type CliIO, UsageError } from '../io.js';
import { runSubcommand, type Subcommand } from '../subcommands.js';

export const usage = CARD_USAGE;

const SUBCOMMANDS: Record<string, Subcommand> = {
  new: newCard,
  list,
  read,
  write,
  ask: askForEntry,
  commit: commitReply,
  del: deleteOneCard,
  clean: cleanCards,
  open,
};

export function run(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand('card', SUBCOMMANDS, usage, argv, io);
}

async function newCard(argv: string[], io: CliIO): Promise<number> {
  const args = cardArgs(io, 'new', argv);
  if (!args) return 0;
  const { flags, positionals } = args;
  if (flags.ask !== undefined) {
    if (positionals.length > 0) {
      throw new UsageError(
        'card new takes either a title or --ask "<intent>" (the agent then picks the title)',
      );
    }
    const board = boardFromFlags(io, flags);
    const intent = flags.ask;
    return printRequest(io, board, flags, (requestedBy) =>
      requestCardEntry(board, { intent, session: flags.session, requestedBy }),
    );
  }
  if (flags.session !== undefined) throw new UsageError('--session goes with --ask');
  const title = positionals.join(' ');
  if (title.trim() === '') {
    throw new UsageError('card new needs a title: baton card new "<title>" (or --ask "<intent>")');
  }
  const board = boardFromFlags(io, flags);
  const result = createCard(board, { title, as: cardAuthor(board, flags.as) });
  if (flags.json) printJson(io, { board: board.root, ...result });
  else io.out(cardReceipt('created', result.card));
  io.err(redactionNote(result.redacted));
  echoBoard(io, board);
  return 0;
}

async function list(argv: string[], io: CliIO): Promise<number> {
  const args = cardArgs(io, 'list', argv);
  if (!args) return 0;
  const { flags } = args;
  const board = readBoard(io, flags);
  const { cards, problems } = listCards(board);
  reportProblems(io, problems);
  if (flags.json) printJson(io, { board: board.root, cards, problems });
  else if (cards.length === 0) io.out('no cards — create one with `baton card new "<title>"`\n');
  else io.out(formatCardList(cards));
  return 0;
}

async function read(argv: string[], io: CliIO): Promise<number> {
  const args = cardArgs(io, 'read', argv);
  if (!args) return 0;
  const { flags, positionals } = args;
  const id = requireId('read', positionals);
  const board = readBoard(io, flags);
  const result = readCard(board, id);
  if (result.problem) {
    io.err(
      `baton: card ${result.card.id} is malformed (${visibleText(result.problem)}) — shown as it is; writes to it are refused until ${visibleText(result.card.path)} is fixed\n`,
    );
  }
  if (flags.json) printJson(io, { board: board.root, ...result });
  // The file as it is, except that no control character reaches the terminal (--json keeps the exact text).
  else io.out(visibleText(result.text));
  return 0;
}

async function write(argv: string[], io: CliIO): Promise<number> {
  const args = cardArgs(io, 'write', argv);
  if (!args) return 0;
  const { flags, positionals } = args;
  const id = requireId('write', positionals);
  const type = entryTypeFlag(flags.type);
  const board = boardFromFlags(io, flags);
  const author = cardAuthor(board, flags.as);
  const body = flags.body ?? (await io.readStdin());
  const result = appendEntry(board, id, { type, as: author, body });
  if (flags.json) printJson(io, { board: board.root, ...result });
  else io.out(entryReceipt(result.card, result.entry));
  io.err(redactionNote(result.redacted));
  echoBoard(io, board);
  return 0;
}

async function open(argv: string[], io: CliIO): Promise<number> {
  const args = cardArgs(io, 'open', argv);
  if (!args) return 0;
  const { flags } = args;
  const board = readBoard(io, flags);
  const dir = boardPath(board, CARDS_DIR);
  if (flags.json) printJson(io, { board: board.root, cards: dir });
  else io.out(`${visibleText(dir)}\n`);
  return 0;
}
