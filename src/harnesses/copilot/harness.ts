// GitHub Copilot CLI (`copilot`, @github/copilot): hook events of its own (camelCase) names, a flat envelope, and a
// stdin of its own (`sessionId`, `toolName`, `toolArgs`; the stop carries a transcript path, not the reply).
//
// Start and resume: `-i, --interactive <prompt>` "Start interactive mode and automatically execute this prompt";
// `--resume <id>` resumes a session by id (`copilot --help`, 1.0.102). The npm package's bin is a node loader that
// runs the platform package's native binary (`@github/copilot-<platform>-<arch>/copilot`), which runs the hooks.
import type { HarnessInfo } from '../types.js';

export const harness = {
  name: 'copilot',
  label: 'GitHub Copilot CLI',
  hookSessionField: 'sessionId',
  hookEvents: {
    sessionStart: 'session-start',
    userPromptSubmitted: 'user-prompt-submit',
    preToolUse: 'pre-tool-use',
    postToolUse: 'post-tool-use',
    agentStop: 'stop',
    sessionEnd: 'session-end',
  },
  processNames: ['copilot'],
  packagePaths: [/\/@github\/copilot(?:-[a-z0-9]+-[a-z0-9]+)?\//],
  // Its shell tool's environment names the session (seen in 1.0.102).
  shellSessionEnv: 'COPILOT_AGENT_SESSION_ID',
  // It loads skills from .agents/skills and reads AGENTS.md (`copilot skill --help`, `copilot instruction list`).
  shares: { agentsSkills: true, agentsMd: true },
  start: (message) => ['copilot', '--interactive', message],
  resume: (id) => ['copilot', '--resume', id],
  // `-p, --prompt <text>` "Execute a prompt in non-interactive mode (exits after completion)" (copilot --help); tools
  // run without asking only with --allow-all-tools, which the person passes (`-- --allow-all-tools`).
  headless: (message, args) => ['copilot', ...args, '-p', message],
} as const satisfies HarnessInfo;
