// Claude Code end to end: the real CLI (`claude -p`), wired by `baton init --harness claude` (.claude/settings.json
// hooks, .mcp.json), against the scripted model server. See scenarios.ts for what each scenario asserts.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batonIn, batonJson, hookLog, init, pendingFiles, sessions } from './board.js';
import { BATON_BIN, describeRun, runHarness, workspace } from './harnesses.js';
import { type ModelServer, startModelServer } from './model-server.js';
import { boardEntry, describeScenarios } from './scenarios.js';

describeScenarios({
  harness: 'claude',
  shell: (command) => ({ name: 'Bash', args: { command, description: 'run baton' } }),
  write: (path, content) => ({ name: 'Write', args: { file_path: path, content } }),
  dmSend: (args) => ({ name: 'mcp__baton__dm_send', args }),
  dmSendOffered: 'mcp__baton__dm_send',
  toolWarningTo: 'model',
  // Only what the scenarios use, allowed without a prompt (as root, --dangerously-skip-permissions would need
  // IS_SANDBOX=1).
  args: ['--allowedTools', 'Bash', 'Write', 'mcp__baton__dm_send'],
  // A Stop block comes back as the user message "Stop hook feedback:\n<reason>".
  stopFeedback: /^Stop hook feedback:\n<baton-mail to="claude-e2e">/,
});

// A write asked from outside the session (`baton card ask --session <id>`, as the web UI or a person's shell does):
// the session's next start (`claude -p --resume <id>`) shows the agent the prompt, and its reply is committed.
describe('claude: a card write asked from outside, for a resumed session', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('is announced at the resumed session start and committed from the reply', async () => {
    const ws = workspace('claude', server, { BATON_AGENT: 'claude-e2e' });
    init(ws);
    const session = randomUUID();
    const allowed = ['--allowedTools', 'Bash'];
    server.script(() => ({ text: 'first run' }));
    const first = await runHarness(ws, 'resume-scenario: first', {
      args: ['--session-id', session, ...allowed],
    });
    expect(first.code, describeRun(first)).toBe(0);

    const card = batonJson<{ card: { id: string } }>(ws, [
      'card',
      'new',
      'Resumed card',
      '--as',
      'alice',
    ]).card;
    const intent = 'summarise the resumed work (e2e 7b2)';
    const ask = batonIn(ws, ['card', 'ask', card.id, intent, '--session', session, '--as', 'alice']);
    expect(ask.code, ask.stderr).toBe(0);
    expect(ask.stdout).toContain('board-entry');

    const body = 'Resumed and summarised: nothing left open (e2e 7b2).';
    server.script((turn) => ({
      text: turn.text.includes(intent) ? boardEntry('note', body) : 'no prompt seen',
    }));
    const second = await runHarness(ws, 'resume-scenario: continue', {
      args: ['--resume', session, ...allowed],
    });
    expect(second.code, describeRun(second)).toBe(0);

    const turns = second.requests.flatMap((r) => (r.turn ? [r.turn] : []));
    expect(turns, describeRun(second)).toHaveLength(1);
    expect(turns[0]!.text).toContain(intent);
    const read = batonJson<{ entries: { type: string; body: string }[] }>(ws, ['card', 'read', card.id]);
    expect(read.entries).toHaveLength(1);
    expect(read.entries[0]!.type).toBe('note');
    expect(read.entries[0]!.body).toContain(body);
    expect(pendingFiles(ws).filter((name) => name.endsWith('.json'))).toEqual([]);
    const row = sessions(ws).find((s) => s.id === session);
    expect(row).toMatchObject({ harness: 'claude', agent: 'claude-e2e', live: false });
  });
});

// The slash commands baton init writes (.claude/commands/), typed as a person types them: Claude Code expands the
// command file with its arguments, and the agent follows it through baton's CLI.
describe('claude: the /card-write and /handoff commands', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  const bash = (command: string) => ({
    toolCall: { name: 'Bash', args: { command, description: 'run baton' } },
  });
  const baton = `'${process.execPath}' '${BATON_BIN}'`;

  it('/card-write <card> <intent>: the agent asks from its shell, its one-block reply is committed', async () => {
    const ws = workspace('claude', server, { BATON_AGENT: 'claude-e2e' });
    init(ws);
    const card = batonJson<{ card: { id: string } }>(ws, ['card', 'new', 'Slash card', '--as', 'alice']).card;
    const intent = 'note that slash commands reach baton (e2e 7c1)';
    server.script((turn) => {
      if (!turn.text.includes(`Arguments: ${card.id} ${intent}`))
        return { text: 'the command was not expanded' };
      if (turn.toolResults.length === 0) return bash(`${baton} card ask ${card.id} "${intent}"`);
      return { text: boardEntry('finding', 'Slash commands reach baton (e2e 7c1).') };
    });
    const run = await runHarness(ws, `/card-write ${card.id} ${intent}`, {
      args: ['--allowedTools', 'Bash'],
    });
    expect(run.code, describeRun(run)).toBe(0);
    const read = batonJson<{ entries: { type: string; body: string; author: string }[] }>(ws, [
      'card',
      'read',
      card.id,
    ]);
    expect(read.entries, describeRun(run)).toHaveLength(1);
    expect(read.entries[0]).toMatchObject({ type: 'finding', author: 'claude-e2e' });
    expect(read.entries[0]!.body).toContain('Slash commands reach baton (e2e 7c1).');
  });

  it('/handoff [title]: the agent writes the six sections and saves them with baton handoff write', async () => {
    const ws = workspace('claude', server, { BATON_AGENT: 'claude-e2e' });
    init(ws);
    const sections = [
      '## Goal\nProve /handoff (e2e 7c2).',
      '## Done\nRan it.',
      '## State and open questions\nNone open.',
      '## Decisions and rejected options\nThe CLI over MCP.',
      '## Pitfalls and blockers\nNone.',
      '## Next steps and read-first list\nRead this test.',
    ].join('\n');
    server.script((turn) => {
      if (!turn.text.includes('Use this as the title if given: Slash handoff'))
        return { text: 'not expanded' };
      if (turn.toolResults.length === 0) {
        return bash(`${baton} handoff write --title "Slash handoff" <<'BATON_EOF'\n${sections}\nBATON_EOF`);
      }
      return { text: turn.toolResults.join('\n').match(/n-[0-9A-Z]{26}/)?.[0] ?? 'no id' };
    });
    const run = await runHarness(ws, '/handoff Slash handoff', { args: ['--allowedTools', 'Bash'] });
    expect(run.code, describeRun(run)).toBe(0);
    const board = batonIn(ws, ['board']).stdout;
    expect(board, describeRun(run)).toContain('Slash handoff');
    const session = sessions(ws)[0]!;
    expect(batonIn(ws, ['board', '--json']).stdout).toContain(session.id);
  });
});

// A sub-agent's whole deliverable survives: Claude Code runs the Agent tool, the sub-agent answers, and its
// SubagentStop hook writes that answer as a result note under the delegating session — task, body and all.
describe('claude: a sub-agent’s final output becomes a result note', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('SubagentStop writes the full output, the task and the parent session', async () => {
    const ws = workspace('claude', server, { BATON_AGENT: 'claude-e2e' });
    init(ws);
    const task = 'Audit the login flow for CSRF gaps (e2e 8d1).';
    const deliverable = [
      'Sub-agent deliverable (e2e 8d1):',
      '',
      '1. POST /login accepts requests without a CSRF token.',
      '2. POST /logout does too.',
      '',
      'Both need the token check from `src/server/csrf.ts`.',
    ].join('\n');
    server.script((turn) => {
      const agentTool = turn.tools.find((name) => name === 'Agent' || name === 'Task');
      // The sub-agent: its first (and only) prompt is the task.
      if (turn.lastUserText.includes(task) && !turn.text.includes('delegate-scenario'))
        return { text: deliverable };
      if (turn.lastUserText.includes('delegate-scenario') && turn.toolResults.length === 0 && agentTool) {
        return {
          toolCall: {
            name: agentTool,
            args: { description: 'Audit login CSRF', prompt: task, subagent_type: 'general-purpose' },
          },
        };
      }
      return { text: turn.toolResults.length > 0 ? 'delegated and done' : 'ok' };
    });
    const run = await runHarness(ws, 'delegate-scenario: have a sub-agent audit the login flow', {
      args: ['--allowedTools', 'Agent', 'Task'],
    });
    expect(run.code, describeRun(run)).toBe(0);
    const main = sessions(ws).find((s) => s.harness === 'claude');
    expect(main, describeRun(run)).toBeDefined();
    // Every note on the board, read as `baton read --json` gives it.
    const folder = join(ws.project, '.baton', 'notes');
    const ids = existsSync(folder)
      ? readdirSync(folder).flatMap((project) =>
          readdirSync(join(folder, project)).map((name) => name.replace(/\.md$/, '')),
        )
      : [];
    const notes = ids.map(
      (id) => batonJson<{ note: { id: string; kind: string } }>(ws, ['read', id, '--json']).note,
    );
    const results = notes.filter((note) => note.kind === 'result');
    expect(results, `${describeRun(run)}\n${hookLog(ws)}`).toHaveLength(1);
    const note = batonJson<{ note: { body: string; task?: string; parentSession: string; agent: string } }>(
      ws,
      ['read', results[0]!.id, '--json'],
    ).note;
    expect(note.body).toContain(deliverable);
    expect(note.task).toBe(task);
    expect(note.parentSession).toBe(main!.id);
    expect(note.agent).toBe('claude-e2e');
  });
});

// `/compact` in Claude Code runs the summary as an internal agent and fires SubagentStop for it (agent_type "", an
// agent_transcript_path never written, the summary as last_assistant_message): that is no delegated sub-agent, and
// no result note may hold the summary.
describe('claude: /compact writes no result note', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('a headless /compact compacts, and the board gains no sub-agent note', async () => {
    const ws = workspace('claude', server, { BATON_AGENT: 'claude-e2e' });
    init(ws);
    const session = randomUUID();
    const summary = '<summary>The session said hello (e2e 8d7).</summary>';
    server.script((turn) => {
      if (/create a detailed summary of the conversation/i.test(turn.lastUserText)) return { text: summary };
      // A tool round first: Claude Code compacts nothing shorter ("Not enough messages to compact.").
      if (turn.toolResults.length === 0)
        return { toolCall: { name: 'Bash', args: { command: 'echo compact-me', description: 'echo' } } };
      return { text: 'hello back' };
    });
    const first = await runHarness(ws, 'compact-scenario: hello', {
      args: ['--session-id', session, '--allowedTools', 'Bash'],
    });
    expect(first.code, describeRun(first)).toBe(0);
    const compact = await runHarness(ws, '/compact', { args: ['--resume', session] });
    expect(compact.code, describeRun(compact)).toBe(0);
    // The compaction really ran: the model was asked for the summary.
    const asked = compact.requests.some(
      (r) => r.turn && /create a detailed summary/i.test(r.turn.lastUserText),
    );
    expect(asked, describeRun(compact)).toBe(true);
    const log = hookLog(ws);
    expect(log).toContain(
      `claude subagent-stop ${session} no result note: agent_type is empty — a compaction summary, not a delegated sub-agent`,
    );
    const folder = join(ws.project, '.baton', 'notes');
    const ids = existsSync(folder)
      ? readdirSync(folder).flatMap((project) =>
          readdirSync(join(folder, project)).map((name) => name.replace(/\.md$/, '')),
        )
      : [];
    const notes = ids.map(
      (id) =>
        batonJson<{ note: { id: string; kind: string; body: string } }>(ws, ['read', id, '--json']).note,
    );
    expect(
      notes.filter((note) => note.kind === 'result'),
      log,
    ).toEqual([]);
    expect(notes.some((note) => note.body.includes('e2e 8d7') && note.kind === 'result')).toBe(false);
  });
});
