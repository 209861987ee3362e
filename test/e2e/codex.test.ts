// Codex end to end: the real CLI (`codex exec`), wired by `baton init --harness codex` (the project's .codex/hooks.json
// and .codex/config.toml [mcp_servers.baton]), against the scripted model server. Codex loads a project's .codex/
// only in a trusted project, so the workspace's $CODEX_HOME/config.toml trusts it; hooks run unreviewed with
// --dangerously-bypass-hook-trust (harnesses.ts). See scenarios.ts for what each scenario asserts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batonJson, init, pendingFiles, sessions } from './board.js';
import { BATON_BIN, describeRun, runHarness, workspace } from './harnesses.js';
import { type ModelServer, startModelServer } from './model-server.js';
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

// What Codex's default sandbox (workspace-write) does to commands the agent runs: its shell runs under bubblewrap in
// a process namespace of its own, where the Codex process is pid 1 and the session's recorded pid is not visible.
// Codex exports CODEX_THREAD_ID, the session id, to that shell, and baton reads it (for a Codex session on the
// board): `baton card ask` run there finds its session, and the stop hook commits the reply.
describe('codex: the default sandbox', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('`baton card ask` run by the agent in the sandbox finds its session by CODEX_THREAD_ID; the reply is written', async () => {
    const ws = workspace('codex', server, { BATON_AGENT: 'codex-e2e' });
    init(ws);
    const card = batonJson<{ card: { id: string; path: string } }>(ws, [
      'card',
      'new',
      'Sandboxed',
      '--as',
      'alice',
    ]).card;
    const command = `'${process.execPath}' '${BATON_BIN}' card ask ${card.id} 'from the sandbox'; echo "exit=$?"; echo "thread=$CODEX_THREAD_ID"`;
    const reply = '```board-entry\ntype: finding\n---\nWritten from inside the sandbox.\n```';
    server.script((turn) =>
      turn.toolResults.length > 0
        ? { text: reply }
        : { toolCall: { name: 'exec_command', args: { cmd: command } } },
    );
    const run = await runHarness(ws, 'sandbox-scenario: ask');
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.stdout + run.stderr).toContain('sandbox: workspace-write');
    const output = run.requests.flatMap((r) => r.turn?.toolResults ?? []).join('\n');
    expect(output, describeRun(run)).toContain('```board-entry');
    expect(output).toContain('exit=0');
    const session = sessions(ws)[0]!;
    expect(output).toContain(`thread=${session.id}`);
    expect(pendingFiles(ws)).toEqual([]);
    expect(readFileSync(card.path, 'utf8')).toContain('Written from inside the sandbox.');
  });
});
