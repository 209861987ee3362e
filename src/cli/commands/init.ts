// `baton init [--global]` — creates the board here (harness wiring arrives with the hooks).
import { ensureBoard } from '../../core/board/open-board.js';
import { parseCommandArgs } from '../args.js';
import { boardFromFlags, echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton init [--global] [--board <path>] [--json]
  Creates the board: ./.baton (or the nearest one above, which is reused), ~/.baton with --global.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('init', argv, {});
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const board = boardFromFlags(io, flags);
  const existed = board.exists;
  ensureBoard(board);
  if (flags.json) printJson(io, { board: board.root, created: !existed });
  else io.out(existed ? `board already here: ${board.root}\n` : `created board ${board.root}\n`);
  echoBoard(io, board);
  return 0;
}
