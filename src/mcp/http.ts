// The HTTP front door: connection limits and timeouts, guards (Host/Origin, token, body cap), then routes — `/mcp` (stateless Streamable
// HTTP), a status page at `/`, and whatever routes a caller adds (the web UI will).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { BatonError } from '../core/errors.js';
import { canonicalName, nameProblem } from '../core/store/names.js';
import { type IdentitySource, identityOrigin } from './call-context.js';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS, limitConnections } from './connection-limits.js';
import {
  AUTH_COOKIE,
  allowedHosts,
  bearerMatches,
  cookieMatches,
  foreignOrigin,
  isLoopbackHost,
  sameSecret,
  urlHost,
} from './http-guard.js';
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
  /**
   * Builds the MCP server for one request, acting as `agent` (undefined: the caller must name itself); `source`
   * says where the name came from (the server's own, or the request's X-Baton-Agent header).
   */
  mcpServer(agent: string | undefined, source: IdentitySource | undefined): McpServer;
  /** The server's own identity (`--as`). When set, a request's X-Baton-Agent may only repeat it. */
  agent?: string;
  /** Where `agent` came from (`--as`: `flag`, BATON_AGENT: `env`). Default `flag`. */
  agentSource?: IdentitySource;
  /** Routes tried, in order, after `/mcp` and before the status page and 404. */
  routes?: Route[];
  /** Default 1 MiB. */
  maxBodyBytes?: number;
  /** How long a client may take to send its headers, and its whole request. Default 5 s and 10 s. */
  timeouts?: Partial<HttpTimeouts>;
  /** Connections held per client address and in total. Default 128 and 1024. */
  limits?: Partial<ConnectionLimits>;
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

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
}

// Node's defaults (60 s for headers, 300 s for a request, checked every 30 s) let a client that sends a byte now
// and then hold a connection for minutes; a JSON-RPC request is small and sent at once.
export const DEFAULT_TIMEOUTS: HttpTimeouts = { headersMs: 5_000, requestMs: 10_000 };

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
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  let allowed = new Set<string>();
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: Math.max(timeouts.requestMs, timeouts.headersMs),
      // How often Node looks for connections past those timeouts (its default is every 30 s).
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(timeouts.headersMs / 4))),
    },
    createRequestHandler(options, () => allowed),
  );
  limitConnections(server, { ...DEFAULT_CONNECTION_LIMITS, ...options.limits });
  const port = options.port ?? 7325;
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(listenError(error, host, port));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  allowed = allowedHosts(host, bound);
  return {
    server,
    host,
    port: bound,
    url: `http://${urlHost(host)}:${bound}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Why the server could not listen, as the next step for the person: a busy port is not a crash. */
function listenError(error: Error & { code?: string }, host: string, port: number): Error {
  switch (error.code) {
    case 'EADDRINUSE':
      return new BatonError(
        'conflict',
        `port ${port} is taken — pass --port <n> (or --port 0 for any free port)`,
      );
    case 'EACCES':
      return new BatonError(
        'conflict',
        `port ${port} needs privileges here — pass --port <n> above 1023 (or --port 0 for any free port)`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new BatonError(
        'invalid_input',
        `cannot listen on ${host}: not an address of this machine — pass --host 127.0.0.1 or one of its addresses`,
      );
    default:
      return error;
  }
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
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (options.token && !bearerMatches(req, options.token)) {
    const login = url.pathname === '/' && req.method === 'GET' ? url.searchParams.get('token') : null;
    if (login !== null && sameSecret(login, options.token)) {
      // The page's own sign-in: the token moves from the link into a cookie scripts cannot read or send elsewhere.
      res.setHeader(
        'Set-Cookie',
        `${AUTH_COOKIE}=${encodeURIComponent(options.token)}; HttpOnly; SameSite=Strict; Path=/`,
      );
      res.writeHead(303, { Location: '/', 'Cache-Control': 'no-store' }).end();
      return;
    }
    if (url.pathname === '/mcp' || !cookieMatches(req, options.token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="baton"');
      return sendText(
        res,
        401,
        'unauthorized: send "Authorization: Bearer <token>" (in a browser, open /?token=<token> once)\n',
      );
    }
  }
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
  const header = headerValue(req.headers[AGENT_HEADER]);
  const claimed = header === undefined ? undefined : canonicalName('agent', header);
  if (header !== undefined && claimed !== undefined) {
    const problem = nameProblem('agent', claimed);
    if (problem)
      return sendRpcError(res, 400, -32600, `invalid X-Baton-Agent ${JSON.stringify(header)}: ${problem}`);
    if (options.agent && claimed !== options.agent) {
      return sendRpcError(
        res,
        403,
        -32600,
        `X-Baton-Agent ${claimed} contradicts this server's identity ${options.agent} (${identityOrigin(options.agentSource ?? 'flag')}) — drop the header, or run a server with no identity of its own`,
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
  const server = options.agent
    ? options.mcpServer(options.agent, options.agentSource ?? 'flag')
    : options.mcpServer(claimed, claimed === undefined ? undefined : 'header');
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
