// `baton card del <id>` and `baton card clean`: deleting cards, only after a confirmation or --yes.
import { deleteCard } from '../core/cards/delete.js';
import { findCard, listCards } from '../core/cards/find.js';
import { echoBoard, printJson, reportProblems } from './board-flags.js';
import { cardArgs, cardReceipt, readBoard, requireId } from './card-format.js';
import { confirm } from './confirm.js';
import type { CliIO } from './io.js';

/** `card del <id> [--yes]` */
export async function deleteOneCard(argv: string[], io: CliIO): Promise<number> {
  const args = cardArgs(io, 'del', argv);
  if (!args) return 0;
  const { flags, positionals } = args;
  const id = requireId('del', positionals);
  const board = readBoard(io, flags);
  const file = findCard(board, id);
  const ok = await confirm(io, `delete card ${file.id} (${file.path})?`, {
    yes: flags.yes,
    refusal: `refusing to delete card ${file.id} without confirmation`,
  });
  if (!ok) return declined(io, board.root, flags.json);
  const card = deleteCard(board, file.id);
  if (flags.json) printJson(io, { board: board.root, deleted: [card] });
  else io.out(cardReceipt('deleted', card));
  echoBoard(io, board);
  return 0;
}

/** `card clean [--yes]`: deletes every readable card; malformed files are reported and left for a person. */
export async function cleanCards(argv: string[], io: CliIO): Promise<number> {
  const args = cardArgs(io, 'clean', argv);
  if (!args) return 0;
  const { flags } = args;
  const board = readBoard(io, flags);
  const { cards, problems } = listCards(board);
  reportProblems(io, problems);
  if (cards.length === 0) {
    if (flags.json) printJson(io, { board: board.root, deleted: [] });
    else io.out('no cards to delete\n');
    return 0;
  }
  const ok = await confirm(io, `delete all ${cards.length} card(s) on ${board.root}?`, {
    yes: flags.yes,
    refusal: `refusing to delete ${cards.length} card(s) without confirmation`,
  });
  if (!ok) return declined(io, board.root, flags.json);
  const deleted = cards.map((card) => deleteCard(board, card.id));
  if (flags.json) printJson(io, { board: board.root, deleted });
  else for (const card of deleted) io.out(cardReceipt('deleted', card));
  echoBoard(io, board);
  return 0;
}

// The person answered no at the prompt: nothing deleted, exit 1 (the command did not do what it was asked).
function declined(io: CliIO, board: string, json: boolean | undefined): number {
  if (json) printJson(io, { board, deleted: [] });
  else io.err('not deleted\n');
  return 1;
}
