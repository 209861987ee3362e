// What a harness's hooks.ts (src/harnesses/<name>/hooks.ts) gives the hook: its answer in the harness's envelope.
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
