// `baton hook <event> --harness <name>` — what the harnesses' hooks run. Always exits 0: a hook that failed, or was
// misconfigured, must never block or break the harness (Claude Code treats exit 2 as "block").

import { BACKGROUND_ENV, DETACHED_ENV } from '../../hooks/detached-draft.js';
import { HOOK_EVENTS, HOOK_HARNESSES, hookEvent, isHookHarness } from '../../hooks/events.js';
import { idleWindow } from '../../hooks/idle.js';
import { runHook } from '../../hooks/run.js';
import { ANSWERED_ENV } from '../../hooks/start-ready.js';
import { HOOK_STDIN_LIMIT } from '../../hooks/stdin-limit.js';
import { batonCommand } from '../../wiring/baton-command.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton hook <event> --harness <${HOOK_HARNESSES.join('|')}> [--board <path>] [--idle-after <30m>]
  Run by a harness's hooks (baton init wires them): reads the harness's hook JSON on stdin and answers in its
  envelope on stdout. Events: ${HOOK_EVENTS.join(', ')} (or the harness's own names: SessionStart, BeforeAgent, …).
  session-start registers the session and injects the board index and waiting mail; user-prompt-submit injects new
  mail; stop pushes waiting mail (at most 5, once) and commits a pending card write from the agent's reply;
  pre-tool-use warns when another live session edited the same file in the last 15 minutes; post-tool-use records
  the files a tool wrote; pre-compact and session-end draft a raw handoff from the transcript (config
  hooks.rawHandoffOnCompact), and session-end marks the session ended. --idle-after, for a session-start hook
  that fires before every model call (Antigravity's PreInvocation): act only when the session is new, ended, or
  was last started longer ago than that; otherwise print nothing.
  Always exits 0 and prints nothing when there is nothing to say; problems go to <board>/state/hooks.log.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`baton hook: ${(error as Error).message}\n`);
    return 0;
  }
  if (parsed.help) return printUsage(io, usage, false);
  let stdin = '';
  let unread: string | undefined;
  try {
    // Through bin/baton.js, hot/hook.cjs has read stdin already (draining past the limit) and hands it over.
    stdin = await io.readStdin(HOOK_STDIN_LIMIT);
  } catch (error) {
    unread = (error as Error).message;
  }
  const { event, harness, board } = parsed.run;
  const detachedFrom = Number(io.env[DETACHED_ENV]);
  const background = io.env[BACKGROUND_ENV] === '1';
  const answered = event === 'session-start' && io.env[ANSWERED_ENV] === '1';
  const outcome = await runHook({
    ...parsed.run,
    stdin,
    unread,
    cwd: io.cwd,
    env: io.env,
    remote: io.remote,
    background,
    answered,
    // The same hook again, for the draft of a large transcript at session end (hooks/detached-draft.ts); a hook in
    // the background drafts it itself.
    relaunch:
      io.remote || background
        ? undefined
        : [...batonCommand(), 'hook', event, '--harness', harness, ...(board ? ['--board', board] : [])],
    detachedFrom: Number.isInteger(detachedFrom) && detachedFrom > 1 ? detachedFrom : undefined,
  });
  if (!outcome.output) return 0;
  try {
    io.out(outcome.output);
    await io.flush?.();
    outcome.delivered();
  } catch {
    outcome.undelivered();
  }
  return 0;
}

function parse(argv: string[]) {
  const { flags, positionals } = parseFor('hook', argv);
  if (flags.help) return { help: true as const };
  const event = hookEvent(positionals[0] ?? '');
  if (!event)
    throw new Error(
      `unknown event ${JSON.stringify(positionals[0] ?? '')} — one of ${HOOK_EVENTS.join(', ')}`,
    );
  const harness = flags.harness ?? '';
  if (!isHookHarness(harness)) throw new Error(`--harness must be one of ${HOOK_HARNESSES.join(', ')}`);
  const idle = flags['idle-after'];
  const idleAfter = idle === undefined ? undefined : idleWindow(idle);
  if (idle !== undefined && (event !== 'session-start' || idleAfter === undefined))
    throw new Error(`--idle-after takes a duration like 30m (90s, 2h, 1d), and only for session-start`);
  return { help: false as const, run: { event, harness, board: flags.board, idleAfter } };
}
