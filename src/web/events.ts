// GET /api/events: server-sent events telling open pages which parts of the board changed. Every page shares the
// one BoardWatcher; a page that goes away stops listening.

import type { Area, BoardWatcher } from '../core/board/watch.js';
import type { Route } from '../http/server.js';
import type { ChangeEvent } from './api-types.js';

// The page's ChangeEvent names exactly the watcher's areas (a compile-time check: either side drifting fails tsc).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const SAME_AREAS: Same<Area, ChangeEvent['areas'][number]> = true;
void SAME_AREAS;

/** Pages connected at once; more are refused (each holds a connection open). */
export const MAX_EVENT_STREAMS = 64;
/** A comment line this often keeps proxies and idle timers from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** How soon a browser reconnects after a dropped stream. */
const RETRY_MS = 1_000;

export function eventsRoute(watcher: () => BoardWatcher): Route {
  let open = 0;
  return (req, res, url) => {
    if (url.pathname !== '/api/events') return false;
    if (req.method !== 'GET') {
      res.writeHead(405, { Allow: 'GET', 'Content-Type': 'text/plain; charset=utf-8' }).end('use GET\n');
      return true;
    }
    if (open >= MAX_EVENT_STREAMS) {
      res
        .writeHead(503, { 'Retry-After': '5', 'Content-Type': 'text/plain; charset=utf-8' })
        .end(`too many open pages (at most ${MAX_EVENT_STREAMS}): close some tabs\n`);
      return true;
    }
    open++;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\nevent: hello\ndata: {}\n\n`);
    const unsubscribe = watcher().subscribe((areas) => {
      res.write(`event: change\ndata: ${JSON.stringify({ areas })}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    res.on('close', () => {
      open--;
      clearInterval(heartbeat);
      unsubscribe();
    });
    return true;
  };
}
