// The full `baton hook`, loaded by hook.cjs when the quick look found work (or was unsure). Stdin has already been
// read there: it is handed over, not read again.

import { BatonError } from '../../core/errors.js';
import { run } from '../commands/hook.js';
import { runHot } from './entry.js';
import { readHookStdin, startWatchdog } from './hook-stdin.js';

export type HandedStdin = { text: string } | { unread: string } | undefined;

/**
 * A call the hook gate (hooks/gate) hands over (BATON_HOOK_FROM_GATE=1): its own look found work or could not tell,
 * so hook.cjs's quick look would only cost time. Not passed on to what the hook starts.
 */
export function runGatedHook(): Promise<void> {
  delete process.env.BATON_HOOK_FROM_GATE;
  // A session's end the gate left running in the background: a terminal's hangup or Ctrl-C meant for the harness
  // that has exited does not cut its draft short (it is bounded by the watchdog).
  if (process.env.BATON_HOOK_BACKGROUND === '1') {
    process.on('SIGHUP', () => {});
    process.on('SIGINT', () => {});
  }
  startWatchdog();
  return runHookProcess(readHookStdin());
}

export function runHookProcess(stdin: HandedStdin): Promise<void> {
  return runHot((argv, io) => {
    if (stdin === undefined) return run(argv, io);
    const readStdin = async () => {
      if ('text' in stdin) return stdin.text;
      throw new BatonError('invalid_input', stdin.unread);
    };
    return run(argv, { ...io, readStdin });
  });
}
