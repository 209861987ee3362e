// Claude Code's hook envelope, which Codex shares (Codex validates it strictly: only fields its schema allows).
import type { HarnessHooks, HookAnswer } from '../../hooks/harness-hooks.js';
import type { HookEvent } from '../types.js';

// The events whose envelope carries hookSpecificOutput.additionalContext.
const CONTEXT_EVENTS: HookEvent[] = ['session-start', 'user-prompt-submit', 'pre-tool-use', 'post-tool-use'];

export function claudeEnvelope(
  event: HookEvent,
  answer: HookAnswer,
  hookEventName: string,
): Record<string, unknown> {
  const { context, block, deny, notice } = answer;
  // Codex has no output schema for SessionEnd, and no harness reads one: say nothing.
  if (event === 'session-end') return {};
  const out: Record<string, unknown> = {};
  if (block && (event === 'stop' || event === 'subagent-stop'))
    Object.assign(out, { decision: 'block', reason: block });
  if (event === 'pre-tool-use' && (deny || context)) {
    out.hookSpecificOutput = {
      hookEventName,
      ...(deny ? { permissionDecision: 'deny', permissionDecisionReason: deny } : {}),
      ...(context ? { additionalContext: context } : {}),
    };
  } else if (context && CONTEXT_EVENTS.includes(event)) {
    out.hookSpecificOutput = { hookEventName, additionalContext: context };
  }
  if (notice) out.systemMessage = notice;
  return out;
}

export const hooks: HarnessHooks = { envelope: claudeEnvelope };
