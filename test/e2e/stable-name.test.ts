// Mail to a Codex session before it exists (issue 23): `baton init --harness codex` names Codex's sessions in the
// project `codex@<project folder>`; a message sent to that name before `codex exec` starts reaches the model's first
// request, and the session is registered under it — no BATON_AGENT, no session id known in advance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batonIn, init, send, sessions } from './board.js';
import { describeRun, runHarness, workspace } from './harnesses.js';
import { type ModelServer, startModelServer } from './model-server.js';

describe('codex: mail sent to codex@<project> before the session starts', () => {
  let server: ModelServer;
  beforeAll(async () => {
    server = await startModelServer();
  });
  afterAll(() => server.close());

  it('reaches the model’s first request, and the session acts as codex@project', async () => {
    const ws = workspace('codex', server);
    // The workspace's project folder is named `project`.
    expect(init(ws)).toContain('  codex  codex@project\n');
    send(ws, 'codex@project', 'alice', 'before you start: the code word is osprey-2291');
    server.script(() => ({ text: 'noted' }));
    const run = await runHarness(ws, 'stable-name-scenario: hello', {
      args: ['--sandbox', 'danger-full-access'],
    });
    expect(run.code, describeRun(run)).toBe(0);
    const first = run.requests.find((request) => request.turn)?.turn;
    expect(first?.text, describeRun(run)).toContain('the code word is osprey-2291');
    expect(first?.text).toContain('baton-mail to="codex@project"');
    const [session, ...others] = sessions(ws);
    expect(others).toEqual([]);
    expect(session).toMatchObject({ harness: 'codex', agent: 'codex@project' });
    const agents = batonIn(ws, ['agents']);
    expect(agents.stdout).toMatch(
      /^codex@project +0 unread +last seen .* codex sessions here · aliases codex-[0-9a-f]{6}$/m,
    );
  });
});
