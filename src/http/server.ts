// The HTTP front door of `baton serve`: connection limits and timeouts, guards (Host/Origin, token), then the routes
// its caller mounts (MCP at /mcp, the remote CLI, the web UI), a status page at `/` and 404. Knows no route's content.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BatonError } from '../core/errors.js';
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
} from './guard.js';
import type { Logger } from './logger.js';

/** A route: returns true when it answered the request. */
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export interface HttpServerOptions {
  /** Default 127.0.0.1. Any non-loopback host requires `token`. */
  host?: string;
  /** Default 7325; 0 picks a free port. */
  port?: number;
  /** Bearer token every request must carry (required for a non-loopback bind). */
  token?: string;
  /** Routes tried, in order, before the status page and 404. */
  routes?: Route[];
  /** Paths that take the bearer header only, never the page's sign-in cookie (`/mcp`: its clients send the header). */
  bearerOnlyPaths?: string[];
  /** How long a client may take to send its headers, and its whole request. Default 5 s and 10 s. */
  timeouts?: Partial<HttpTimeouts>;
  /** Connections held per client address and in total. Default 128 and 1024. */
  limits?: Partial<ConnectionLimits>;
  /** The status page at `/` (when no route answers it). Default `baton is running.` */
  status?: () => string;
  logger: Logger;
}

export interface RunningHttpServer {
  server: Server;
  host: string;
  port: number;
  /** `http://<host>:<port>` */
  origin: string;
  close(): Promise<void>;
}

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
}

// Node's defaults (60 s for headers, 300 s for a request, checked every 30 s) let a client that sends a byte now
// and then hold a connection for minutes; a JSON-RPC request is small and sent at once.
export const DEFAULT_TIMEOUTS: HttpTimeouts = { headersMs: 5_000, requestMs: 10_000 };

/** Starts listening; refuses a non-loopback bind without a token (nothing is opened then). */
export async function listenHttp(options: HttpServerOptions): Promise<RunningHttpServer> {
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
    origin: `http://${urlHost(host)}:${bound}`,
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
export function createRequestHandler(options: HttpServerOptions, allowed: () => Set<string>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res, options, allowed()).catch((error) => {
      options.logger.error('http request failed', error);
      if (!res.headersSent) sendText(res, 500, 'internal error (details in the server log)\n');
      else res.destroy();
    });
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  options: HttpServerOptions,
  allowed: Set<string>,
) {
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
    if ((options.bearerOnlyPaths ?? []).includes(url.pathname) || !cookieMatches(req, options.token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="baton"');
      return sendText(
        res,
        401,
        'unauthorized: send "Authorization: Bearer <token>" (in a browser, open /?token=<token> once)\n',
      );
    }
  }
  for (const route of options.routes ?? []) if (await route(req, res, url)) return;
  if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
    return sendText(res, 200, options.status?.() ?? 'baton is running.\n');
  }
  sendText(res, 404, 'not found\n');
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}
