// Hot entry for `baton hook` (see entry.ts). A watchdog ends a hook that runs too long with exit 0 and no output:
// the harness goes on, the log says why.
import { run } from '../commands/hook.js';
import { runHot } from './entry.js';

const DEADLINE_MS = 25_000;

setTimeout(() => {
  process.stderr.write(`baton hook: gave up after ${DEADLINE_MS / 1000} s\n`);
  process.exit(0);
}, DEADLINE_MS).unref();
void runHot(run);
