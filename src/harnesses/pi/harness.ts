// pi (`pi`, @mariozechner/pi-coding-agent): no command hooks — baton's extension (wiring-extension.ts) calls
// `baton hook` with baton's event names and reads the neutral answer.
//
// Start and resume: `pi [options] [@files...] [messages...]` starts interactive mode with the messages as the first
// prompts; `--session <path>` uses a session file, and an argument without `/` is matched as a session id prefix.
// badlogic/pi-mono packages/coding-agent/src/cli/args.ts (printHelp) and src/main.ts (resolveSessionPath).
import type { HarnessInfo } from '../types.js';

export const harness = {
  name: 'pi',
  label: 'pi',
  hookEvents: {},
  processNames: ['pi'],
  packagePaths: [/\/@mariozechner\/pi-coding-agent\//],
  shares: { agentsSkills: true, agentsMd: true },
  start: (message) => ['pi', message],
  resume: (id) => ['pi', '--session', id],
  // `--print`/`-p` "Non-interactive mode: process prompt and exit" (pi --help).
  headless: (message, args) => ['pi', ...args, '-p', message],
} as const satisfies HarnessInfo;
