// Hot entry for `baton hook` (see entry.ts), in two stages. This file reads stdin and runs the nothing-to-do check
// (hooks/quiet.ts), which is all most hook calls need; only when there is work does it load the full hook
// (hook-work.cjs). A call the hook gate hands over skips this file (bin/baton.js starts hook-work.cjs directly).

import { homedir } from 'node:os';
import { join } from 'node:path';
import { hookEvent, isHookHarness } from '../../hooks/events.js';
import { idleWindow } from '../../hooks/idle.js';
import { nothingToDo } from '../../hooks/quiet.js';
import { parseFor } from '../grammar.js';
import { readHookStdin, startWatchdog } from './hook-stdin.js';

startWatchdog();

// The command line as every command reads it (the grammar table); one the quick look cannot use (a usage mistake,
// --help, an unknown event or harness) goes straight to the full hook, which says what is wrong.
function quickArgs(argv: string[]) {
  let parsed: ReturnType<typeof parseFor<'hook'>>;
  try {
    parsed = parseFor('hook', argv);
  } catch {
    return undefined;
  }
  const { flags, positionals } = parsed;
  const event = hookEvent(positionals[0] ?? '');
  const harness = flags.harness ?? '';
  if (flags.help || flags.global || !event || !isHookHarness(harness)) return undefined;
  const idle = flags['idle-after'];
  const idleAfter = idle === undefined ? undefined : idleWindow(idle);
  if (idle !== undefined && idleAfter === undefined) return undefined;
  return { event, harness, board: flags.board, idleAfter };
}

const argv = process.argv.slice(3);
const quick = quickArgs(argv);
// Always read here (the full hook is handed it): one reader, which drains what is past the limit.
const stdin = readHookStdin();
let quiet = false;
try {
  quiet =
    quick !== undefined &&
    stdin !== undefined &&
    'text' in stdin &&
    nothingToDo({ ...quick, stdin: stdin.text, cwd: process.cwd(), home: homedir(), env: process.env });
} catch {
  // Unsure: the full hook looks again, and logs what went wrong.
}
if (!quiet) require(join(__dirname, 'hook-work.cjs')).runHookProcess(stdin);
