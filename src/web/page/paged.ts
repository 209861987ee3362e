// A list the server answers a page at a time (mail threads, the inbox): the first page is a resource like any other
// (re-fetched when its area changes); the pages after it are asked for with the cursor the page before gave, and —
// when the first page changes — fetched again in one request from its new end, so the list stays one ordered whole.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, getJson } from './api.js';
import type { Area } from './live.js';
import { useResource } from './resource.js';

/** Rows per page, as the server counts them. */
export const PAGE = 200;
/** The most rows one re-fetch of the later pages asks for (the server's own cap). */
const REFETCH_MAX = 1000;

export interface PageShape<P, I> {
  items(page: P): I[];
  next(page: P): string | undefined;
  /** The query parameter a cursor goes in. */
  param: 'after' | 'before';
}

export interface Paged<P, I> {
  first?: P;
  items: I[];
  error?: ApiFailure;
  /** A later page is being fetched. */
  loadingMore: boolean;
  /** There is a page after the last one shown. */
  more: boolean;
  loadMore(): void;
}

export function usePaged<P, I>(base: string, areas: readonly Area[], shape: PageShape<P, I>): Paged<P, I> {
  const res = useResource<P>(`${base}?limit=${PAGE}`, areas);
  const [tail, setTail] = useState<{ items: I[]; next?: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure>();
  const seq = useRef(0);
  const latest = useRef({ tail, first: res.data });
  latest.current = { tail, first: res.data };

  const fetchAfter = (cursor: string, limit: number, append: boolean) => {
    const mine = ++seq.current;
    setBusy(true);
    const path = `${base}?limit=${limit}&${shape.param}=${encodeURIComponent(cursor)}`;
    getJson<P>(path).then(
      (page) => {
        if (mine !== seq.current) return;
        setBusy(false);
        setFailure(undefined);
        setTail((old) => ({
          items: [...(append ? (old?.items ?? []) : []), ...shape.items(page)],
          next: shape.next(page),
        }));
      },
      (error: unknown) => {
        if (mine !== seq.current) return;
        setBusy(false);
        setFailure(error instanceof ApiFailure ? error : new ApiFailure(String(error), 'failed', 0));
      },
    );
  };

  // The first page changed (a new message, a refresh): the later pages follow from its new end.
  useEffect(() => {
    const { tail: shown } = latest.current;
    if (!res.data || !shown || shown.items.length === 0) return;
    const cursor = shape.next(res.data);
    if (!cursor) {
      seq.current++;
      setTail(undefined);
      return;
    }
    fetchAfter(cursor, Math.min(shown.items.length, REFETCH_MAX), false);
  }, [res.data]);

  const loadMore = () => {
    const { tail: shown, first } = latest.current;
    if (busy || !first) return;
    const cursor = shown ? shown.next : shape.next(first);
    if (cursor) fetchAfter(cursor, PAGE, true);
  };

  const first = res.data;
  return {
    first,
    items: first ? [...shape.items(first), ...(tail?.items ?? [])] : [],
    error: res.error ?? failure,
    loadingMore: busy,
    more: first !== undefined && (tail ? tail.next !== undefined : shape.next(first) !== undefined),
    loadMore,
  };
}
