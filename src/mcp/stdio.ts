// MCP over stdio: JSON-RPC on the given streams until stdin ends or the signal fires.
import type { Readable, Writable } from 'node:stream';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface StdioStreams {
  stdin: Readable;
  stdout: Writable;
  signal?: AbortSignal;
  /** Messages not to send (the answer to a handshake the MCP front replays: front/replay.ts). */
  omit?: (message: JSONRPCMessage) => boolean;
}

/** Serves `server` on `streams`; resolves once the client hangs up (stdin ends) or `signal` aborts. */
export async function serveStdio(server: McpServer, streams: StdioStreams): Promise<void> {
  const transport = new StdioServerTransport(streams.stdin, streams.stdout);
  const { omit } = streams;
  if (omit) {
    const send = transport.send.bind(transport);
    transport.send = async (message: JSONRPCMessage) => {
      if (!omit(message)) await send(message);
    };
  }
  const ended = new Promise<void>((resolve) => {
    streams.stdin.once('end', resolve);
    streams.stdin.once('close', resolve);
    // A client that closed its end of stdout (EPIPE) has hung up too: no crash, no stack trace.
    streams.stdout.on('error', () => resolve());
    if (streams.signal?.aborted) resolve();
    streams.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  await ended;
  // Answers already handed to stdout must reach the client before we close.
  await new Promise<void>((resolve) => streams.stdout.write('', () => resolve()));
  await server.close();
}
