// GitHub Copilot CLI end to end: the real CLI (`copilot -p … --allow-all-tools --trust-folder`), wired by
// `baton init --harness copilot` (.github/hooks/baton.json and .github/mcp.json), against the scripted model server
// through its BYOK provider (COPILOT_PROVIDER_BASE_URL, COPILOT_OFFLINE=true: no GitHub login, no network).
// --trust-folder stands for the folder trust a person gives. See scenarios.ts for what each scenario asserts.
import { describeScenarios } from './scenarios.js';

describeScenarios({
  harness: 'copilot',
  shell: (command) => ({ name: 'bash', args: { command, description: 'run baton' } }),
  // `create` refuses a path whose folder does not exist (the scenario makes the folder).
  write: (path, content) => ({ name: 'create', args: { path, file_text: content } }),
  dmSend: (args) => ({ name: 'baton-dm_send', args }),
  dmSendOffered: 'baton-dm_send',
  args: [],
  // preToolUse's additionalContext reaches the model as a user message after the tool's result.
  toolWarningTo: 'model',
  // An agentStop block comes back as the next prompt, which the CLI prefixes with the time.
  stopFeedback: /^<current_datetime>[^<]*<\/current_datetime>\n\n<baton-mail to="copilot-e2e">/,
});
