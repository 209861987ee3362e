// The HTTP front door: guards (Host/Origin, token, body cap), then routes — `/mcp` (stateless Streamable
// HTTP), a status page at `/`, and whatever routes a caller adds (the web UI will).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { BatonError } from '../core/errors.js';
import { nameProblem } from '../core/store/names.js';
import { allowedHosts, bearerMatches, foreignOrigin, isLoopbackHost, urlHost } from './http-guard.js';
import type { Logger } from './logger.js';
import { readBody } from './read-body.js';

/** A route: returns true when it answered the request. */
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export interface HttpOptions {
  /** Default 127.0.0.1. Any non-loopback host requires `token`. */
  host?: string;
  /** Default 7325; 0 picks a free port. */
  port?: number;
  /** Bearer token every request must carry (required for a non-loopback bind). */
  token?: string;
  /** Builds the MCP server for one request, acting as `agent` (undefined: the caller must name itself). */
  mcpServer(agent: string | undefined): McpServer;
  /** The server's own identity (`--as`). When set, a request's X-Baton-Agent may only repeat it. */
  agent?: string;
  /** Routes tried, in order, after `/mcp` and before the status page and 404. */
  routes?: Route[];
  /** Default 1 MiB. */
  maxBodyBytes?: number;
  /** Extra lines for the status page at `/`. */
  status?: () => string;
  logger: Logger;
}

export interface RunningHttpServer {
  server: Server;
  host: string;
  port: number;
  /** `http://<host>:<port>/mcp` */
  url: string;
  close(): Promise<void>;
}

export const AGENT_HEADER = 'x-baton-agent';
const DEFAULT_MAX_BODY = 1024 * 1024;

/** Starts listening; refuses a non-loopback bind without a token (nothing is opened then). */
export async function listenHttp(options: HttpOptions): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && !options.token) {
    throw new BatonError(
      'invalid_input',
      `refusing to listen on ${host} without a token: a non-loopback address is reachable from other machines — pass --token-file <file> or set BATON_TOKEN (clients send "Authorization: Bearer <token>"), or keep the default --host 127.0.0.1`,
    );
  }
  let allowed = new Set<string>();
  const server = createServer(createRequestHandler(options, () => allowed));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 7325, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  allowed = allowedHosts(host, port);
  return {
    server,
    host,
    port,
    url: `http://${urlHost(host)}:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The request handler, usable on any node:http server. `allowed` yields the Host values that are ours. */
export function createRequestHandler(options: HttpOptions, allowed: () => Set<string>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res, options, allowed()).catch((error) => {
      options.logger.error('http request failed', error);
      if (!res.headersSent) sendText(res, 500, 'internal error (details in the server log)\n');
      else res.destroy();
    });
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, options: HttpOptions, allowed: Set<string>) {
  const foreign = foreignOrigin(req, allowed);
  if (foreign) return sendText(res, 403, `forbidden: ${foreign} (DNS rebinding protection)\n`);
  if (options.token && !bearerMatches(req, options.token)) {
    res.setHeader('WWW-Authenticate', 'Bearer realm="baton"');
    return sendText(res, 401, 'unauthorized: send "Authorization: Bearer <token>"\n');
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/mcp') return handleMcp(req, res, options);
  for (const route of options.routes ?? []) if (await route(req, res, url)) return;
  if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
    return sendText(
      res,
      200,
      `baton is running. MCP (Streamable HTTP): POST /mcp\n${options.status?.() ?? ''}`,
    );
  }
  sendText(res, 404, 'not found\n');
}

// Stateless: every POST gets a fresh server and transport. The board lives on disk, so nothing is lost between
// requests, nothing accumulates per client, and each request carries its own identity.
async function handleMcp(req: IncomingMessage, res: ServerResponse, options: HttpOptions) {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    return sendRpcError(
      res,
      405,
      -32000,
      'method not allowed: this server is stateless — POST JSON-RPC to /mcp',
    );
  }
  const claimed = headerValue(req.headers[AGENT_HEADER]);
  if (claimed !== undefined) {
    const problem = nameProblem('agent', claimed);
    if (problem)
      return sendRpcError(res, 400, -32600, `invalid X-Baton-Agent ${JSON.stringify(claimed)}: ${problem}`);
    if (options.agent && claimed !== options.agent) {
      return sendRpcError(
        res,
        403,
        -32600,
        `X-Baton-Agent ${claimed} contradicts this server's identity ${options.agent}`,
      );
    }
  }
  const body = await readBody(req, options.maxBodyBytes ?? DEFAULT_MAX_BODY);
  if (!body.ok) {
    if (body.reason === 'aborted') return res.destroy();
    res.setHeader('Connection', 'close');
    return sendRpcError(
      res,
      413,
      -32600,
      `request body too large (at most ${options.maxBodyBytes ?? DEFAULT_MAX_BODY} bytes)`,
    );
  }
  let message: unknown;
  try {
    message = JSON.parse(body.text);
  } catch {
    return sendRpcError(res, 400, -32700, 'parse error: the body is not JSON');
  }
  const server = options.mcpServer(options.agent ?? claimed);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    transport.close().catch(() => {});
    server.close().catch(() => {});
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, message);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

function sendRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res
    .writeHead(status, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
