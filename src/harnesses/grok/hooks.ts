// Grok Build's hook envelope and stdin (docs/user-guide/10-hooks.md; sources in test/harnesses/grok/hooks.test.ts).
//
// Out: Claude Code's vocabulary where grok reads one — Stop blocks with `{"decision":"block","reason":…}`,
// PreToolUse refuses with `{"decision":"deny","reason":…}`. Every other event is passive in grok: its stdout
// (SessionStart's and UserPromptSubmit's too) is ignored, so baton puts no mail and no index there (they would be
// marked delivered and never seen): the index waits for the first stop that carries mail.
//
// In: camelCase (sessionId, cwd, toolName, toolInput, lastAssistantMessage, stopHookActive), and hookEventName in
// snake case. A sub-agent's events (subagentType set) are its parent session's business; the Stop grok fires at
// session end (reason "channel_closed" or "shutdown") has its answer ignored, so only an `end_turn` stop is
// answered. transcriptPath is left out: grok's session files are its own format, which baton does not read.
import type { HarnessHooks, HookAnswer, NativeInput } from '../../hooks/harness-hooks.js';
import type { HookEvent } from '../types.js';

function envelope(event: HookEvent, answer: HookAnswer): Record<string, unknown> {
  const { block, deny } = answer;
  if (event === 'stop' && block) return { decision: 'block', reason: block };
  if (event === 'pre-tool-use' && deny) return { decision: 'deny', reason: deny };
  return {};
}

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

function input(raw: Record<string, unknown>, event: HookEvent): NativeInput {
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

export const hooks: HarnessHooks = {
  envelope,
  input,
  silent: ['session-start', 'user-prompt-submit', 'post-tool-use', 'pre-compact', 'session-end'],
};
