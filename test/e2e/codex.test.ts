// Codex end to end: the real CLI (`codex exec`), wired by `baton init --harness codex` (the project's .codex/hooks.json
// and .codex/config.toml [mcp_servers.baton]), against the scripted model server. Codex loads a project's .codex/
// only in a trusted project, so the workspace's $CODEX_HOME/config.toml trusts it; hooks run unreviewed with
// --dangerously-bypass-hook-trust (harnesses.ts). See scenarios.ts for what each scenario asserts.
import { describeScenarios } from './scenarios.js';

describeScenarios({
  harness: 'codex',
  shell: (command) => ({ name: 'exec_command', args: { cmd: command } }),
  // apply_patch is a freeform (custom) tool, offered only for a model Codex knows (with the fallback metadata of an
  // unknown model it is not offered at all): the write scenario runs with such a model.
  write: (path, content) => ({
    name: 'apply_patch',
    args: {},
    input: `*** Begin Patch\n*** Add File: ${path}\n${content.replace(/\n$/, '').replace(/^/gm, '+')}\n*** End Patch\n`,
  }),
  writeArgs: ['-m', 'gpt-5.5'],
  dmSend: (args) => ({ name: 'dm_send', namespace: 'mcp__baton', args }),
  dmSendOffered: 'mcp__baton__dm_send',
  toolWarningTo: 'model',
  // Codex's default sandbox (workspace-write) runs the agent's shell under bubblewrap in its own process namespace,
  // where the Codex process is not visible: `baton card ask` run there cannot find its live session ("no live agent
  // session for this project"). The scenarios run the shell unsandboxed.
  args: ['--sandbox', 'danger-full-access'],
  // A Stop block comes back as <hook_prompt hook_run_id="stop:…">reason</hook_prompt>, the reason XML-escaped.
  stopFeedback: /^<hook_prompt hook_run_id="stop:[^"]*">&lt;baton-mail to="codex-e2e"&gt;/,
});
