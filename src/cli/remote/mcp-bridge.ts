// `baton mcp` with BATON_URL: the harness speaks MCP over stdio to this process, which relays every JSON-RPC
// message to the served `/mcp` (Streamable HTTP, with the bearer token) and every answer back. Only JSON-RPC
// reaches stdout; a relay that fails answers the request with a JSON-RPC error saying why.
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { remoteTarget } from './client.js';

export interface BridgeOptions {
  /** BATON_URL. */
  url: string;
  token?: string;
  /** Sent as X-Baton-Agent: who the served MCP server acts as (`--as`, else BATON_AGENT). */
  agent?: string;
  stdin: Readable;
  stdout: Writable;
  signal?: AbortSignal;
  /** Where relay problems are logged (never stdout). */
  log(line: string): void;
}

/** Relays until stdin ends or `signal` aborts. Throws (before reading anything) on a bad BATON_URL. */
export async function bridgeMcp(options: BridgeOptions): Promise<void> {
  const target = remoteTarget(options.url);
  const endpoint = new URL(target.endpoint.pathname.replace(/\/api\/cli$/, '/mcp'), target.endpoint);
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token.trim()}`;
  if (options.agent) headers['X-Baton-Agent'] = options.agent;
  const http = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers } });
  const emit = (message: JSONRPCMessage) => options.stdout.write(`${JSON.stringify(message)}\n`);
  http.onmessage = emit;
  // The stateless server has no stream to open for server-initiated messages: a failed GET is expected, not news.
  http.onerror = (error) => options.log(`relay: ${error.message}`);
  await http.start();
  const lines = createInterface({ input: options.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  const pending: Promise<void>[] = [];
  const relay = async (line: string) => {
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = JSON.parse(line) as JSONRPCMessage;
    } catch {
      emit({
        jsonrpc: '2.0',
        id: null as unknown as string,
        error: { code: -32700, message: 'parse error' },
      });
      return;
    }
    try {
      await http.send(message);
    } catch (error) {
      const id = 'id' in message && 'method' in message ? message.id : undefined;
      const why = relayProblem(error, target.shown, Boolean(options.token));
      options.log(why);
      if (id !== undefined) emit({ jsonrpc: '2.0', id, error: { code: -32000, message: why } });
    }
  };
  lines.on('line', (line) => {
    pending.push(relay(line));
  });
  await new Promise<void>((resolve) => {
    lines.once('close', resolve);
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.allSettled(pending);
  await new Promise<void>((resolve) => options.stdout.write('', () => resolve()));
  await http.close();
}

// The SDK's error says the status and the body; the person needs what to do (and never the token).
function relayProblem(error: unknown, shown: string, sentToken: boolean): string {
  const text = error instanceof Error ? error.message : String(error);
  if ((error as { code?: unknown }).code === 401 || /\b401\b|unauthorized/i.test(text)) {
    return sentToken
      ? `the server at ${shown} (BATON_URL) refused the token (BATON_TOKEN) — set BATON_TOKEN to the token its \`baton serve\` uses`
      : `the server at ${shown} (BATON_URL) requires a token — set BATON_TOKEN to the token its \`baton serve\` uses`;
  }
  if (/ECONNREFUSED|fetch failed|ENOTFOUND|EHOSTUNREACH/.test(text)) {
    return `cannot reach baton serve at ${shown} (BATON_URL) — start \`baton serve\` there, or fix BATON_URL`;
  }
  return `baton serve at ${shown} (BATON_URL): ${text.slice(0, 300)}`;
}
