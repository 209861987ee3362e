// Who may change the board through the page: a same-origin request carrying this server's page token, as JSON.
// Pure functions over the request they are handed (the Host/Origin check itself runs first, for every path).
import type { IncomingMessage } from 'node:http';
import { sameSecret } from '../http/guard.js';

/** The header a mutation carries the page token in. */
export const TOKEN_HEADER = 'x-baton-token';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isMutation(method: string | undefined): boolean {
  return MUTATING.has(method ?? 'GET');
}

/**
 * Why a mutation is refused, or undefined when it may go ahead. It must name this server's page token (only a page
 * served by this server knows it: other origins cannot read the page), say it sends JSON (a cross-site form cannot),
 * and — when the browser says where it comes from — come from this origin.
 */
export function mutationProblem(req: IncomingMessage, pageToken: string): string | undefined {
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return `a ${site} request may not change the board`;
  }
  if (!sameSecret(header(req, TOKEN_HEADER) ?? '', pageToken)) {
    return 'missing or wrong X-Baton-Token: changes come from the page this server served (reload it)';
  }
  const type = (header(req, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return 'the body must be JSON (Content-Type: application/json)';
  return undefined;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
