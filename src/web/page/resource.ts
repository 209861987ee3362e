// What a view holds of the server: a GET resource (fetched when its path changes, re-fetched when an area it shows
// changes) and the state of a write it starts.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, getJson } from './api.js';
import { type Area, onChange, touches } from './live.js';

export interface Resource<T> {
  /** The last good answer for this path (kept while a re-fetch runs, so the view does not flicker). */
  data?: T;
  error?: ApiFailure;
  loading: boolean;
}

/** Fetches `path` (null = nothing to fetch) and re-fetches it on a change to any of `areas`. */
export function useResource<T>(path: string | null, areas: readonly Area[]): Resource<T> {
  const [state, setState] = useState<Resource<T> & { path: string | null }>({ path, loading: path !== null });
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const areasKey = areas.join(',');

  useEffect(
    () => onChange((change) => touches(change, areasKey.split(',') as Area[]) && setTick((n) => n + 1)),
    [areasKey],
  );

  // `tick` is the re-fetch trigger.
  useEffect(() => {
    const mine = ++seq.current;
    if (path === null) {
      setState({ path, loading: false });
      return;
    }
    setState((old) => (old.path === path ? { ...old, loading: true } : { path, loading: true }));
    getJson<T>(path).then(
      (data) => mine === seq.current && setState({ path, data, loading: false }),
      (error: unknown) => {
        if (mine !== seq.current) return;
        const failure = error instanceof ApiFailure ? error : new ApiFailure(String(error), 'failed', 0);
        setState((old) => ({
          path,
          data: old.path === path ? old.data : undefined,
          error: failure,
          loading: false,
        }));
      },
    );
  }, [path, tick]);

  // A previous path's answer is never shown for a new path.
  return state.path === path ? state : { loading: true };
}

function asFailure(error: unknown): ApiFailure {
  return error instanceof ApiFailure ? error : new ApiFailure(String(error), 'failed', 0);
}

export interface Action<T> {
  busy: boolean;
  /** Why the last write failed (cleared by the next start). */
  error?: ApiFailure;
  /** The last write's answer (cleared by the next start). */
  value?: T;
  /** Starts a write unless one is running; `done` gets its answer. */
  run(start: () => Promise<T>, done?: (value: T) => void): void;
}

/** A write a view starts (a form's submit, an action button): busy while it runs, then its answer or failure. */
export function useAction<T>(): Action<T> {
  const [state, setState] = useState<Omit<Action<T>, 'run'>>({ busy: false });
  const running = useRef(false);
  const run = (start: () => Promise<T>, done?: (value: T) => void) => {
    if (running.current) return;
    running.current = true;
    setState({ busy: true });
    start().then(
      (value) => {
        running.current = false;
        setState({ busy: false, value });
        done?.(value);
      },
      (error: unknown) => {
        running.current = false;
        setState({ busy: false, error: asFailure(error) });
      },
    );
  };
  return { ...state, run };
}
