// Asking a person before something destructive: a y/N prompt on a terminal, else `--yes` is required.
import { BatonError } from '../core/errors.js';
import type { CliIO } from './io.js';

/**
 * True when the action may go ahead: `--yes`, or a "y"/"yes" typed at the terminal. With no terminal to ask on
 * (a pipe, a script, an agent, a remote client), it refuses with a message naming `--yes` rather than guessing.
 */
export async function confirm(
  io: CliIO,
  question: string,
  options: { yes?: boolean; refusal: string },
): Promise<boolean> {
  if (options.yes) return true;
  if (!io.ask) {
    throw new BatonError('invalid_input', `${options.refusal} — no terminal to confirm on; pass --yes`);
  }
  const answer = await io.ask(`${question} [y/N] `);
  return /^y(es)?$/i.test(answer.trim());
}
