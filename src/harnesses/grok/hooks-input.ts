// Grok Build's stdin under the names the hook reads (camelCase in, Claude Code's names out; why: hooks.ts). Apart
// from its envelope so the quick check (dist/hot/hook.cjs) reads stdin without loading every harness's hooks.
import type { NativeInput } from '../../hooks/harness-hooks.js';
import type { HookEvent } from '../types.js';

/** grok's `hookEventName` values (snake case) for the events baton wires. */
const NAMES: Record<string, HookEvent> = {
  session_start: 'session-start',
  user_prompt_submit: 'user-prompt-submit',
  pre_tool_use: 'pre-tool-use',
  post_tool_use: 'post-tool-use',
  stop: 'stop',
  pre_compact: 'pre-compact',
  session_end: 'session-end',
};

export function input(raw: Record<string, unknown>, event: HookEvent): NativeInput {
  const named = raw.hookEventName;
  if (typeof named === 'string' && (!Object.hasOwn(NAMES, named) || NAMES[named] !== event))
    return { skip: `stdin is a ${JSON.stringify(named).slice(0, 80)} event, not ${event}` };
  if (typeof raw.subagentType === 'string')
    return { skip: 'a sub-agent’s event: its parent session answers' };
  if (event === 'stop' && raw.reason !== 'end_turn')
    return {
      skip: `a stop with reason ${JSON.stringify(raw.reason ?? null).slice(0, 60)}, not end_turn: not answered`,
    };
  return {
    fields: {
      session_id: raw.sessionId,
      cwd: raw.cwd,
      source: raw.source,
      tool_name: raw.toolName,
      tool_input: raw.toolInput,
      last_assistant_message: raw.lastAssistantMessage,
      stop_hook_active: raw.stopHookActive,
    },
  };
}
