// Qwen Code reads Claude Code's hook envelope, but 0.24.4 drops PreToolUse's additionalContext (computed, never sent
// to the model) and shows a hook's systemMessage only in the interactive UI (and, for Stop, on stderr in `-p` mode):
// the pre-tool warning goes to the person as a systemMessage. SessionStart, UserPromptSubmit and PostToolUse context
// reaches the model (<qwen:session-start-context>, <qwen:user-prompt-submit-context>, appended to the tool result);
// a Stop block sends `reason` as the next user message.
import type { HarnessHooks, HookAnswer } from '../../hooks/harness-hooks.js';
import { claudeEnvelope } from '../claude/hooks.js';
import type { HookEvent } from '../types.js';

function envelope(event: HookEvent, answer: HookAnswer, hookEventName: string): Record<string, unknown> {
  if (event !== 'pre-tool-use' || !answer.context) return claudeEnvelope(event, answer, hookEventName);
  const { context, ...rest } = answer;
  const notice = [answer.notice, context].filter(Boolean).join('\n');
  return claudeEnvelope(event, { ...rest, notice }, hookEventName);
}

export const hooks: HarnessHooks = { envelope };
