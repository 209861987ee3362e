// What every run of `baton hook` does first, whichever file it starts in (hook.cjs, or hook-work.cjs straight from
// the hook gate): a watchdog that ends a hook running too long with exit 0 and no output (the harness goes on), and
// stdin read once, whole.
import { readSync } from 'node:fs';
import { isTerminal } from '../../core/builtins.js';
import { HOOK_STDIN_LIMIT } from '../../hooks/stdin-limit.js';
import { stdinText } from '../stdin-text.js';

// A detached session-end draft (hooks/detached-draft.ts, marked by BATON_HOOK_DETACHED) and a session's end the
// hook gate runs in the background (BATON_HOOK_BACKGROUND) answer no harness: they may read a large transcript for
// longer, still bounded.
const DEADLINE_MS = process.env.BATON_HOOK_DETACHED || process.env.BATON_HOOK_BACKGROUND ? 600_000 : 25_000;

export function startWatchdog(): void {
  setTimeout(() => {
    process.stderr.write(`baton hook: gave up after ${DEADLINE_MS / 1000} s\n`);
    process.exit(0);
  }, DEADLINE_MS).unref();
}

export type HookStdin = { text: string } | { unread: string };

// The whole of stdin, at most HOOK_STDIN_LIMIT bytes kept (the rest is read and dropped, so the harness writing it
// never meets a closed pipe); undefined for a terminal (the full hook handles that as the CLI does).
export function readHookStdin(): HookStdin | undefined {
  if (isTerminal(0)) return undefined;
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(64 * 1024);
  let size = 0;
  for (;;) {
    let count: number;
    try {
      count = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      if (code === 'EOF') break;
      return { unread: `stdin could not be read (${code ?? String(error)})` };
    }
    if (count === 0) break;
    size += count;
    if (size <= HOOK_STDIN_LIMIT) chunks.push(Buffer.from(buffer.subarray(0, count)));
  }
  if (size > HOOK_STDIN_LIMIT) {
    return { unread: `stdin is larger than ${HOOK_STDIN_LIMIT / 1024 / 1024} MiB — it was read and dropped` };
  }
  const text = stdinText(Buffer.concat(chunks));
  return text === undefined ? { unread: 'stdin is not valid UTF-8' } : { text };
}
