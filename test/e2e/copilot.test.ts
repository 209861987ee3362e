// GitHub Copilot CLI end to end: the real CLI (`copilot -p … --allow-all-tools --trust-folder`), wired by
// `baton init --harness copilot` (.github/hooks/baton.json and .github/mcp.json), against the scripted model server
// through its BYOK provider (COPILOT_PROVIDER_BASE_URL, COPILOT_OFFLINE=true: no GitHub login, no network).
// --trust-folder stands for the folder trust a person gives. See scenarios.ts for what each scenario asserts.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batonIn, hookLog, init, sessionFile, sessions } from './board.js';
import { describeRun, runHarness, workspace } from './harnesses.js';
import { type ModelServer, startModelServer } from './model-server.js';
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

// Copilot's sessionStart names no transcript; its agentStop does (session-state/<id>/events.jsonl). The session
// record learns it there, and the session's end drafts a raw handoff from it through baton's Copilot reader.
describe('copilot: the transcript its stop names', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('is recorded on the session, and the raw handoff at its end is drafted from it', async () => {
    const ws = workspace('copilot', server, { BATON_AGENT: 'copilot-e2e' });
    init(ws);
    server.script(() => ({ text: 'The flaky test reads the wall clock (e2e 7b1).' }));
    const run = await runHarness(ws, 'transcript-scenario: why does the login test flake?');
    expect(run.code, describeRun(run)).toBe(0);
    const session = sessions(ws)[0]!;
    expect(sessionFile(ws, session.id)?.transcriptPath).toBe(
      join(ws.home, '.copilot/session-state', session.id, 'events.jsonl'),
    );
    const drafted = /raw handoff (n-[0-9A-Z]+)/.exec(hookLog(ws));
    expect(drafted, hookLog(ws)).not.toBeNull();
    const note = batonIn(ws, ['read', drafted![1]!]);
    expect(note.code, note.stderr).toBe(0);
    expect(note.stdout).toContain('transcript-scenario: why does the login test flake?');
    expect(note.stdout).toContain('The flaky test reads the wall clock (e2e 7b1).');
  });
});
