// Qwen Code (`qwen`, @qwen-code/qwen-code): Claude Code's hook names, stdin and envelope, in .qwen/settings.json.
//
// Start and resume: `-i, --prompt-interactive` "Execute the provided prompt and continue in interactive mode";
// `-r, --resume` "Resume a specific session by its ID" (`qwen --help`, 0.24.4). `qwen` is a node script
// (cli-entry.js) that runs the CLI (cli.js) in a second node process.
import type { HarnessInfo } from '../types.js';

export const harness = {
  name: 'qwen',
  label: 'Qwen Code',
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
  processNames: ['qwen'],
  packagePaths: [/\/@qwen-code\/qwen-code\//],
  shellSessionEnv: 'QWEN_CODE_SESSION_ID',
  // It loads skills from .qwen/skills and .agents/skills; its context file is QWEN.md, not AGENTS.md.
  shares: { agentsSkills: true },
  start: (message) => ['qwen', '--prompt-interactive', message],
  resume: (id) => ['qwen', '--resume', id],
  // `-p, --prompt` "Prompt" (deprecated for a positional prompt, which is one-shot by default: qwen --help).
  headless: (message, args) => ['qwen', ...args, '-p', message],
} as const satisfies HarnessInfo;
