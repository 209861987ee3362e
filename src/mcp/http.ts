// MCP over HTTP: the `/mcp` route (stateless Streamable HTTP, one server per request, acting as the server's identity
// or the caller's X-Baton-Agent), and a server with that route first (what `baton serve` and the tests start).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { canonicalName, nameProblem } from '../core/store/names.js';
import { readBody } from '../http/read-body.js';
import { type HttpServerOptions, listenHttp, type Route, type RunningHttpServer } from '../http/server.js';
import { type IdentitySource, identityOrigin } from './call-context.js';

export interface McpRouteOptions {
  /**
   * Builds the MCP server for one request, acting as `agent` (undefined: the caller must name itself); `source`
   * says where the name came from (the server's own, or the request's X-Baton-Agent header).
   */
  mcpServer(agent: string | undefined, source: IdentitySource | undefined): McpServer;
  /** The server's own identity (`--as`). When set, a request's X-Baton-Agent may only repeat it. */
  agent?: string;
  /** Where `agent` came from (`--as`: `flag`, BATON_AGENT: `env`). Default `flag`. */
  agentSource?: IdentitySource;
  /** Default 1 MiB. */
  maxBodyBytes?: number;
}

export type HttpOptions = HttpServerOptions & McpRouteOptions;

export const MCP_PATH = '/mcp';
export const AGENT_HEADER = 'x-baton-agent';
const DEFAULT_MAX_BODY = 1024 * 1024;

/** The `/mcp` route. */
export function mcpRoute(options: McpRouteOptions): Route {
  return async (req, res, url) => {
    if (url.pathname !== MCP_PATH) return false;
    await handleMcp(req, res, options);
    return true;
  };
}

/**
 * An HTTP server with `/mcp` first (taking the bearer header only), then `options.routes`; its status page names
 * the MCP endpoint. `url` is the MCP address, `http://<host>:<port>/mcp`.
 */
export async function listenMcpHttp(options: HttpOptions): Promise<RunningHttpServer & { url: string }> {
  const running = await listenHttp({
    ...options,
    routes: [mcpRoute(options), ...(options.routes ?? [])],
    bearerOnlyPaths: [MCP_PATH, ...(options.bearerOnlyPaths ?? [])],
    status: () => `baton is running. MCP (Streamable HTTP): POST /mcp\n${options.status?.() ?? ''}`,
  });
  return { ...running, url: `${running.origin}${MCP_PATH}` };
}

// Stateless: every POST gets a fresh server and transport. The board lives on disk, so nothing is lost between
// requests, nothing accumulates per client, and each request carries its own identity.
async function handleMcp(req: IncomingMessage, res: ServerResponse, options: McpRouteOptions) {
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

function sendRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  res
    .writeHead(status, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
