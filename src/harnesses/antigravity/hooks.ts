// Antigravity's hook envelope and stdin (its hooks.md; sources in test/harnesses/antigravity/hooks.test.ts).
//
// Out: PreInvocation (baton's session start) puts text before the model as `{"injectSteps":[{"ephemeralMessage":
// …}]}`; Stop sends the agent back to work with `{"decision":"continue","reason":…}`; PreToolUse refuses with
// `{"decision":"deny","reason":…}` (never "allow": that would skip the person's approval). Nothing else has a
// documented way to reach the model or the person, so it says nothing.
//
// In: camelCase — conversationId is the session, cwd (else the first of workspacePaths) its folder, toolCall
// {name, args} the tool. transcriptPath is left out: the transcript's format is not documented, so baton reads none.
// A Stop the agent did not end on its own (a cancel, a step cap, an error) is not answered: sending the agent back
// to work would fight the person or the fault.
import type { HarnessHooks, HookAnswer, NativeInput } from '../../hooks/harness-hooks.js';
import type { HookEvent } from '../types.js';

function envelope(event: HookEvent, answer: HookAnswer): Record<string, unknown> {
  const { context, block, deny } = answer;
  if (event === 'session-start' && context) return { injectSteps: [{ ephemeralMessage: context }] };
  if (event === 'stop' && block) return { decision: 'continue', reason: block };
  if (event === 'pre-tool-use' && deny) return { decision: 'deny', reason: deny };
  return {};
}

// The termination reasons that mean the agent ended its turn itself: none given, or "no tool call" (agy's hooks.md,
// as NO_TOOL_CALL or in its EXECUTOR_TERMINATION_REASON_ form), or "model_stop" (the name a hooks guide uses).
const OWN_STOP = /^(?:|(?:EXECUTOR_TERMINATION_REASON_)?NO_TOOL_CALL|model_stop)$/i;

function input(raw: Record<string, unknown>, event: HookEvent): NativeInput {
  if (typeof raw.conversationId !== 'string') return { skip: 'no conversationId in stdin' };
  const fields: Record<string, unknown> = {
    session_id: raw.conversationId,
    cwd: typeof raw.cwd === 'string' ? raw.cwd : firstString(raw.workspacePaths),
  };
  const call = raw.toolCall;
  if (call !== null && typeof call === 'object' && !Array.isArray(call)) {
    const { name, args } = call as Record<string, unknown>;
    Object.assign(fields, { tool_name: name, tool_input: args });
  }
  if (event === 'stop') {
    const { error, terminationReason: reason } = raw;
    if (typeof error === 'string' && error !== '')
      return { skip: 'the turn ended with an error: not answered' };
    if (reason !== undefined && !(typeof reason === 'string' && OWN_STOP.test(reason)))
      return {
        skip: `the turn ended by ${JSON.stringify(reason).slice(0, 60)}, not by the agent: not answered`,
      };
  }
  return { fields };
}

function firstString(value: unknown): string | undefined {
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
}

export const hooks: HarnessHooks = {
  envelope,
  input,
  silent: ['user-prompt-submit', 'post-tool-use'],
  noReply: true,
};
