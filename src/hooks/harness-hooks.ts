// What a harness's hooks.ts (src/harnesses/<name>/hooks.ts) gives the hook: its answer in the harness's envelope,
// and, where its pre-compact event is no sure sign of a compaction, how to tell.
import type { Board } from '../core/board/open-board.js';
import type { HookEvent } from '../harnesses/types.js';

export interface HookAnswer {
  /** Text added to the agent's context now. */
  context?: string;
  /** Stop: keep the agent going with this text as its next input (mail, a pending write's prompt). */
  block?: string;
  /** Pre-tool-use: refuse the tool call with this reason. */
  deny?: string;
  /** A line for the person at the terminal. */
  notice?: string;
}

export interface HarnessHooks {
  /**
   * `answer` as the object the harness reads from the hook's stdout; `{}` prints nothing. `hookEventName`: the
   * event's name in this harness (nativeEventName).
   */
  envelope(event: HookEvent, answer: HookAnswer, hookEventName: string): Record<string, unknown>;
  /**
   * Events whose output it ignores: the hook takes no mail there (it would be marked delivered and never seen), and
   * a session start leaves the board index due for the first answer that can carry it (a stop with mail).
   */
  silent?: readonly HookEvent[];
  /**
   * Its stop carries no reply and baton reads none of its transcripts: a two-phase request is never shown to its
   * sessions (it could not be answered: it expires unanswered).
   */
  noReply?: true;
  /**
   * What a session's event says of a compaction of its context: `now` (one is about to happen), `since` (one
   * happened since the previous pre-compact), or undefined (none). Called at session-start, pre-compact and
   * session-end (where the answer is not used: it may forget what it kept). Without it, every pre-compact is `now`:
   * Claude Code's and Codex's PreCompact fire only when they compact.
   */
  compaction?(board: Board, event: HookEvent, check: CompactionCheck): 'now' | 'since' | undefined;
  /**
   * A harness that writes its transcript after it has started the hook (GitHub Copilot CLI): resolves once the
   * transcript holds the turn a stop or a session's end is about (true), or when a bounded wait ran out (false).
   * Awaited before the hook reads the transcript there; without it the transcript is read at once.
   */
  flushed?(check: FlushCheck): Promise<boolean>;
  /**
   * Where the harness writes the session's transcript, for a start that names none (GitHub Copilot CLI names it
   * first at its stop): recorded at the start, so the session's later events need not start node to record it.
   * Undefined unless the session's folder is there already.
   */
  transcriptAt?(session: string, env: Readonly<Record<string, string | undefined>>): string | undefined;
}

/**
 * A harness's stdin in the fields the hook reads under Claude Code's names (session_id, cwd, tool_name, tool_input,
 * last_assistant_message, stop_hook_active, …), where it names them its own way (`hooks-input.ts` in its folder,
 * listed in hooks/native-input.ts); `{ skip }`: input the hook must not act on (it logs why).
 */
export type NativeInput = { fields: Record<string, unknown> } | { skip: string };

export interface CompactionCheck {
  session: string;
  /** The pre-compact input's `trigger` (`auto`, `manual`). */
  trigger?: string;
  transcriptPath?: string;
}

export interface FlushCheck {
  event: 'stop' | 'session-end';
  transcriptPath: string;
  /** The harness's own time of the event, as its stdin gave it (Copilot's `timestamp`, ms). */
  eventTime?: number;
}

/** The neutral answer baton's own plugins and extensions read (opencode, pi). */
export function neutralEnvelope(_event: HookEvent, answer: HookAnswer): Record<string, unknown> {
  const { context, block, deny, notice } = answer;
  return {
    ...(context ? { additionalContext: context } : {}),
    ...(block ? { decision: 'block', reason: block } : {}),
    ...(deny ? { decision: 'deny', reason: deny } : {}),
    ...(notice ? { systemMessage: notice } : {}),
  };
}
