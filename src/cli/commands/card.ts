// `baton card new|list|read|write|ask|commit|del|clean|open` — cards: topics with append-only entries.

import { boardPath } from '../../core/board/open-board.js';
import { appendEntry } from '../../core/cards/append.js';
import { CARDS_DIR, ENTRY_TYPES } from '../../core/cards/card.js';
import { createCard } from '../../core/cards/create.js';
import { listCards, readCard } from '../../core/cards/find.js';
import { parseCommandArgs } from '../args.js';
import { boardFromFlags, disabled, echoBoard, printJson, reportProblems } from '../board-flags.js';
import {
  cardAuthor,
  cardReceipt,
  entryReceipt,
  formatCardList,
  readBoard,
  redactionNote,
  requireId,
} from '../card-format.js';
import { cleanCards, deleteOneCard } from '../card-remove.js';
import { askForEntry, commitReply, printRequest } from '../card-two-phase.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton card <subcommand> [flags]
  new <title>                       create a card (created_by: --as, BATON_AGENT, this session's agent, else "you")
  new --ask "<intent>"              have the session's agent create it (two-phase, see ask)
  list                              cards, newest activity first, with entry counts
  read <id>                         the card file, verbatim
  write <id> [--type <type>] [--body <text>]
                                    append an entry (type: ${ENTRY_TYPES.join(', ')}; default note);
                                    with no --body the body is read from stdin; the author is as for new
  ask <id> "<intent>" [--session <id>]
                                    ask an agent session to write the entry: stores a pending write and prints
                                    the prompt (reply: one fenced board-entry block). Default session: the most
                                    recently active live session of this project. Expires after config.json
                                    pending.ttl (default 30m)
  commit [--session <id>]           write the pending entry from the agent's reply on stdin
  del <id> [--yes]                  delete a card (asks on a terminal; --yes otherwise)
  clean [--yes]                     delete every card on the board (asks on a terminal; --yes otherwise)
  open                              print the cards folder
  <id> is a card id or a unique prefix of it (c-01JDX4…). Reads take --json; every command takes --board,
  --global and --as.`;

type Sub = (argv: string[], io: CliIO) => Promise<number>;

const SUBCOMMANDS: Record<string, Sub> = {
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

export async function run(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    if (!name) {
      io.err(`${usage}\n`);
      return 2;
    }
    return printUsage(io, usage);
  }
  const sub = SUBCOMMANDS[name];
  if (!sub) {
    throw new UsageError(
      `unknown subcommand ${JSON.stringify(name)} for \`baton card\` — use one of ${Object.keys(SUBCOMMANDS).join(', ')}`,
    );
  }
  if (rest.includes('--help') || rest.includes('-h')) return printUsage(io, usage);
  if (disabled(io)) return 0;
  return sub(rest, io);
}

async function newCard(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseCommandArgs(
    'card new',
    argv,
    { ask: { type: 'string' }, session: { type: 'string' } },
    Number.POSITIVE_INFINITY,
  );
  if (flags.ask !== undefined) {
    if (positionals.length > 0) {
      throw new UsageError(
        'card new takes either a title or --ask "<intent>" (the agent then picks the title)',
      );
    }
    const board = boardFromFlags(io, flags);
    return printRequest(io, board, flags, { intent: flags.ask, session: flags.session });
  }
  if (flags.session !== undefined) throw new UsageError('--session goes with --ask');
  const title = positionals.join(' ');
  if (title.trim() === '') {
    throw new UsageError('card new needs a title: baton card new "<title>" (or --ask "<intent>")');
  }
  const board = boardFromFlags(io, flags);
  const result = createCard(board, { title, by: cardAuthor(board, flags.as) });
  if (flags.json) printJson(io, { board: board.root, ...result });
  else io.out(cardReceipt('created', result.card));
  io.err(redactionNote(result.redacted));
  echoBoard(io, board);
  return 0;
}

async function list(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('card list', argv, {});
  const board = readBoard(io, flags);
  const { cards, problems } = listCards(board);
  reportProblems(io, problems);
  if (flags.json) printJson(io, { board: board.root, cards, problems });
  else if (cards.length === 0) io.out('no cards — create one with `baton card new "<title>"`\n');
  else io.out(formatCardList(cards));
  return 0;
}

async function read(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseCommandArgs('card read', argv, {}, 1);
  const board = readBoard(io, flags);
  const result = readCard(board, requireId('read', positionals));
  if (result.problem) {
    io.err(
      `baton: card ${result.card.id} is malformed (${result.problem}) — shown as it is; writes to it are refused until ${result.card.path} is fixed\n`,
    );
  }
  if (flags.json) printJson(io, { board: board.root, ...result });
  else io.out(result.text);
  return 0;
}

async function write(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseCommandArgs(
    'card write',
    argv,
    { type: { type: 'string' }, body: { type: 'string' } },
    1,
  );
  const id = requireId('write', positionals);
  const board = boardFromFlags(io, flags);
  const author = cardAuthor(board, flags.as);
  const body = flags.body ?? (await io.readStdin());
  const result = appendEntry(board, id, { type: flags.type ?? 'note', author, body });
  if (flags.json) printJson(io, { board: board.root, ...result });
  else io.out(entryReceipt(result.card, result.entry));
  io.err(redactionNote(result.redacted));
  echoBoard(io, board);
  return 0;
}

async function open(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('card open', argv, {});
  const board = readBoard(io, flags);
  const dir = boardPath(board, CARDS_DIR);
  if (flags.json) printJson(io, { board: board.root, cards: dir });
  else io.out(`${dir}\n`);
  return 0;
}
