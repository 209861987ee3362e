// Gemini CLI's hook envelope (`decision: "deny"` where Claude Code says block, and context on fewer events), and
// which of its PreCompress events is a compression.
import type { HarnessHooks, HookAnswer } from '../../hooks/harness-hooks.js';
import type { HookEvent } from '../types.js';
import { forgetAttempt, judgeCompression, noteStart } from './hooks-compression.js';

// The events whose envelope carries hookSpecificOutput.additionalContext.
const CONTEXT_EVENTS: HookEvent[] = ['session-start', 'user-prompt-submit', 'post-tool-use'];

function envelope(event: HookEvent, answer: HookAnswer, hookEventName: string): Record<string, unknown> {
  const { context, block, deny, notice } = answer;
  // No harness reads an answer to SessionEnd: say nothing.
  if (event === 'session-end') return {};
  const out: Record<string, unknown> = {};
  if (block && event === 'stop') Object.assign(out, { decision: 'deny', reason: block });
  if (deny && event === 'pre-tool-use') Object.assign(out, { decision: 'deny', reason: deny });
  if (context && CONTEXT_EVENTS.includes(event)) {
    out.hookSpecificOutput = { hookEventName, additionalContext: context };
  }
  // Gemini CLI's BeforeTool cannot add context: the warning goes to the person.
  const shown = [notice, context && !CONTEXT_EVENTS.includes(event) ? context : undefined].filter(Boolean);
  if (shown.length > 0) out.systemMessage = shown.join('\n');
  return out;
}

export const hooks: HarnessHooks = {
  envelope,
  // PreCompress fires before every model request: only the transcript tells a compression (hooks-compression.ts).
  compaction(board, event, check) {
    if (event === 'pre-compact')
      return judgeCompression(board, check.session, check.trigger, check.transcriptPath);
    if (event === 'session-start') noteStart(board, check.session, check.trigger, check.transcriptPath);
    else forgetAttempt(board, check.session);
    return undefined;
  },
};
