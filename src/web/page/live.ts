// Live updates: the server's change stream (/api/events) and the page's own change bus that views listen on.
import { useEffect, useState } from 'preact/hooks';
import type { ChangeEvent } from '../api-types.js';

export type Area = ChangeEvent['areas'][number];
/** `all` = re-fetch everything (the refresh button, or a reconnect after changes may have been missed). */
export type Change = ReadonlySet<Area> | 'all';
export type LiveState = 'open' | 'connecting' | 'closed';

const listeners = new Set<(change: Change) => void>();
let pending: Set<Area> | 'all' | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Calls `listener` on every change; returns the unsubscribe. */
export function onChange(listener: (change: Change) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the views that parts of the board changed; a burst of changes within 120 ms becomes one. */
export function emitChange(areas: Area[] | 'all', now = false): void {
  if (areas === 'all' || pending === 'all') pending = 'all';
  else pending = new Set([...(pending ?? []), ...areas]);
  clearTimeout(timer);
  const flush = () => {
    const change = pending;
    pending = undefined;
    if (change) for (const listener of [...listeners]) listener(change);
  };
  if (now) flush();
  else timer = setTimeout(flush, 120);
}

/** True when `change` touches any of `areas`. */
export function touches(change: Change, areas: readonly Area[]): boolean {
  return change === 'all' || areas.some((area) => change.has(area));
}

function parseAreas(data: string): Area[] {
  try {
    const event = JSON.parse(data) as Partial<ChangeEvent>;
    return Array.isArray(event.areas) ? event.areas : [];
  } catch {
    return [];
  }
}

/**
 * Keeps one EventSource on /api/events for the page's life and reports its state. EventSource retries by itself
 * after a dropped connection; when it gives up (closed), this reconnects with a backoff from 1 s to 30 s. Every
 * reopen after the first re-fetches everything, since changes may have been missed meanwhile.
 */
export function useLive(): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setState('closed');
      return;
    }
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 1000;
    let openedBefore = false;
    let stopped = false;
    const connect = () => {
      if (stopped) return;
      setState('connecting');
      const es = new EventSource('/api/events');
      source = es;
      es.onopen = () => {
        setState('open');
        delay = 1000;
        if (openedBefore) emitChange('all');
        openedBefore = true;
      };
      es.addEventListener('change', (event) => {
        const areas = parseAreas((event as MessageEvent<string>).data);
        if (areas.length > 0) emitChange(areas);
      });
      es.onerror = () => {
        if (es.readyState !== EventSource.CLOSED) {
          setState('connecting');
          return;
        }
        es.close();
        setState('closed');
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, []);
  return state;
}
