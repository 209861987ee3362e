// Gemini CLI end to end: the real CLI (`gemini -p … --yolo`), wired by `baton init --harness gemini`
// (.gemini/settings.json hooks and MCP server), against the scripted model server. GEMINI_CLI_TRUST_WORKSPACE=true
// stands for the folder trust a person gives. See scenarios.ts for what each scenario asserts.
import { describeDraftScenarios } from './draft-scenarios.js';
import { describeScenarios } from './scenarios.js';

describeScenarios({
  harness: 'gemini',
  shell: (command) => ({ name: 'run_shell_command', args: { command, description: 'run baton' } }),
  write: (path, content) => ({ name: 'write_file', args: { file_path: path, content } }),
  dmSend: (args) => ({ name: 'mcp_baton_dm_send', args }),
  dmSendOffered: 'mcp_baton_dm_send',
  args: [],
  // Gemini CLI's BeforeTool hook cannot add context: baton shows the warning to the person (systemMessage).
  toolWarningTo: 'person',
  // An AfterAgent block starts a new turn whose prompt is the reason itself: the pushed mail, unwrapped.
  stopFeedback: /^<baton-mail to="gemini-e2e">/,
});

describeDraftScenarios({
  harness: 'gemini',
  agent: 'gemini-e2e',
  shell: (command) => ({ name: 'run_shell_command', args: { command, description: 'run it' } }),
  write: (path, content) => ({ name: 'write_file', args: { file_path: path, content } }),
  writeHandoff: (args) => ({ name: 'mcp_baton_write_handoff', args }),
  writeHandoffOffered: 'mcp_baton_write_handoff',
  args: [],
  // Gemini CLI's shell tool answers "Command injection detected" and runs nothing (a success to its scheduler).
  refusedCommand: 'echo refused-e2e-5b1 $(whoami)',
  // Past half the model's window (1,048,576 tokens): the next request compresses first.
  compressesAt: 900_000,
});
