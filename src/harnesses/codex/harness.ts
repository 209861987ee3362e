// Codex (`codex`, @openai/codex): Claude Code's hook names and envelope (validated strictly).
//
// Start and resume: `codex [OPTIONS] [PROMPT]` starts the interactive TUI with a prompt; `codex resume [SESSION_ID]`
// resumes a previous interactive session (picker without an id). openai/codex codex-rs/cli/src/main.rs
// (`override_usage`, `Subcommand::Resume`, `ResumeCommand { session_id }`).
import type { HarnessInfo } from '../types.js';

export const harness = {
  name: 'codex',
  label: 'Codex',
  hookEvents: {
    SessionStart: 'session-start',
    UserPromptSubmit: 'user-prompt-submit',
    PreToolUse: 'pre-tool-use',
    PostToolUse: 'post-tool-use',
    Stop: 'stop',
    SubagentStop: 'subagent-stop',
    PreCompact: 'pre-compact',
    SessionEnd: 'session-end',
  },
  processNames: ['codex'],
  packagePaths: [/\/@openai\/codex\//],
  shellSessionEnv: 'CODEX_THREAD_ID',
  shares: { agentsSkills: true, agentsMd: true },
  start: (message) => ['codex', message],
  resume: (id) => ['codex', 'resume', id],
  // `codex exec [OPTIONS] [PROMPT]` runs non-interactively (codex exec --help); its options go after `exec`.
  headless: (message, args) => ['codex', 'exec', ...args, message],
} as const satisfies HarnessInfo;
