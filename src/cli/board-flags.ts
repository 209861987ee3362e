// Opening the board a command's flags point at, and the one line every write echoes.
import { type Board, isDisabled, openBoard } from '../core/board/open-board.js';
import type { Problem } from '../core/store/safe-fs.js';
import type { CliIO } from './io.js';

export function boardFromFlags(io: CliIO, flags: { board?: string; global?: boolean }): Board {
  return openBoard({ board: flags.board, global: flags.global, cwd: io.cwd, env: io.env });
}

/** BATON_DISABLE=1: commands say so once on stderr and succeed without touching anything. */
export function disabled(io: CliIO, quiet = false): boolean {
  if (!isDisabled(io.env)) return false;
  if (!quiet) io.err('baton is disabled (BATON_DISABLE is set) — unset it to use baton\n');
  return true;
}

/** Every write says which board it used, so split boards are visible. */
export function echoBoard(io: CliIO, board: Board): void {
  io.err(`[board ${board.root}]\n`);
}

export function reportProblems(io: CliIO, problems: Problem[]): void {
  for (const problem of problems) io.err(`baton: skipped ${problem.path}: ${problem.reason}\n`);
}

export function printJson(io: CliIO, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}
