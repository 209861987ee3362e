// Running a CLI function as the process: signals end it promptly, output drains, the exit code is set.
import { getEventListeners } from 'node:events';
import { type CliIO, processIO } from './io.js';

/** How long a command that watches `io.signal` (listen, mcp, serve) may take to stop after SIGINT/SIGTERM. */
export const SIGNAL_GRACE_MS = 2000;

// POSIX numbers, for the conventional exit code 128 + n.
const SIGNALS = { SIGINT: 2, SIGTERM: 15 } as const;

/**
 * Runs `fn` with this process's argv and streams. On SIGINT/SIGTERM a command that listens to `io.signal` is
 * asked to stop and keeps its own exit code if it does so within SIGNAL_GRACE_MS; any other command (one busy
 * writing, or waiting on a stdin that never ends) — or a second signal — ends the process at once with
 * 128 + the signal's number, as Node's default handler would have.
 */
export async function runAsProcess(
  fn: (argv: string[], io: CliIO) => Promise<number>,
  io: Omit<CliIO, 'signal'> = processIO(),
): Promise<void> {
  const controller = new AbortController();
  for (const [name, number] of Object.entries(SIGNALS)) {
    process.on(name, () => {
      const exitCode = 128 + number;
      const watched = getEventListeners(controller.signal, 'abort').length > 0;
      if (!watched || controller.signal.aborted) process.exit(exitCode);
      controller.abort();
      setTimeout(() => process.exit(exitCode), SIGNAL_GRACE_MS).unref();
    });
  }
  process.exitCode = await fn(process.argv.slice(2), { ...io, signal: controller.signal });
}
