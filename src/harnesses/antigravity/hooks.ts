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
import type { HarnessHooks, HookAnswer } from '../../hooks/harness-hooks.js';
import type { HookEvent } from '../types.js';

function envelope(event: HookEvent, answer: HookAnswer): Record<string, unknown> {
  const { context, block, deny } = answer;
  if (event === 'session-start' && context) return { injectSteps: [{ ephemeralMessage: context }] };
  if (event === 'stop' && block) return { decision: 'continue', reason: block };
  if (event === 'pre-tool-use' && deny) return { decision: 'deny', reason: deny };
  return {};
}

export const hooks: HarnessHooks = {
  envelope,
  silent: ['user-prompt-submit', 'post-tool-use'],
  noReply: true,
};
