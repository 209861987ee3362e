// `baton init [--global]` — creates the board here (harness wiring arrives with the hooks).
import { ensureBoard, openBoard } from '../../core/board/open-board.js';
import { parseCommandArgs } from '../args.js';
import { echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton init [--global] [--board <path>] [--json]
  Creates the board: ./.baton (or the nearest project board above, which is reused), ~/.baton with --global.
  A .baton folder of baton's own files whose board.json was lost gets a new one.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('init', argv, {});
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  // The global board is never the answer to a plain `init`: it makes a project board (global: --global).
  const board = openBoard({
    board: flags.board,
    global: flags.global,
    globalFallback: false,
    cwd: io.cwd,
    env: io.env,
  });
  const existed = board.exists;
  ensureBoard(board, { adopt: true });
  if (flags.json) printJson(io, { board: board.root, created: !existed });
  else io.out(existed ? `board already here: ${board.root}\n` : `created board ${board.root}\n`);
  echoBoard(io, board);
  return 0;
}
