// Hot entry for `baton hook` (see entry.ts), in two stages. This file reads stdin and runs the nothing-to-do check
// (hooks/quiet.ts), which is all most hook calls need; only when there is work does it load the full hook
// (hook-work.cjs). A watchdog ends a hook that runs too long with exit 0 and no output: the harness goes on.

import { readSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isTerminal } from '../../core/builtins.js';
import { hookEvent, isHookHarness } from '../../hooks/events.js';
import { idleWindow } from '../../hooks/idle.js';
import { nothingToDo } from '../../hooks/quiet.js';
import { HOOK_STDIN_LIMIT } from '../../hooks/stdin-limit.js';
import { parseFor } from '../grammar.js';
import { stdinText } from '../stdin-text.js';

// A detached session-end draft (hooks/detached-draft.ts, marked by BATON_HOOK_DETACHED) answers no harness: it may
// read a large transcript for longer, still bounded.
const DEADLINE_MS = process.env.BATON_HOOK_DETACHED ? 600_000 : 25_000;

setTimeout(() => {
  process.stderr.write(`baton hook: gave up after ${DEADLINE_MS / 1000} s\n`);
  process.exit(0);
}, DEADLINE_MS).unref();

type Stdin = { text: string } | { unread: string };

// The whole of stdin, at most HOOK_STDIN_LIMIT bytes kept (the rest is read and dropped, so the harness writing it
// never meets a closed pipe); undefined for a terminal (the full hook handles that as the CLI does).
function readStdin(): Stdin | undefined {
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

// The hook gate (hooks/gate) hands a call over only after its own look found work or could not tell: looking again
// here would only cost time. Not passed on to what the hook starts.
const fromGate = process.env.BATON_HOOK_FROM_GATE === '1';
delete process.env.BATON_HOOK_FROM_GATE;
const argv = process.argv.slice(3);
const quick = quickArgs(argv);
// Always read here (the full hook is handed it): one reader, which drains what is past the limit.
const stdin = readStdin();
let quiet = false;
try {
  quiet =
    !fromGate &&
    quick !== undefined &&
    stdin !== undefined &&
    'text' in stdin &&
    nothingToDo({ ...quick, stdin: stdin.text, cwd: process.cwd(), home: homedir(), env: process.env });
} catch {
  // Unsure: the full hook looks again, and logs what went wrong.
}
if (!quiet) require(join(__dirname, 'hook-work.cjs')).runHookProcess(stdin);
