// Grok Build (`grok`, xAI's coding agent CLI): Claude Code's hook names in `.grok/hooks/*.json` (camelCase stdin,
// Claude's output vocabulary), the MCP server in `.grok/config.toml` as `grok mcp add --scope project` writes it.
// Built from its documentation (xai-org/grok-build, crates/codegen/xai-grok-pager/docs/user-guide/): grok installs
// with a curl script, not from npm or apt, so nothing here was run against the real CLI (the README says "from
// docs"; every fact and its source: test/harnesses/grok/hooks.test.ts).
//
// Start and resume: `grok "<prompt>"` starts the interactive TUI with a first prompt; `grok --resume <id>` (`-r`)
// resumes a session by id; `grok -p "<prompt>"` runs headless. docs/user-guide/01-getting-started.md,
// 14-headless-mode.md.
import type { HarnessInfo } from '../types.js';

export const harness = {
  name: 'grok',
  label: 'Grok Build',
  hookSessionField: 'sessionId',
  hookEvents: {
    SessionStart: 'session-start',
    UserPromptSubmit: 'user-prompt-submit',
    PreToolUse: 'pre-tool-use',
    PostToolUse: 'post-tool-use',
    Stop: 'stop',
    PreCompact: 'pre-compact',
    SessionEnd: 'session-end',
  },
  processNames: ['grok'],
  packagePaths: [],
  // It scans .agents/skills and reads AGENTS.md (docs/user-guide/08-skills.md, 12-project-rules.md).
  shares: { agentsSkills: true, agentsMd: true },
  start: (message) => ['grok', message],
  resume: (id) => ['grok', '--resume', id],
  // `-p, --single <PROMPT>`: headless mode (14-headless-mode.md).
  headless: (message, args) => ['grok', ...args, '-p', message],
} as const satisfies HarnessInfo;
