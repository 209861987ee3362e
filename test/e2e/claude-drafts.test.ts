// Claude Code's raw handoff drafts end to end (draft-scenarios.ts): the real `claude -p`, wired by `baton init`.
import { describeDraftScenarios } from './draft-scenarios.js';

describeDraftScenarios({
  harness: 'claude',
  agent: 'claude-e2e',
  shell: (command) => ({ name: 'Bash', args: { command, description: 'run it' } }),
  write: (path, content) => ({ name: 'Write', args: { file_path: path, content } }),
  writeHandoff: (args) => ({ name: 'mcp__baton__write_handoff', args }),
  writeHandoffOffered: 'mcp__baton__write_handoff',
  // `rm` is not allowed: Claude Code answers the call with a permission error and runs nothing.
  args: ['--allowedTools', 'Bash', 'Write', 'mcp__baton__write_handoff', '--disallowedTools', 'Bash(rm:*)'],
  refusedCommand: 'rm -f refused-e2e-5b1.txt',
});
