// Codex's raw handoff drafts end to end (draft-scenarios.ts): the real `codex exec`, wired by `baton init`. The
// shell runs unsandboxed and the model is one Codex knows (it offers apply_patch only then), as in codex.test.ts.
import { describeDraftScenarios } from './draft-scenarios.js';

describeDraftScenarios({
  harness: 'codex',
  agent: 'codex-e2e',
  shell: (command) => ({ name: 'exec_command', args: { cmd: command } }),
  write: (path, content) => ({
    name: 'apply_patch',
    args: {},
    input: `*** Begin Patch\n*** Add File: ${path}\n${content.replace(/\n$/, '').replace(/^/gm, '+')}\n*** End Patch\n`,
  }),
  writeHandoff: (args) => ({ name: 'write_handoff', namespace: 'mcp__baton', args }),
  writeHandoffOffered: 'mcp__baton__write_handoff',
  args: ['--sandbox', 'danger-full-access', '-m', 'gpt-5.5'],
});
