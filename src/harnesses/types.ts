// What baton knows of one harness as plain data: its name and label, its hook events, how its process and its
// session ids look, and how its CLI starts and resumes a session. Every floor may import this (and the page, in the
// browser): no node modules, no I/O.

/** The events `baton hook` handles, under baton's own names. */
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

export interface HarnessInfo {
  /** baton's name for it: `--harness <name>`, the session record's `harness`, the agent name's prefix. */
  name: string;
  /** As a person names it ("Claude Code"). */
  label: string;
  /**
   * Its own hook event names, each with the baton event it means (what its hook entries are called and what its
   * hook envelope's `hookEventName` says). Empty: baton's plugin or extension calls `baton hook` with baton's names.
   */
  hookEvents: Readonly<Record<string, HookEvent>>;
  /**
   * The hook input's field naming the session, where it is not `session_id` (the hook gate finds it by this name;
   * the hooks read it through the harness's own stdin reader where it has one).
   */
  hookSessionField?: string;
  /**
   * Its compaction hook fires before every model request, and its hooks tell a real compaction from the transcript
   * (Gemini CLI's PreCompress): the hook gate answers the automatic ones that compacted nothing.
   */
  compactsEveryRequest?: true;
  /** The stop hook's input field holding the agent's final reply, where it is not `last_assistant_message`. */
  stopReplyField?: string;
  /** The names its process runs under (the executable, or the script a `node`/`bun` runs): the process tree. */
  processNames: readonly string[];
  /** A script under one of these paths is this harness run straight from its npm package. */
  packagePaths: readonly RegExp[];
  /** The variable naming the session in the environment of its shell tool, if it sets one. */
  shellSessionEnv?: string;
  /**
   * The files its wiring shares with other harnesses: baton's skill in `.agents/skills/` (it loads skills from
   * there), baton's block in AGENTS.md. Unwiring one harness keeps a shared file while another that shares it is
   * still wired.
   */
  shares?: { agentsSkills?: true; agentsMd?: true };
  /** argv that starts an interactive session whose first message is `message` (`baton continue`). */
  start(message: string): string[];
  /** argv that resumes its session `id`. */
  resume(id: string): string[];
  /**
   * argv that runs it headless (no terminal, no stdin) on `message` and exits with its own code
   * (`baton continue --exec`), `args` (the person's, for the harness) where its CLI takes them.
   */
  headless?(message: string, args: readonly string[]): string[];
}
