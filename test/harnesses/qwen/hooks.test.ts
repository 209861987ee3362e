// `baton hook … --harness qwen` fed the stdin Qwen Code 0.24.4 really sends (captured from headless runs and one
// interactive session: test/fixtures/hook-envelopes/SOURCES.md). Qwen Code reads Claude Code's envelope, so each answer
// is checked against Codex's published schema of that envelope (the strict reading of it).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton } from '../../helpers/testdir.js';
import { answer, contextOf, expectSilent, hook, project, send } from '../../hooks/helpers.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/hook-envelopes/qwen');
const SESSION = '8fe53a43-a414-4d16-a372-841eb5d76bb4';
const AGENT = 'qwen-8fe53a';
const RUN_PROJECT = '/tmp/h/qw3/project';

/** A captured stdin with the run's project folder replaced by this test's. */
function qwen(event: string, name: string, cwd: string, env: Record<string, string> = {}) {
  const raw = readFileSync(join(FIXTURES, name), 'utf8').replaceAll(RUN_PROJECT, cwd);
  return hook(event, {}, { cwd, harness: 'qwen', env, raw });
}

function record(cwd: string, session = SESSION): Record<string, unknown> {
  return JSON.parse(readFileSync(join(cwd, '.baton', 'sessions', `${session}.json`), 'utf8'));
}

describe('Qwen Code hooks, on its real stdin', () => {
  it('SessionStart registers the session as qwen, with its transcript, and injects the index and the mail', () => {
    const cwd = project();
    send(cwd, AGENT, 'the release is frozen until noon');
    expect(baton(['card', 'new', 'Flaky login test', '--as', 'alice'], { cwd }).code).toBe(0);
    const parsed = answer(qwen('session-start', 'session-start.json', cwd), 'session-start');
    expect(parsed.hookSpecificOutput).toMatchObject({ hookEventName: 'SessionStart' });
    expect(contextOf(parsed)).toMatch(new RegExp(`^<baton-index board=.* for="${AGENT}">`));
    expect(contextOf(parsed)).toContain('Flaky login test');
    expect(contextOf(parsed)).toContain('the release is frozen until noon');
    expect(record(cwd)).toMatchObject({
      id: SESSION,
      harness: 'qwen',
      agent: AGENT,
      cwd,
      transcriptPath: `/tmp/h/qw3/home/.qwen/projects/-tmp-h-qw3-project/chats/${SESSION}.jsonl`,
    });
  });

  it('UserPromptSubmit — the prompt’s and the empty one before a tool-result request — pushes new mail once', () => {
    const cwd = project();
    qwen('session-start', 'session-start.json', cwd);
    send(cwd, AGENT, 'please rebase on main');
    const parsed = answer(
      qwen('user-prompt-submit', 'user-prompt-submit-continuation.json', cwd),
      'user-prompt-submit',
    );
    expect(contextOf(parsed)).toContain('please rebase on main');
    expectSilent(qwen('user-prompt-submit', 'user-prompt-submit.json', cwd));
  });

  it('PreToolUse of write_file warns the person (systemMessage: Qwen Code drops its additionalContext); blockOnConflict denies', () => {
    const cwd = project();
    hook('session-start', { session_id: 'other-session-1' }, { cwd, env: { BATON_AGENT: 'bob' } });
    hook(
      'post-tool-use',
      {
        session_id: 'other-session-1',
        tool_name: 'Write',
        tool_input: { file_path: join(cwd, 'src/shared.ts') },
      },
      { cwd, env: { BATON_AGENT: 'bob' } },
    );
    qwen('session-start', 'session-start.json', cwd);
    const warned = answer(qwen('pre-tool-use', 'pre-tool-use-write-file.json', cwd), 'pre-tool-use');
    expect(warned).toEqual({
      systemMessage: expect.stringMatching(/^baton: src\/shared\.ts was edited \d+ min ago by bob /),
    });
    const config = join(cwd, '.baton', 'config.json');
    writeFileSync(config, '{"hooks":{"blockOnConflict":true}}\n');
    const denied = answer(qwen('pre-tool-use', 'pre-tool-use-edit.json', cwd), 'pre-tool-use');
    expect(denied.hookSpecificOutput).toMatchObject({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(/^baton: src\/shared\.ts was edited/),
    });
  });

  it('PostToolUse of write_file and edit records the file touched', () => {
    const cwd = project();
    qwen('session-start', 'session-start.json', cwd);
    expectSilent(qwen('post-tool-use', 'post-tool-use-write-file.json', cwd));
    expectSilent(qwen('post-tool-use', 'post-tool-use-edit.json', cwd));
    expect(record(cwd).touched).toEqual(['src/shared.ts']);
  });

  it('Stop blocks with the mail; the Stop that follows a block (stop_hook_active) passes and leaves the mail', () => {
    const cwd = project();
    qwen('session-start', 'session-start.json', cwd);
    send(cwd, AGENT, 'CI is red on main');
    const blocked = answer(qwen('stop', 'stop.json', cwd), 'stop');
    expect(blocked).toEqual({
      decision: 'block',
      reason: expect.stringMatching(new RegExp(`^<baton-mail to="${AGENT}">`)),
    });
    expect(String(blocked.reason)).toContain('CI is red on main');
    // stop-after-block.json is from another run: its session, started here, has mail waiting that it does not push.
    const other = '353ef540-13fe-40fc-9d27-ee9f856b90fd';
    hook('session-start', { session_id: other }, { cwd, harness: 'qwen' });
    send(cwd, 'qwen-353ef5', 'second message');
    expectSilent(qwen('stop', 'stop-after-block.json', cwd));
    expect(baton(['inbox', '--as', 'qwen-353ef5'], { cwd }).stdout).toContain('second message');
  });

  it('Stop reads the reply from last_assistant_message: a pending write without a board entry is refused, loudly', () => {
    const cwd = project();
    const made = JSON.parse(
      baton(['card', 'new', 'Flaky login test', '--as', 'alice', '--json'], { cwd }).stdout,
    );
    const id: string = made.card?.id ?? made.id;
    qwen('session-start', 'session-start.json', cwd);
    expect(
      baton(['card', 'ask', id, 'write down the flake'], { cwd, env: { BATON_SESSION: SESSION } }).code,
    ).toBe(0);
    // The captured reply ("Done: src/shared.ts now exports shared = 2.") holds no board-entry block.
    const warned = answer(qwen('stop', 'stop.json', cwd), 'stop');
    expect(warned).toEqual({
      systemMessage: expect.stringMatching(/^baton: warning: the reply was not written to the board/),
    });
  });

  it('SessionEnd (interactive sessions only) marks the session ended and prints nothing', () => {
    const cwd = project();
    const session = '8506c770-11fe-47fb-aca1-a2356551483f';
    expectSilent(qwen('session-end', 'session-end-interactive.json', cwd));
    // Nothing to end: a session the hooks never met.
    expect(() => record(cwd, session)).toThrow();
    hook('session-start', { session_id: session }, { cwd, harness: 'qwen' });
    expectSilent(qwen('session-end', 'session-end-interactive.json', cwd));
    expect(typeof record(cwd, session).endedAt).toBe('string');
  });
});
