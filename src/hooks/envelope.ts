// What a hook prints: its answer in the harness's own envelope. Claude Code and Codex share one (Codex validates it
// strictly: only fields its schema allows), Gemini CLI has its own; baton's opencode plugin and pi extension read a
// neutral one. No answer, no output.
import { type HookEvent, type HookHarness, nativeEventName } from './events.js';

export interface HookAnswer {
  /** Text added to the agent's context now. */
  context?: string;
  /** Stop: keep the agent going with this text as its next input (mail, a pending write's prompt). */
  block?: string;
  /** Pre-tool-use: refuse the tool call with this reason. */
  deny?: string;
  /** A line for the person at the terminal. */
  notice?: string;
}

// The events whose envelope carries hookSpecificOutput.additionalContext, per harness.
const CONTEXT_EVENTS: Record<'claude' | 'gemini', HookEvent[]> = {
  claude: ['session-start', 'user-prompt-submit', 'pre-tool-use', 'post-tool-use'],
  gemini: ['session-start', 'user-prompt-submit', 'post-tool-use'],
};

/** The JSON line to print for `answer`, or `''` when there is nothing to say. */
export function envelope(harness: HookHarness, event: HookEvent, answer: HookAnswer): string {
  const out = build(harness, event, answer);
  return Object.keys(out).length === 0 ? '' : `${JSON.stringify(out)}\n`;
}

function build(harness: HookHarness, event: HookEvent, answer: HookAnswer): Record<string, unknown> {
  const { context, block, deny, notice } = answer;
  if (harness === 'opencode' || harness === 'pi') {
    return {
      ...(context ? { additionalContext: context } : {}),
      ...(block ? { decision: 'block', reason: block } : {}),
      ...(deny ? { decision: 'deny', reason: deny } : {}),
      ...(notice ? { systemMessage: notice } : {}),
    };
  }
  // Codex has no output schema for SessionEnd, and no harness reads one: say nothing.
  if (event === 'session-end') return {};
  const hookEventName = nativeEventName(event, harness);
  const out: Record<string, unknown> = {};
  if (harness === 'gemini') {
    if (block && event === 'stop') Object.assign(out, { decision: 'deny', reason: block });
    if (deny && event === 'pre-tool-use') Object.assign(out, { decision: 'deny', reason: deny });
    if (context && CONTEXT_EVENTS.gemini.includes(event)) {
      out.hookSpecificOutput = { hookEventName, additionalContext: context };
    }
    // Gemini CLI's BeforeTool cannot add context: the warning goes to the person.
    const shown = [notice, context && !CONTEXT_EVENTS.gemini.includes(event) ? context : undefined].filter(
      Boolean,
    );
    if (shown.length > 0) out.systemMessage = shown.join('\n');
    return out;
  }
  if (block && (event === 'stop' || event === 'subagent-stop'))
    Object.assign(out, { decision: 'block', reason: block });
  if (event === 'pre-tool-use' && (deny || context)) {
    out.hookSpecificOutput = {
      hookEventName,
      ...(deny ? { permissionDecision: 'deny', permissionDecisionReason: deny } : {}),
      ...(context ? { additionalContext: context } : {}),
    };
  } else if (context && CONTEXT_EVENTS.claude.includes(event)) {
    out.hookSpecificOutput = { hookEventName, additionalContext: context };
  }
  if (notice) out.systemMessage = notice;
  return out;
}
