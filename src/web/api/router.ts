// The page's JSON API: one table of endpoints (method + path pattern → handler), the mutation guard, and errors
// turned into statuses in one place (json.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Board } from '../../core/board/open-board.js';
import type { Route } from '../../http/server.js';
import { type Changes, NO_CHANGES } from '../change-count.js';
import { isMutation, mutationProblem } from '../guard.js';
import { ApiRefusal, readJsonBody, sendError, sendJson } from './json.js';

export interface ApiContext {
  board: Board;
  /** Who the page acts as when it writes. */
  person: string;
  /** The pattern's captured groups, URI-decoded. */
  params: string[];
  query: URLSearchParams;
  /** The JSON object body (mutations only). */
  body: Record<string, unknown>;
  /** How many changes the board watcher has reported: part of the stamp of what a handler keeps. */
  changes: Changes;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'DELETE';
  /** Matched against the whole path after `/api`. */
  path: RegExp;
  handle(context: ApiContext): unknown;
}

export interface ApiOptions {
  endpoints: Endpoint[];
  /** Opens the board for one request (a fresh view of the files each time). */
  openBoard(): Board;
  person: string;
  /** The token the page sends with every change. */
  pageToken: string;
  /** Changes the board watcher reported, per area (change-count.ts); none counted without it. */
  changes?: Changes;
  log(error: unknown): void;
}

export function apiRoute(options: ApiOptions): Route {
  return async (req, res, url) => {
    if (!url.pathname.startsWith('/api/')) return false;
    try {
      await answer(req, res, url, options);
    } catch (error) {
      sendError(res, error, options.log);
    }
    return true;
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, url: URL, options: ApiOptions) {
  const path = url.pathname.slice('/api'.length);
  const method = req.method === 'HEAD' ? 'GET' : req.method;
  let allowed: string[] = [];
  for (const endpoint of options.endpoints) {
    const match = endpoint.path.exec(path);
    if (!match) continue;
    if (endpoint.method !== method) {
      allowed.push(endpoint.method);
      continue;
    }
    allowed = [];
    let body: Record<string, unknown> = {};
    if (isMutation(method)) {
      const problem = mutationProblem(req, options.pageToken);
      if (problem) throw new ApiRefusal(403, 'forbidden', problem);
      body = await readJsonBody(req);
    }
    const params = match.slice(1).map((part) => decode(part ?? ''));
    const value = await endpoint.handle({
      board: options.openBoard(),
      person: options.person,
      params,
      query: url.searchParams,
      body,
      changes: options.changes ?? NO_CHANGES,
    });
    return sendJson(res, method === 'POST' ? 201 : 200, value);
  }
  if (allowed.length > 0) {
    res.setHeader('Allow', allowed.join(', '));
    throw new ApiRefusal(405, 'method_not_allowed', `use ${allowed.join(' or ')} for ${path}`);
  }
  throw new ApiRefusal(404, 'not_found', `no API endpoint ${path} (see the README's "Web UI" section)`);
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new ApiRefusal(400, 'invalid_input', 'a malformed %-escape in the path');
  }
}
