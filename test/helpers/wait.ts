// Waiting for a condition, never for a length of time: a test polls what it waits for (a file, a child's output, a
// board's state) and goes on the moment it holds. The deadline is a hang guard for a loaded machine, not a speed
// target — speed is measured in `npm run bench`. The one poll interval of the suite lives here.
import type { ChildProcess } from 'node:child_process';

/** How long a condition may take to hold before the test fails saying what it waited for. */
export const WAIT_MS = 90_000;

/**
 * Calls `check` until it returns something truthy (or a promise of it) and returns that; throws
 * `waited N s for <what>` once `timeoutMs` has passed. `check` may throw while the condition does not hold yet: the
 * last error is given with the timeout.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? WAIT_MS);
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const why = last === undefined ? '' : ` (last: ${last instanceof Error ? last.message : String(last)})`;
      throw new Error(`waited ${Math.round((options.timeoutMs ?? WAIT_MS) / 1000)} s for ${what}${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 50));
  }
}

/**
 * Collects what `child` writes on `stream` and resolves with all of it once it matches `pattern`; rejects when the
 * child exits first (with what it wrote) or after `timeoutMs`.
 */
export function outputMatching(
  child: ChildProcess,
  stream: 'stdout' | 'stderr',
  pattern: RegExp,
  timeoutMs = WAIT_MS,
): Promise<string> {
  const source = child[stream];
  if (!source) return Promise.reject(new Error(`the child's ${stream} is not a pipe`));
  return new Promise((done, fail) => {
    let text = '';
    const finish = (error?: Error) => {
      clearTimeout(timer);
      source.off('data', onData);
      child.off('close', onClose);
      if (error) fail(error);
      else done(text);
    };
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      if (pattern.test(text)) finish();
    };
    const onClose = (code: number | null, signal: NodeJS.Signals | null) =>
      finish(new Error(`exited (${signal ?? code}) before its ${stream} matched ${pattern}:\n${text}`));
    const timer = setTimeout(
      () =>
        finish(
          new Error(`waited ${Math.round(timeoutMs / 1000)} s for ${stream} to match ${pattern}:\n${text}`),
        ),
      timeoutMs,
    );
    source.on('data', onData);
    child.once('close', onClose);
  });
}
