// Who is acting, for a command and for a harness session: the claims each can make, judged by decideAgent's one
// precedence (claims.ts) — `--as`/`--from`, BATON_AGENT, the session's name, the project's stable name, the alias.

import { loadSettings } from '../board/config.js';
import type { Board } from '../board/open-board.js';
import { BatonError, isBatonError } from '../errors.js';
import { boundAgent } from '../sessions/session.js';
import { nameProblem } from '../store/names.js';
import { derivedAgent } from './alias.js';
import { decideAgent, type Identity } from './claims.js';

/** Who a command says it acts as: `--as`, and `send`'s `--from` (see {@link resolveAgent}). */
export interface ActingAgentOptions {
  as?: string;
  /** `send --from`, as agentboard users type it; must agree with `as` when both are given. */
  from?: string;
}

/**
 * A command's acting agent: `--as` (or `--from`), else BATON_AGENT, else the name bound to the session the command
 * runs in; validated and case-folded. Throws `no_agent` saying how to set one, `invalid_name` for a bad name.
 */
export function resolveAgent(board: Board, options: ActingAgentOptions = {}): string {
  if (options.as && options.from && options.as !== options.from) {
    throw new BatonError(
      'conflict',
      `--as ${options.as} and --from ${options.from} disagree — pass only one`,
    );
  }
  const identity = decideAgent({
    flag: options.as || options.from,
    env: board.env.BATON_AGENT,
    session: () => boundAgent(board),
  });
  if (!identity) {
    throw new BatonError(
      'no_agent',
      'no agent name — pass --as <name>, set BATON_AGENT, or run `baton register --as <name>` in this session',
    );
  }
  return identity.name;
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

export interface HarnessSession {
  harness: string;
  /** The harness's session id. */
  session: string;
  /** The name the session's record holds, when it has a record. */
  recorded?: string;
}

/**
 * Who a harness session acts as (its hooks): BATON_AGENT, else the name its record holds, else the project's stable
 * name for the harness (`config.json` `agents`, set by `baton init`), else its alias (`claude-3f2a9c`). Throws
 * `invalid_name` for a bad BATON_AGENT; a bad name read from the board counts as absent.
 */
export function sessionAgent(board: Board, session: HarnessSession): Identity {
  const recorded = session.recorded && !nameProblem('agent', session.recorded) ? session.recorded : undefined;
  const alias = derivedAgent(session.harness, session.session);
  // config.json is read only when neither is there: a session's later events never read it.
  const identity = decideAgent({
    env: board.env.BATON_AGENT,
    session: recorded,
    project: () => stableAgent(board, session.harness),
    alias,
  });
  return identity ?? { name: alias, source: 'alias' };
}

/** The project's stable agent name for `harness` (`config.json` `agents`), when it has one. */
export function stableAgent(board: Board, harness: string): string | undefined {
  return loadSettings(board).settings.agents[harness];
}
