// Claude Code end to end: the real CLI (`claude -p`), wired by `baton init --harness claude` (.claude/settings.json
// hooks, .mcp.json), against the scripted model server. See scenarios.ts for what each scenario asserts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batonIn, batonJson, init, pendingFiles, sessions } from './board.js';
import { describeRun, runHarness, workspace } from './harnesses.js';
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
