// Opening the board a command's flags point at, the one line every write echoes, and what is off when disabled.
import { type Board, isDisabled, openBoard } from '../core/board/open-board.js';
import { visibleText } from '../core/display/visible-text.js';
import { BatonError } from '../core/errors.js';
import type { Problem } from '../core/store/safe-fs.js';
import { type CliIO, UsageError } from './io.js';

export function boardFromFlags(io: CliIO, flags: { board?: string; global?: boolean }): Board {
  // The served board is the only board a remote client reaches (the policy refuses these flags before this).
  if (io.remote && (flags.board !== undefined || flags.global)) {
    throw new UsageError(
      `${flags.board !== undefined ? '--board' : '--global'} does not apply over BATON_URL`,
    );
  }
  return openBoard({
    board: flags.board,
    global: flags.global,
    cwd: io.cwd,
    env: io.env,
    home: io.env.HOME || undefined,
    processTree: !io.remote,
  });
}

/** Whether BATON_DISABLE turns baton off. */
export function isOff(io: CliIO): boolean {
  return isDisabled(io.env);
}

/**
 * BATON_DISABLE=1: a command stops here with exit 3 and says why, so an agent never believes a message was
 * sent. (`poll` is a hook entry point and stays silent with 0 instead; `doctor` reports it.)
 */
export function requireEnabled(io: CliIO): void {
  if (!isOff(io)) return;
  throw new BatonError(
    'disabled',
    'baton is disabled (BATON_DISABLE is set): nothing was read or written — unset BATON_DISABLE to use baton',
  );
}

/** Every write says which board it used, so split boards are visible. */
export function echoBoard(io: CliIO, board: Board): void {
  io.err(`[board ${visibleText(board.root)}]\n`);
}

export function reportProblems(io: CliIO, problems: Problem[]): void {
  for (const problem of problems)
    io.err(`baton: skipped ${visibleText(problem.path)}: ${visibleText(problem.reason)}\n`);
}

export function printJson(io: CliIO, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}
