// Who is acting: --as, then --from, then BATON_AGENT, then the name registered for this session.
import type { Board } from '../board/open-board.js';
import { BatonError, isBatonError } from '../errors.js';
import { boundAgent } from '../sessions/session.js';
import { validateName } from '../store/names.js';

export interface ActingAgentOptions {
  as?: string;
  /** `send --from`, as agentboard users type it; must agree with `as` when both are given. */
  from?: string;
}

/** The acting agent's name, validated; throws `no_agent` saying how to set one. */
export function resolveAgent(board: Board, options: ActingAgentOptions = {}): string {
  if (options.as && options.from && options.as !== options.from) {
    throw new BatonError(
      'conflict',
      `--as ${options.as} and --from ${options.from} disagree — pass only one`,
    );
  }
  const name = options.as || options.from || board.env.BATON_AGENT || boundAgent(board);
  if (!name) {
    throw new BatonError(
      'no_agent',
      'no agent name — pass --as <name>, set BATON_AGENT, or run `baton register --as <name>` in this session',
    );
  }
  return validateName('agent', name);
}

/** The acting agent when one is set (see resolveAgent), else undefined; an invalid name still throws. */
export function actingAgentIfAny(board: Board, options: ActingAgentOptions = {}): string | undefined {
  try {
    return resolveAgent(board, options);
  } catch (error) {
    if (isBatonError(error, 'no_agent')) return undefined;
    throw error;
  }
}
