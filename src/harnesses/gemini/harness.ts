// Gemini CLI (`gemini`, @google/gemini-cli): hook events of its own names, and its own envelope.
//
// Start and resume: `--prompt-interactive` (`-i`) "Execute the provided prompt and continue in interactive mode";
// `--resume` (`-r`) takes "latest", an index or a session UUID, and sessions are per project, so it runs in the
// session's folder. google-gemini/gemini-cli packages/cli/src/config/config.ts, packages/cli/src/utils/
// sessionUtils.ts; geminicli.com/docs/cli/session-management.
import type { HarnessInfo } from '../types.js';

export const harness = {
  name: 'gemini',
  label: 'Gemini CLI',
  compactsEveryRequest: true,
  hookEvents: {
    SessionStart: 'session-start',
    BeforeAgent: 'user-prompt-submit',
    BeforeTool: 'pre-tool-use',
    AfterTool: 'post-tool-use',
    AfterAgent: 'stop',
    PreCompress: 'pre-compact',
    SessionEnd: 'session-end',
  },
  // AfterAgent calls the reply `prompt_response`.
  stopReplyField: 'prompt_response',
  processNames: ['gemini'],
  packagePaths: [/\/@google\/gemini-cli\//],
  // Gemini CLI reads GEMINI.md, not AGENTS.md.
  shares: { agentsSkills: true },
  start: (message) => ['gemini', '--prompt-interactive', message],
  resume: (id) => ['gemini', '--resume', id],
  // `-p`/`--prompt` "Run in non-interactive (headless) mode with the given prompt" (gemini --help).
  headless: (message, args) => ['gemini', ...args, '-p', message],
} as const satisfies HarnessInfo;
