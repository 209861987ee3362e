// Antigravity's stdin under the names the hook reads (conversationId is the session; why: hooks.ts). Apart from its
// envelope so the quick check (dist/hot/hook.cjs) reads stdin without loading every harness's hooks.
import type { NativeInput } from '../../hooks/harness-hooks.js';
import type { HookEvent } from '../types.js';

// The termination reasons that mean the agent ended its turn itself: none given, or "no tool call" (agy's hooks.md,
// as NO_TOOL_CALL or in its EXECUTOR_TERMINATION_REASON_ form), or "model_stop" (the name a hooks guide uses).
const OWN_STOP = /^(?:|(?:EXECUTOR_TERMINATION_REASON_)?NO_TOOL_CALL|model_stop)$/i;

export function input(raw: Record<string, unknown>, event: HookEvent): NativeInput {
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
