// opencode (`opencode`, opencode-ai): no command hooks — baton's plugin (wiring-plugin.ts) calls `baton hook` with
// baton's event names and reads the neutral answer.
//
// Start and resume: the TUI (`opencode [project]`) takes `--prompt` ("prompt to use", submitted on start again since
// the 1.0.1xx regression, anomalyco/opencode#4700) and `--session` (`-s`) "session id to continue".
// anomalyco/opencode packages/opencode/src/cli/cmd/tui/thread.ts; opencode.ai/docs/cli.
import type { HarnessInfo } from '../types.js';

export const harness = {
  name: 'opencode',
  label: 'opencode',
  hookEvents: {},
  processNames: ['opencode'],
  packagePaths: [/\/opencode-ai\//],
  shares: { agentsSkills: true, agentsMd: true },
  start: (message) => ['opencode', '--prompt', message],
  resume: (id) => ['opencode', '--session', id],
  // `opencode run [message..]` runs one message and exits (opencode run --help).
  headless: (message, args) => ['opencode', 'run', ...args, message],
} as const satisfies HarnessInfo;
