// Per call: the server's board (flags, BATON_DIR, cwd — tools take no `board` argument) and who is acting.

import { decideAgent } from '../core/agents/claims.js';
import { type Board, type OpenBoardOptions, openBoard } from '../core/board/open-board.js';
import { BatonError } from '../core/errors.js';
import { boundAgent as sessionAgent } from '../core/sessions/session.js';
import { validateName } from '../core/store/names.js';
import type { ToolCall } from './contract.js';

/** Where a server's identity came from; a refusal names it, so the agent knows what to change. */
export type IdentitySource = 'flag' | 'env' | 'session' | 'header';

export interface BoundIdentity {
  name: string;
  source: IdentitySource;
}

export interface CallContextOptions {
  /** Where the server's board is (flags, cwd, env). */
  board: OpenBoardOptions;
  /** A fixed identity: `--as`, or over HTTP the server's `--as` / BATON_AGENT / the request's X-Baton-Agent. */
  agent?: string;
  /** Where `agent` came from. Default `flag`. */
  agentSource?: IdentitySource;
  /** Also take BATON_AGENT and the name bound to the launching session (stdio); HTTP requests do not. */
  sessionIdentity: boolean;
  bindSessions: boolean;
}

const FROM: Record<IdentitySource, string> = {
  flag: 'set by --as',
  env: 'set by BATON_AGENT',
  session: 'registered for the session that launched this server',
  header: "named by this request's X-Baton-Agent header",
};

/** Where an identity came from, as a refusal says it: `set by --as`, `set by BATON_AGENT`, … */
export function identityOrigin(source: IdentitySource): string {
  return FROM[source];
}

const INSTEAD: Record<IdentitySource, (claim: string) => string> = {
  flag: (claim) => `or run a server with --as ${claim}`,
  env: (claim) => `or run a server with BATON_AGENT=${claim}`,
  session: (claim) => `or run a server with --as ${claim}`,
  header: (claim) => `or send X-Baton-Agent: ${claim}`,
};

export function openCall(options: CallContextOptions): ToolCall {
  const board = openBoard(options.board);
  let bound: { identity: BoundIdentity | undefined } | undefined;
  const identity = () => {
    bound ??= { identity: boundIdentity(options, board) };
    return bound.identity;
  };
  return {
    board,
    boundAgent: () => identity()?.name,
    bindsSessions: options.bindSessions,
    actingAgent(claimed) {
      const claim = claimed === undefined || claimed === '' ? undefined : validateName('agent', claimed);
      const own = identity();
      if (own && claim && claim !== own.name) {
        throw new BatonError(
          'conflict',
          `"${claim}" is not you: this server acts as ${own.name} (${identityOrigin(own.source)}) — omit the name, ${INSTEAD[own.source](claim)}`,
        );
      }
      if (own ?? claim) return own?.name ?? (claim as string);
      throw new BatonError(
        'no_agent',
        'no agent identity — pass your name ("from" / "agent"), or configure the server as `baton mcp --as <name>` (or set BATON_AGENT)',
      );
    },
  };
}

function boundIdentity(options: CallContextOptions, board: Board): BoundIdentity | undefined {
  if (options.agent) return { name: options.agent, source: options.agentSource ?? 'flag' };
  if (!options.sessionIdentity) return undefined;
  // core's one rule (BATON_AGENT, then the launching session's name), as for the CLI and the hooks.
  const identity = decideAgent({ env: board.env.BATON_AGENT, session: () => sessionAgent(board) });
  if (!identity) return undefined;
  return { name: identity.name, source: identity.source === 'env' ? 'env' : 'session' };
}
