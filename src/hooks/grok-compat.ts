// Grok Build runs the hooks in .claude/settings.json too (its Claude Code compatibility, on by default), with its
// own stdin and GROK_HOOK_EVENT set in their environment. baton's hooks for grok (`baton init --harness grok`) answer
// it; another harness's hooks, run that way, stay quiet — else one grok session would be registered twice, once as
// Claude Code, and its mail pushed by whichever hook ran first.

export function grokRunsAnother(run: { harness: string; env: Record<string, string | undefined> }): boolean {
  return run.harness !== 'grok' && run.env.GROK_HOOK_EVENT !== undefined;
}
