// The harnesses a hook answers and the events it handles, under baton's names and each harness's own.

export const HOOK_HARNESSES = ['claude', 'codex', 'gemini', 'opencode', 'pi'] as const;
export type HookHarness = (typeof HOOK_HARNESSES)[number];

export const HOOK_EVENTS = [
  'session-start',
  'user-prompt-submit',
  'pre-tool-use',
  'post-tool-use',
  'stop',
  'subagent-stop',
  'pre-compact',
  'session-end',
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

// Claude Code's and Codex's names, then Gemini CLI's.
const NATIVE: Record<string, HookEvent> = {
  SessionStart: 'session-start',
  UserPromptSubmit: 'user-prompt-submit',
  PreToolUse: 'pre-tool-use',
  PostToolUse: 'post-tool-use',
  Stop: 'stop',
  SubagentStop: 'subagent-stop',
  PreCompact: 'pre-compact',
  SessionEnd: 'session-end',
  BeforeAgent: 'user-prompt-submit',
  BeforeTool: 'pre-tool-use',
  AfterTool: 'post-tool-use',
  AfterAgent: 'stop',
  PreCompress: 'pre-compact',
};

/** The event `name` means (baton's name or a harness's), or undefined. */
export function hookEvent(name: string): HookEvent | undefined {
  if ((HOOK_EVENTS as readonly string[]).includes(name)) return name as HookEvent;
  return Object.hasOwn(NATIVE, name) ? NATIVE[name] : undefined;
}

export function isHookHarness(name: string): name is HookHarness {
  return (HOOK_HARNESSES as readonly string[]).includes(name);
}

/** The name of `event` in the envelope of Claude Code and Codex (`hookEventName`) and Gemini CLI. */
export function nativeEventName(event: HookEvent, harness: HookHarness): string {
  if (harness === 'gemini') {
    const gemini: Partial<Record<HookEvent, string>> = {
      'user-prompt-submit': 'BeforeAgent',
      'pre-tool-use': 'BeforeTool',
      'post-tool-use': 'AfterTool',
      stop: 'AfterAgent',
      'pre-compact': 'PreCompress',
    };
    if (gemini[event]) return gemini[event];
  }
  return Object.keys(NATIVE).find((name) => NATIVE[name] === event)!;
}
