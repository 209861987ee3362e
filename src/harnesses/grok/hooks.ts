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
import type { HarnessHooks, HookAnswer } from '../../hooks/harness-hooks.js';
import type { HookEvent } from '../types.js';

function envelope(event: HookEvent, answer: HookAnswer): Record<string, unknown> {
  const { block, deny } = answer;
  if (event === 'stop' && block) return { decision: 'block', reason: block };
  if (event === 'pre-tool-use' && deny) return { decision: 'deny', reason: deny };
  return {};
}

export const hooks: HarnessHooks = {
  envelope,
  silent: ['session-start', 'user-prompt-submit', 'post-tool-use', 'pre-compact', 'session-end'],
};
