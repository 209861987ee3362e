// Asking a person before something destructive: a y/N prompt on a terminal, else `--yes` is required.
import { createInterface } from 'node:readline/promises';
import { BatonError } from '../core/errors.js';

/**
 * True when the action may go ahead: `--yes`, or a "y"/"yes" typed at the terminal. With no terminal to ask on
 * (a pipe, a script, an agent), it refuses with a message naming `--yes` rather than guessing.
 */
export async function confirm(
  question: string,
  options: { yes?: boolean; refusal: string },
): Promise<boolean> {
  if (options.yes) return true;
  if (!process.stdin.isTTY || !process.stderr.isTTY) {
    throw new BatonError('invalid_input', `${options.refusal} — no terminal to confirm on; pass --yes`);
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
