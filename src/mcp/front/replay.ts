// `baton mcp` started by the MCP front (script.ts), which has answered the handshake already: the server reads the
// client's initialize again — under an id of its own, so its answer, which the client has had, is not sent twice —
// and the client's initialized notification, then the message the front did not answer (a temporary file on fd 3,
// BATON_MCP_FIRST), then its stdin. The client never sees the change of hands.
import { closeSync, readFileSync } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The id the replayed initialize is read under: the server's answer to it is not sent. */
export const REPLAY_ID = 'baton-front-replay';

/** The variables the front hands over in; `baton mcp` takes them out of its environment. */
export const FRONT_ENV = ['BATON_MCP_REPLAY', 'BATON_MCP_REPLAY_INITIALIZED', 'BATON_MCP_FIRST'] as const;

export interface FrontHandover {
  /** What the server reads: the replayed handshake, the message the front did not answer, then `stdin`. */
  stdin: Readable;
  /** Whether an outgoing message is the answer to the replayed initialize (the client had it from the front). */
  replayed(message: JSONRPCMessage): boolean;
}

/** The handover from the front, when `env` holds one; undefined for a server a client started directly. */
export function frontHandover(
  env: Record<string, string | undefined>,
  stdin: Readable,
): FrontHandover | undefined {
  const init = env.BATON_MCP_REPLAY;
  const first = env.BATON_MCP_FIRST;
  if (init === undefined && first === undefined) return undefined;
  const out = new PassThrough();
  const request = initializeRequest(init);
  if (request) {
    out.write(`${JSON.stringify({ ...request, id: REPLAY_ID })}\n`);
    if (env.BATON_MCP_REPLAY_INITIALIZED === '1')
      out.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }
  if (first === '3') {
    try {
      out.write(readFileSync(3));
      closeSync(3);
    } catch {
      // No message file (not started by the front): the stdin alone.
    }
  }
  stdin.pipe(out);
  return {
    stdin: out,
    replayed: (message) => 'id' in message && message.id === REPLAY_ID,
  };
}

function initializeRequest(line: string | undefined): Record<string, unknown> | undefined {
  if (line === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed !== null &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      (parsed as { method?: unknown }).method === 'initialize'
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
