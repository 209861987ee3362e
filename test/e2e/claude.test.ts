// Claude Code end to end: the real CLI (`claude -p`), wired by `baton init --harness claude` (.claude/settings.json
// hooks, .mcp.json), against the scripted model server. See scenarios.ts for what each scenario asserts.
import { describeScenarios } from './scenarios.js';

describeScenarios({
  harness: 'claude',
  shell: (command) => ({ name: 'Bash', args: { command, description: 'run baton' } }),
  write: (path, content) => ({ name: 'Write', args: { file_path: path, content } }),
  dmSend: (args) => ({ name: 'mcp__baton__dm_send', args }),
  dmSendOffered: 'mcp__baton__dm_send',
  // Only what the scenarios use, allowed without a prompt (as root, --dangerously-skip-permissions would need
  // IS_SANDBOX=1).
  args: ['--allowedTools', 'Bash', 'Write', 'mcp__baton__dm_send'],
  // A Stop block comes back as the user message "Stop hook feedback:\n<reason>".
  stopFeedback: /Stop hook feedback:/,
});
