// GitHub Copilot CLI's hook envelope: flat fields, no hookSpecificOutput. What 1.0.102 does with each, seen in headless
// runs: `additionalContext` from sessionStart reaches the model as a user message, from userPromptSubmitted inside
// the prompt's <system_reminder>, from preToolUse as a user message after the tool's result, from postToolUse
// appended to the tool's result; `permissionDecision: "deny"` refuses the call ("Denied by preToolUse hook: <reason>");
// agentStop's `decision: "block"` sends `reason` as the next prompt. `systemMessage` is shown nowhere in `-p` mode, so
// a line for the person (a stop's notice) is left to the hook log.
// It writes its events file after it starts a hook: a stop and a session end wait for it (hooks-flush.ts). Its
// session start names no transcript, but the session's folder is there already: the start records the events file
// it will hold.
import { lstatSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { HarnessHooks, HookAnswer } from '../../hooks/harness-hooks.js';
import type { HookEvent } from '../types.js';
import { copilotFlushed } from './hooks-flush.js';

const CONTEXT_EVENTS: HookEvent[] = ['session-start', 'user-prompt-submit', 'pre-tool-use', 'post-tool-use'];

function envelope(event: HookEvent, answer: HookAnswer): Record<string, unknown> {
  const { context, block, deny } = answer;
  const out: Record<string, unknown> = {};
  if (block && event === 'stop') Object.assign(out, { decision: 'block', reason: block });
  if (deny && event === 'pre-tool-use')
    Object.assign(out, { permissionDecision: 'deny', permissionDecisionReason: deny });
  if (context && CONTEXT_EVENTS.includes(event)) out.additionalContext = context;
  return out;
}

/** session-state/<id>/events.jsonl in Copilot's folder ($COPILOT_HOME, else ~/.copilot), once the folder is there. */
function transcriptAt(
  session: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const home = env.COPILOT_HOME || (env.HOME ? join(env.HOME, '.copilot') : undefined);
  if (!home || !isAbsolute(home)) return undefined;
  const folder = join(home, 'session-state', session);
  return lstatSync(folder, { throwIfNoEntry: false })?.isDirectory()
    ? join(folder, 'events.jsonl')
    : undefined;
}

export const hooks: HarnessHooks = { envelope, flushed: copilotFlushed, transcriptAt };
