// Per call: which board a tool acts on (its `board` argument, SPEC §2 step 1) and who is acting.
import { resolveAgent } from '../core/agents/identity.js';
import { type Board, type OpenBoardOptions, openBoard } from '../core/board/open-board.js';
import { BatonError, isBatonError } from '../core/errors.js';
import { validateName } from '../core/store/names.js';
import type { ToolCall } from './contract.js';

export interface CallContextOptions {
  /** Where the server's board is (flags, cwd, env). */
  board: OpenBoardOptions;
  /** A fixed identity: `--as`, or over HTTP the server's `--as` / the request's X-Baton-Agent. */
  agent?: string;
  /** Also take BATON_AGENT and the name bound to the launching session (stdio); HTTP requests do not. */
  sessionIdentity: boolean;
  /** Over HTTP the `board` argument may only name the served board: remote callers pick no folders. */
  pinBoard: boolean;
  bindSessions: boolean;
}

export function openCall(options: CallContextOptions, boardArg: string | undefined): ToolCall {
  const board = openBoard({ ...options.board, board: boardArg || options.board.board });
  if (options.pinBoard && boardArg) {
    const served = openBoard(options.board).root;
    if (board.root !== served) {
      throw new BatonError(
        'conflict',
        `this server serves ${served} only — omit "board", or start another \`baton serve --board ${boardArg}\``,
      );
    }
  }
  let bound: { name: string | undefined } | undefined;
  const boundAgent = () => {
    bound ??= { name: boundIdentity(options, board) };
    return bound.name;
  };
  return {
    board,
    boundAgent,
    bindsSessions: options.bindSessions,
    actingAgent(claimed) {
      const claim = claimed === undefined || claimed === '' ? undefined : validateName('agent', claimed);
      const name = boundAgent();
      if (name && claim && claim !== name) {
        throw new BatonError(
          'conflict',
          `"${claim}" is not you: this server acts as ${name} — omit the name (it is taken from the session), or run a server with --as ${claim}`,
        );
      }
      if (name ?? claim) return (name ?? claim) as string;
      throw new BatonError(
        'no_agent',
        'no agent identity — pass your name ("from" / "agent"), or configure the server as `baton mcp --as <name>` (or set BATON_AGENT)',
      );
    },
  };
}

function boundIdentity(options: CallContextOptions, board: Board): string | undefined {
  if (options.agent) return options.agent;
  if (!options.sessionIdentity) return undefined;
  try {
    return resolveAgent(board);
  } catch (error) {
    if (isBatonError(error, 'no_agent')) return undefined;
    throw error;
  }
}
