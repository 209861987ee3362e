// Claude Code (`claude`, @anthropic-ai/claude-code).
//
// Start and resume: `claude "query"` starts the interactive REPL with an initial prompt; `claude --resume <id>`
// (`-r`) resumes a session by id. CLI reference, docs.anthropic.com/en/docs/claude-code/cli-reference.
import type { HarnessInfo } from '../types.js';

export const harness = {
  name: 'claude',
  label: 'Claude Code',
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
  processNames: ['claude'],
  packagePaths: [/\/@anthropic-ai\/claude-code\//],
  shellSessionEnv: 'CLAUDE_CODE_SESSION_ID',
  // Claude Code reads CLAUDE.md (and gets baton's block there too); its wiring also writes the AGENTS.md block.
  shares: { agentsMd: true },
  start: (message) => ['claude', message],
  resume: (id) => ['claude', '--resume', id],
  // `-p`/`--print` "print response and exit"; the prompt stays last, after options that take lists.
  headless: (message, args) => ['claude', ...args, '-p', message],
} as const satisfies HarnessInfo;
