// The raw draft at a session's end, for a transcript too large to read inside the hook's time: Codex gives a
// SessionEnd hook 3 s at most and then kills it, and a 100 MB rollout takes longer than that to read on a busy
// machine. The hook starts itself again as a detached process (its own session and process group, so neither the
// harness's cleanup of its hook nor a kill of the harness's group reaches it), hands it its stdin, and returns. The
// detached hook waits until the one that started it has exited, then drafts (the note is written atomically, as
// every note is) and logs what it did.
import { statSync } from 'node:fs';
import { childProcess } from '../core/builtins.js';

/**
 * A transcript up to this size is drafted inside the hook: about 0.5 s of reading on a loaded machine (~20 MB/s),
 * which leaves Node's start and the board's work well inside Codex's 3 s. A larger one goes to a detached process.
 */
export const INLINE_DRAFT_BYTES = 8 * 1024 * 1024;

/** The variable that marks a detached hook, holding the pid of the hook that started it. */
export const DETACHED_ENV = 'BATON_HOOK_DETACHED';

/**
 * The variable the hook gate sets on a session's end it runs in the background (hooks/gate): nobody waits for that
 * hook, so it drafts any transcript itself, and takes away its marker (core/sessions/in-flight.ts) when done.
 */
export const BACKGROUND_ENV = 'BATON_HOOK_BACKGROUND';

/** How long a detached hook waits for the hook that started it to exit before it drafts anyway. */
const WAIT_FOR_PARENT_MS = 10_000;

/** The size of `transcript` when it is too large to draft inside the hook; undefined otherwise (or unreadable). */
export function oversizeTranscript(transcript: string): number | undefined {
  try {
    const info = statSync(transcript);
    return info.isFile() && info.size > INLINE_DRAFT_BYTES ? info.size : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts `command` (this hook's own command line) as a detached process with `stdin` as its input, and returns its
 * pid. It is not waited for: this process may exit at once (the pipe is written before it does).
 */
export function startDetached(
  command: readonly string[],
  stdin: string,
  cwd: string,
  env: Record<string, string | undefined>,
): number {
  const [file, ...args] = command;
  if (!file) throw new Error('no command to start');
  const child = childProcess().spawn(file, args, {
    cwd,
    env: { ...env, [DETACHED_ENV]: String(process.pid) },
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  // A failure to start is reported through the pid (undefined) below; the error must not crash the hook.
  child.on('error', () => {});
  child.stdin?.on('error', () => {});
  child.stdin?.end(stdin);
  child.unref();
  if (child.pid === undefined) throw new Error(`could not start ${file}`);
  return child.pid;
}

/**
 * In a detached hook: resolves once the hook that started it (`parent`, its pid) has exited — this process is then
 * handed to another parent — or after WAIT_FOR_PARENT_MS. No signal is sent to anything.
 */
export async function parentExited(parent: number): Promise<void> {
  const until = Date.now() + WAIT_FOR_PARENT_MS;
  while (process.ppid === parent && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
