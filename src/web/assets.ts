// The page's files (built into dist/web by the package build) and the headers every page response carries: a strict
// Content-Security-Policy with no inline script, no framing, no sniffing, no referrer.
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Route } from '../http/server.js';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers on every response of the page and its API. */
export function setPageHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

const TYPES: Record<string, string> = {
  'app.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
};

const TOKEN_PLACEHOLDER = '__BATON_TOKEN__';

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#3b5bdb"/><path d="M4 12 12 4" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/></svg>';

/**
 * Where the built page is: dist/web next to the CLI bundle (dist/cli.js, or a chunk in dist/chunks), or — running
 * from the sources in tests — the checkout's dist/web. Undefined when the page was never built.
 */
export function findAssets(from: string = fileURLToPath(import.meta.url)): string | undefined {
  const here = dirname(from);
  for (const candidate of [
    join(here, 'web'),
    join(here, '..', 'web'),
    join(here, '..', '..', 'dist', 'web'),
  ]) {
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

/** Serves `/` (index.html with the page token filled in), `/app.js`, `/style.css` and the icon. */
export function assetsRoute(dir: string | undefined, pageToken: string): Route {
  const cache = new Map<string, Buffer>();
  const read = (name: string): Buffer | undefined => {
    if (!dir) return undefined;
    let data = cache.get(name);
    if (!data) {
      try {
        data = readFileSync(join(dir, name));
      } catch {
        return undefined;
      }
      if (name === 'index.html')
        data = Buffer.from(data.toString('utf8').replace(TOKEN_PLACEHOLDER, pageToken));
      cache.set(name, data);
    }
    return data;
  };
  return (req, res, url) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = url.pathname;
    if (path === '/favicon.svg' || path === '/favicon.ico') {
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=86400' }).end(FAVICON);
      return true;
    }
    const name = path === '/' || path === '/index.html' ? 'index.html' : path.slice(1);
    if (name !== 'index.html' && !Object.hasOwn(TYPES, name)) return false;
    const data = read(name);
    if (!data) {
      res
        .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('the web UI is not built: run `npm run build` in the baton checkout, then reload\n');
      return true;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[name] ?? 'text/html; charset=utf-8',
      'Cache-Control': name === 'index.html' ? 'no-store' : 'no-cache',
      'Content-Length': data.length,
    });
    res.end(req.method === 'HEAD' ? undefined : data);
    return true;
  };
}
