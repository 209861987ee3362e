// Codex end to end: the real CLI (`codex exec`), wired by `baton init --harness codex` (the project's .codex/hooks.json
// and .codex/config.toml [mcp_servers.baton]), against the scripted model server. Codex loads a project's .codex/
// only in a trusted project, so the workspace's $CODEX_HOME/config.toml trusts it; hooks run unreviewed with
// --dangerously-bypass-hook-trust (harnesses.ts). See scenarios.ts for what each scenario asserts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batonJson, hookLog, init, pendingFiles, sessions } from './board.js';
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

/** Every note on the board, as `baton read --json` gives it. */
function boardNotes<T>(ws: ReturnType<typeof workspace>): T[] {
  const folder = join(ws.project, '.baton', 'notes');
  const ids = existsSync(folder)
    ? readdirSync(folder).flatMap((project) =>
        readdirSync(join(folder, project)).map((name) => name.replace(/\.md$/, '')),
      )
    : [];
  return ids.map((id) => batonJson<{ note: T }>(ws, ['read', id, '--json']).note);
}

/** The rollout files Codex wrote under the workspace's CODEX_HOME. */
function rollouts(ws: ReturnType<typeof workspace>): string[] {
  const walk = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        )
      : [];
  return walk(join(ws.configDir, 'sessions')).filter((path) => path.endsWith('.jsonl'));
}

// A sub-agent (multi-agent v2's spawn_agent, the parent's history forked to it as by default): its SubagentStop
// writes a result note as complete as Claude Code's. gpt-5.5 is a model Codex knows whose tools the scripted server
// speaks; v2 is what Codex's current models use (their catalog entry says so), turned on here by its feature flag.
describe('codex: a sub-agent’s final output becomes a complete result note', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('task, its own thread as session, the delegating session as parent, title from the task, files it wrote', async () => {
    const ws = workspace('codex', server, { BATON_AGENT: 'codex-e2e' });
    init(ws);
    const task = 'Audit the login flow and write audit.txt (e2e 9a4).';
    const deliverable = 'Audit (e2e 9a4):\n\n1. POST /login has no CSRF check.\n2. POST /logout neither.';
    const patch = (file: string) => ({
      name: 'apply_patch',
      args: {},
      input: `*** Begin Patch\n*** Add File: ${join(ws.project, file)}\n+${file}\n*** End Patch\n`,
    });
    server.script((turn) => {
      const results = turn.toolResults.join('\n');
      // The sub-agent (it is offered no spawn_agent of its own): writes audit.txt, then answers.
      if (!turn.tools.includes('collaboration__spawn_agent')) {
        if (!turn.text.includes(task)) return { text: 'not the sub-agent' };
        return results.includes('audit.txt') ? { text: deliverable } : { toolCall: patch('audit.txt') };
      }
      // The parent: writes a file of its own, delegates, waits, ends.
      switch (turn.toolResults.length) {
        case 0:
          return { toolCall: patch('parent-notes.txt') };
        case 1:
          return {
            toolCall: {
              name: 'spawn_agent',
              namespace: 'collaboration',
              args: { task_name: 'audit', message: task },
            },
          };
        case 2:
          return {
            toolCall: { name: 'wait_agent', namespace: 'collaboration', args: { timeout_ms: 60000 } },
          };
        default:
          return { text: 'delegated and done' };
      }
    });
    const run = await runHarness(ws, 'delegate-scenario: have a sub-agent audit the login flow', {
      args: ['--sandbox', 'danger-full-access', '-m', 'gpt-5.5', '-c', 'features.multi_agent_v2=true'],
    });
    expect(run.code, describeRun(run)).toBe(0);
    expect(existsSync(join(ws.project, 'audit.txt')), describeRun(run)).toBe(true);
    const main = sessions(ws).find((s) => s.harness === 'codex');
    expect(main, describeRun(run)).toBeDefined();
    const sub = rollouts(ws).find((path) => !path.endsWith(`${main!.id}.jsonl`));
    const thread = /([0-9a-f]{8}-[0-9a-f-]{27})\.jsonl$/.exec(sub ?? '')?.[1];
    expect(thread, rollouts(ws).join('\n')).toBeDefined();
    type Note = {
      id: string;
      kind: string;
      body: string;
      title: string;
      task?: string;
      session: string;
      parentSession: string;
      artifacts?: string[];
      agent: string;
    };
    const results = boardNotes<Note>(ws).filter((note) => note.kind === 'result');
    expect(results, `${describeRun(run)}\n${hookLog(ws)}`).toHaveLength(1);
    expect(results[0]).toMatchObject({
      task,
      title: task,
      session: thread,
      parentSession: main!.id,
      agent: 'codex-e2e',
      // Its own write; the parent's parent-notes.txt (in the history forked to it) is not its work.
      artifacts: ['audit.txt'],
    });
    expect(results[0]!.body).toContain(deliverable);
  });
});

// Codex clamps a SessionEnd hook's timeout to 3 s and kills the hook then. baton wires the 3 s it honours; the hook
// gate runs a session's end in the background, in a session of its own, so a rollout of any size is drafted after
// the hook has returned, outliving the CLI and the runner's kill of its process group (harnesses.ts). (Without the
// gate, a rollout too large for the 3 s goes to a detached process: test/hooks/session-end-detached.test.ts.)
describe('codex: the session-end draft of a large rollout', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('is wired at 3 s (no clamping) and drafted in the background after the run', async () => {
    const ws = workspace('codex', server, { BATON_AGENT: 'codex-e2e' });
    init(ws);
    const hooks = JSON.parse(readFileSync(join(ws.project, '.codex', 'hooks.json'), 'utf8'));
    expect(hooks.hooks.SessionEnd[0].hooks[0].timeout).toBe(3);
    // A long reply: Codex keeps it several times over in the rollout (about 13 MB).
    const paragraph =
      'Nothing new in this paragraph of the report; it repeats to make the reply long (e2e 3e1). ';
    const reply = Array.from({ length: 50_000 }, (_, i) => `${i}: ${paragraph}`).join('\n');
    server.script(() => ({ text: reply }));
    const run = await runHarness(ws, 'end-scenario: write the long report');
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.stderr).not.toContain('clamping SessionEnd hook timeout');
    const main = sessions(ws).find((s) => s.harness === 'codex')!;
    expect(main.endedAt, hookLog(ws)).toBeDefined();
    // The run has returned and its process group is gone; the draft came all the same (runHarness waits for it).
    expect(hookLog(ws)).not.toContain('drafted by a detached process');
    const drafted = new RegExp(`codex session-end ${main.id} raw handoff (n-[0-9A-Z]+)`);
    const id = drafted.exec(hookLog(ws))?.[1];
    expect(id, hookLog(ws)).toBeDefined();
    const note = batonJson<{ note: { session: string; provenance: string; kind: string } }>(ws, [
      'read',
      id!,
      '--json',
    ]).note;
    expect(note).toMatchObject({ session: main.id, provenance: 'raw', kind: 'handoff' });
  });
});
