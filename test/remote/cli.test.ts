// Remote agents (BATON_URL): the built `baton` in an empty folder acts on a board served by the built `baton serve`
// on 127.0.0.1 with a token — the same output as a local run — and every refusal says why and writes nothing.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { readNote } from '../../src/core/notes/read.js';
import { snapshot } from '../helpers/testdir.js';
import { expectCodexEnvelope } from '../hooks/helpers.js';
import { type Served, serveBoard } from './helpers.js';

const SESSION = '3f2a9c11-7e4b-4c1d-9a55-0123456789ab';

function expectNothingWritten(served: Served, before: Record<string, string>) {
  expect(snapshot(served.root)).toEqual(before);
  expect(readdirSync(served.clientDir)).toEqual([]);
}

describe('baton over BATON_URL', () => {
  it('sends, then the recipient reads and is pushed the message as a local run on that board shows it', async () => {
    const served = await serveBoard();
    const sent = served.client(['send', '--as', 'alice', '--to', 'bob', '--body', 'hello bob']);
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(/^sent m-[0-9A-Z]+ to bob\n$/);
    expect(sent.stderr).toBe(
      `waiting — bob has no live session (never seen on this board)\n[board ${served.root}]\n`,
    );
    const id = sent.stdout.split(' ')[1]!;

    for (const args of [
      ['inbox', '--as', 'bob'],
      ['inbox', '--as', 'bob', '--json'],
      ['thread', id],
      ['agents'],
    ]) {
      const remote = served.client(args);
      expect(remote.stdout).toContain(args[0] === 'agents' ? 'bob' : 'hello bob');
      expect(remote).toEqual(served.local(args));
    }
    // `baton --as bob poll` and `--url` instead of BATON_URL: the same command line as locally.
    const pushed = served.client(['--as', 'bob', 'poll', '--url', served.url], { env: { BATON_URL: '' } });
    expect(pushed.code).toBe(0);
    expect(pushed.stdout).toContain('<baton-mail to="bob">');
    expect(pushed.stdout).toContain(`${id}  `);
    expect(pushed.stdout).toContain('│ hello bob');
    // Delivered once: a second poll, remote or local, has nothing.
    expect(served.client(['poll', '--as', 'bob'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(served.local(['poll', '--as', 'bob'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readdirSync(served.clientDir)).toEqual([]);
  });

  it('a body on stdin, cards (new, write from stdin, read) and a result from a --file read on the client', async () => {
    const served = await serveBoard();
    const sent = served.client(['send', '--as', 'alice', '--to', 'bob'], { input: 'from stdin\n' });
    expect(sent.code).toBe(0);
    expect(served.local(['inbox', '--as', 'bob']).stdout).toContain('│ from stdin');

    const made = served.client(['card', 'new', 'Login flake', '--as', 'alice']);
    expect(made.code).toBe(0);
    const card = /c-[0-9a-z]+/i.exec(made.stdout)?.[0];
    expect(card).toBeDefined();
    const wrote = served.client(['card', 'write', card!, '--type', 'finding', '--as', 'alice'], {
      input: 'The clock is read in login.spec.ts.\n',
    });
    expect(wrote.code).toBe(0);
    const read = served.client(['card', 'read', card!]);
    expect(read.stdout).toContain('The clock is read in login.spec.ts.');
    expect(read).toEqual(served.local(['card', 'read', card!]));

    writeFileSync(join(served.clientDir, 'result.md'), '## Findings\n\nTwo endpoints skip the CSRF check.\n');
    const result = served.client([
      'result',
      'write',
      '--file',
      'result.md',
      '--as',
      'alice',
      '--task',
      'audit',
    ]);
    expect(result.stderr).toContain(`[board ${served.root}]`);
    expect(result.code).toBe(0);
    const note = /n-[0-9A-Za-z]+/.exec(result.stdout)?.[0];
    expect(served.local(['read', note!]).stdout).toContain('Two endpoints skip the CSRF check.');
  });

  it('a hook (Codex session start) registers the session without a pid or the client’s transcript, and injects mail', async () => {
    const served = await serveBoard();
    expect(served.client(['send', '--as', 'alice', '--to', 'bob', '--body', 'welcome']).code).toBe(0);
    // The fields of Codex's SessionStart input schema (../shared/fixtures/harness-schemas/codex).
    const input = JSON.stringify({
      session_id: SESSION,
      transcript_path: join(served.clientDir, 'rollout.jsonl'),
      cwd: served.clientDir,
      hook_event_name: 'SessionStart',
      model: 'gpt-5-codex',
      permission_mode: 'default',
      source: 'startup',
    });
    const hook = served.client(['hook', 'session-start', '--harness', 'codex'], {
      input,
      env: { BATON_AGENT: 'bob' },
    });
    expect({ code: hook.code, stderr: hook.stderr }).toEqual({ code: 0, stderr: '' });
    const envelope = expectCodexEnvelope('session-start', hook.stdout) as {
      hookSpecificOutput: { additionalContext: string };
    };
    expect(envelope.hookSpecificOutput.additionalContext).toContain('│ welcome');
    const record = JSON.parse(readFileSync(join(served.root, 'sessions', `${SESSION}.json`), 'utf8'));
    expect(record).toMatchObject({ id: SESSION, agent: 'bob', harness: 'codex' });
    expect(record.pid).toBeUndefined();
    expect(record.transcriptPath).toBeUndefined();
    // The session's shell commands find it by the harness's variable, as locally.
    const polled = served.client(['send', '--to', 'alice', '--body', 'thanks'], {
      env: { CODEX_THREAD_ID: SESSION },
    });
    expect(polled.stdout).toMatch(/^sent m-\S+ to alice\n$/);
    expect(served.local(['inbox', '--as', 'alice']).stdout).toContain('bob → alice');
  });

  it('register binds the agent to BATON_SESSION; without a session it says how to name one and writes nothing', async () => {
    const served = await serveBoard();
    const before = snapshot(served.root);
    const refused = served.client(['register', '--as', 'carol']);
    // No session to act as is a usage mistake (exit 2), as for every command with no agent name.
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "baton: no session to bind carol to here: this command runs in a server, not in your session — set BATON_SESSION=<your session id> (a harness's CLAUDE_CODE_SESSION_ID, CODEX_THREAD_ID, COPILOT_AGENT_SESSION_ID or QWEN_CODE_SESSION_ID also works), or pass --as carol to each command\n",
    });
    expectNothingWritten(served, before);
    const env = { BATON_SESSION: 'remote-laptop-1' };
    expect(served.client(['register', '--as', 'carol'], { env }).code).toBe(0);
    expect(served.client(['send', '--to', 'dave', '--body', 'hi'], { env }).code).toBe(0);
    expect(served.local(['inbox', '--as', 'dave']).stdout).toContain('carol → dave');
  });
});

describe('refusals over BATON_URL', () => {
  it('a wrong token and no token are refused: exact message, exit 1, the board unchanged; a hook stays silent', async () => {
    const served = await serveBoard();
    served.client(['send', '--as', 'alice', '--to', 'bob', '--body', 'kept']);
    const before = snapshot(served.root);
    const shown = served.url;
    const wrong = { BATON_TOKEN: 'x'.repeat(43) };
    expect(served.client(['send', '--as', 'eve', '--to', 'bob', '--body', 'no'], { env: wrong })).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: the server at ${shown} (BATON_URL) refused the token (BATON_TOKEN) — set BATON_TOKEN to the token its \`baton serve\` uses (its --token-file)\n`,
    });
    expect(served.client(['poll', '--as', 'bob'], { env: { BATON_TOKEN: '' } })).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: the server at ${shown} (BATON_URL) requires a token — set BATON_TOKEN to the token its \`baton serve\` uses (its --token-file)\n`,
    });
    const input = JSON.stringify({
      session_id: SESSION,
      cwd: served.clientDir,
      hook_event_name: 'SessionStart',
    });
    expect(served.client(['hook', 'session-start', '--harness', 'claude'], { input, env: wrong })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expectNothingWritten(served, before);
  });

  it.each([
    [
      ['init'],
      "baton: `baton init` does not run over BATON_URL: it wires the harnesses of the machine it runs on — wire this one with `BATON_URL= baton init --harness <names>` (it runs here; the hooks it writes reach the served board through BATON_URL and BATON_TOKEN in the harness's environment)\n",
    ],
    [
      ['inbox', '--as', 'bob', '--board', '/tmp'],
      'baton: --board does not apply over BATON_URL: the served board is the board — unset BATON_URL to use a local board\n',
    ],
    [
      ['--global', 'send', '--as', 'a', '--to', 'b', '--body', 'x'],
      'baton: --global does not apply over BATON_URL: the served board is the board — unset BATON_URL to use a local board\n',
    ],
    [
      ['handoff', 'draft', '--transcript', 'rollout.jsonl'],
      'baton: `baton handoff draft` does not run over BATON_URL: it reads a transcript on your machine, which the server cannot read and does not take on stdin — write the handoff yourself with `baton handoff write` (the six sections on stdin; `baton handoff write --help` lists them)\n',
    ],
    [
      ['handoff', 'draft'],
      'baton: `baton handoff draft` does not run over BATON_URL: it reads a transcript on your machine, which the server cannot read and does not take on stdin — write the handoff yourself with `baton handoff write` (the six sections on stdin; `baton handoff write --help` lists them)\n',
    ],
    [
      ['doctor'],
      "baton: `baton doctor` does not run over BATON_URL: it checks the machine it runs on — check this one's wiring with `BATON_URL= baton doctor`, and the served board with `baton agents` (that runs over BATON_URL)\n",
    ],
    [
      ['listen', '--as', 'bob'],
      'baton: `baton listen` over BATON_URL needs --timeout <ms> (1 to 60000): it answers with the first mail, or nothing when the time is up\n',
    ],
    [
      ['continue', 'n-01ABC'],
      'baton: `baton continue` over BATON_URL needs --print: the new session starts on your machine, not the server\n',
    ],
    [
      ['card', 'clean'],
      'baton: `baton card clean` over BATON_URL needs --yes: there is no terminal to confirm on\n',
    ],
  ])('refuses %j with exit 2, writing nothing', async (args, stderr) => {
    const served = await serveBoard();
    const before = snapshot(served.root);
    expect(served.client(args, { input: '{"type":"user"}\n' })).toEqual({ code: 2, stdout: '', stderr });
    expectNothingWritten(served, before);
  });

  it('the init and doctor the refusals name run on the agent’s machine with BATON_URL unset: wired, checked', async () => {
    const served = await serveBoard();
    const here = { env: { BATON_URL: '' } };
    const init = served.client(['init', '--harness', 'claude'], here);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('wired claude');
    const doctor = served.client(['doctor'], here);
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(/^ok {4}claude: .*settings\.json: \d+ hooks/m);
  });

  it('continue --print names no folder of the server: the command runs in the client’s own checkout', async () => {
    const served = await serveBoard({ cwd: (project) => project });
    const six =
      '## Goal\ng\n## Done\nd\n## State and open questions\ns\n## Decisions and rejected options\nx\n## Pitfalls and blockers\np\n## Next steps and read-first list\nn\n';
    const wrote = served.client(['handoff', 'write', '--session', SESSION, '--json'], { input: six });
    const note = JSON.parse(wrote.stdout).note.id as string;
    const before = snapshot(served.root);
    const printed = served.client(['continue', note, '--print', '--harness', 'codex']);
    expect(printed.code).toBe(0);
    expect(printed.stdout).not.toContain(served.project);
    expect(printed.stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(
        /^# continue n-\w+ \(project [^)]+\) in a new codex session, run in your checkout of the project:$/,
      ),
      `BATON_PARENT_SESSION=${SESSION} codex 'You are continuing the work of session ${SESSION} (you, cli) on project ${JSON.parse(wrote.stdout).note.projectKey}.`,
    ]);
    const json = JSON.parse(served.client(['continue', note, '--print', '--json']).stdout);
    expect([json.cwd, json.shell.startsWith('BATON_PARENT_SESSION=')]).toEqual([null, true]);
    expect(snapshot(served.root)).toEqual(before);
  });

  it('a 3 MiB deliverable goes whole through result write, as locally (its stdin is a result’s, not a message’s)', async () => {
    const served = await serveBoard();
    const deliverable = `# Audit\n\n${'finding: the login flow checks the token twice.\n'.repeat(66_000)}`;
    expect(Buffer.byteLength(deliverable)).toBeGreaterThan(3 * 1024 * 1024);
    const wrote = served.client(['result', 'write', '--title', 'audit'], { input: deliverable });
    expect(wrote.code).toBe(0);
    const id = /^wrote (n-\w+) /.exec(wrote.stdout)?.[1] ?? '';
    const note = readNote(openBoard({ board: served.root, env: {} }), id);
    expect(note.body).toBe(deliverable);
    expect(note.truncated).toBeUndefined();
  });

  it('a --file that is not there is the local error, and nothing is sent', async () => {
    const served = await serveBoard();
    const before = snapshot(served.root);
    expect(served.client(['handoff', 'write', '--file', 'missing.md'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: cannot read --file missing.md: it does not exist\n',
    });
    expectNothingWritten(served, before);
  });

  it('a server that is down, or a URL that is not http(s), is a clear error; a hook stays silent', async () => {
    const served = await serveBoard();
    await served.stop();
    expect(served.client(['inbox', '--as', 'bob'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `baton: cannot reach baton serve at ${served.url} (BATON_URL): ECONNREFUSED — start \`baton serve\` there, or fix BATON_URL (unset it to use a local board)\n`,
    });
    const input = JSON.stringify({
      session_id: SESSION,
      cwd: served.clientDir,
      hook_event_name: 'UserPromptSubmit',
    });
    expect(served.client(['hook', 'user-prompt-submit', '--harness', 'claude'], { input })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(served.client(['inbox'], { env: { BATON_URL: 'file:///etc/passwd' } })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'baton: BATON_URL must start with http:// or https:// (it starts with file:) — set it to http://<host>:7325\n',
    });
    expect(served.client(['inbox'], { env: { BATON_URL: 'not a url' } })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'baton: BATON_URL is not a URL — set it to http://<host>:7325, where `baton serve` runs\n',
    });
    expect(readdirSync(served.clientDir)).toEqual([]);
    expect(existsSync(join(served.clientDir, '.baton'))).toBe(false);
  });
});
