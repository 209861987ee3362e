// Who may talk to the HTTP server: its own Host and Origin only (DNS rebinding), and a bearer token when set.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The `host:port` values a request may name: the loopback names always; for a non-loopback bind also the bound
 * address, or for a wildcard bind every local interface address and the machine's hostname.
 */
export function allowedHosts(bindHost: string, port: number): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (!isLoopbackHost(bindHost)) {
    if (bindHost === '0.0.0.0' || bindHost === '::') {
      names.push(hostname().toLowerCase());
      for (const list of Object.values(networkInterfaces())) {
        for (const address of list ?? []) names.push(urlHost(address.address));
      }
    } else {
      names.push(urlHost(bindHost.toLowerCase()));
    }
  }
  const out = new Set(names.map((name) => `${name}:${port}`));
  if (port === 80) for (const name of names) out.add(name);
  return out;
}

/** An IPv6 address as it appears in a URL or Host header. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Why the request's Host or Origin is foreign, or undefined when both are this server's own. */
export function foreignOrigin(req: IncomingMessage, allowed: Set<string>): string | undefined {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!allowed.has(host)) return `Host ${JSON.stringify(host)} is not this server`;
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  try {
    const url = new URL(origin);
    if (url.protocol === 'http:' && allowed.has(url.host.toLowerCase())) return undefined;
  } catch {
    // an unparsable Origin is foreign
  }
  return `Origin ${JSON.stringify(origin)} is not this server`;
}

/** A constant-time check of `Authorization: Bearer <token>`. */
export function bearerMatches(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  return sameSecret(/^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '', token);
}

/** The cookie a browser holds the bearer token in (the page cannot send an Authorization header on navigation). */
export const AUTH_COOKIE = 'baton_auth';

/** The bearer token in the browser's cookie; never for `/mcp`, whose clients send the header. */
export function cookieMatches(req: IncomingMessage, token: string): boolean {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== AUTH_COOKIE) continue;
    try {
      return sameSecret(decodeURIComponent(part.slice(eq + 1).trim()), token);
    } catch {
      return false; // not percent-encoded as the server set it
    }
  }
  return false;
}

/** Constant-time comparison of two secrets; both are hashed first, so their lengths never leak. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given !== '';
}
