// Google Antigravity's agent CLI (`agy`) and IDE: hooks in hooks.json (`.agents/hooks.json` in a workspace,
// `~/.gemini/config/hooks.json` for all), under a name of baton's own. Built from the documentation only — no
// Antigravity CLI installs from npm or apt, so nothing here was run against the real one (the README says "from
// docs"; every fact and its source: test/harnesses/antigravity/hooks.test.ts).
//
// Events: PreInvocation runs before every model call — there is no session start, prompt or session end event — so
// baton wires it as its session start with `--idle-after` (see hooks/idle.ts): it acts only when the conversation is
// new to the board, or has not been opened for a while. Stop pushes mail; PreToolUse and PostToolUse see the file
// tools (write_to_file, replace_file_content, multi_replace_file_content).
//
// Start and resume: `agy` takes the prompt as its last argument and `--conversation <id>` to go on with an existing
// conversation — as a wrapper runs it (alvarosw/antigravity-mcp src/antigravity.js, with `--print`); that the
// interactive form takes them the same way is an assumption, not verified against a real agy.
import type { HarnessInfo } from '../types.js';

export const harness = {
  name: 'antigravity',
  label: 'Antigravity',
  hookSessionField: 'conversationId',
  hookEvents: {
    PreInvocation: 'session-start',
    PreToolUse: 'pre-tool-use',
    PostToolUse: 'post-tool-use',
    Stop: 'stop',
  },
  processNames: ['agy'],
  packagePaths: [],
  // It loads skills from .agents/skills (its hooks guide's skill resolution order).
  shares: { agentsSkills: true },
  start: (message) => ['agy', message],
  resume: (id) => ['agy', '--conversation', id],
  // `--print` (`-p`) runs it headless with the prompt last, as the same wrapper does.
  headless: (message, args) => ['agy', '--print', ...args, message],
} as const satisfies HarnessInfo;
