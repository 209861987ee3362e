// `baton hook … --harness antigravity` fed the stdin Antigravity's documentation describes, asserting the exact
// answers it documents. No Antigravity CLI installs from npm or apt here, so none of this ran against the real `agy`:
// the README's harness table says "from docs".
//
// The facts this file holds to, each with its source:
//
// [A1] Hooks live in hooks.json in a customization folder: the workspace's `.agents/hooks.json`, or
//      `~/.gemini/config/hooks.json` for every workspace. The file maps hook *names* to their events; a named hook may
//      carry `"enabled": false`. https://antigravity.google/docs/ide/hooks/ (as mirrored in Chinese at
//      https://gemini.meetcoding.cn/antigravity/hooks.html); HengWeiBin/oh-my-antigravity skills/antigravity-hooks/SKILL.md
// [A2] Events: PreToolUse and PostToolUse take `{matcher, hooks: [handler]}` groups (matcher: a regex on the tool
//      name, `run_command`, `write_to_file`, …); PreInvocation, PostInvocation and Stop take a flat list of handlers
//      (a matcher there is ignored). There is no SessionStart/SessionEnd/UserPromptSubmit among the documented
//      events. Handler: `type` ("command"), `command`, `timeout` (seconds, whole number). Same sources as [A1], and
//      stbenjam/skillsaw docs/rules/antigravity-hooks-valid.md (a whole file is dropped when one key is malformed,
//      an unknown event name never fires).
// [A3] Every event's stdin is camelCase JSON: conversationId, workspacePaths, cwd, transcriptPath
//      (<app_data_dir>/brain/<conversationId>/.system_generated/logs/transcript.jsonl), artifactDirectoryPath,
//      modelName. PreInvocation adds invocationNum, initialNumSteps; PreToolUse/PostToolUse add stepIdx and
//      toolCall {name, args} (args in PascalCase: write_to_file's TargetFile); Stop adds executionNum,
//      terminationReason, error, fullyIdle. oh-my-antigravity SKILL.md §2; posthog/coherence
//      src/lifecycle/antigravity.ts (agy 1.5.14's bundled hooks.md: NO_TOOL_CALL is "the agent ended its turn on
//      its own").
// [A4] PreInvocation runs before every model call (not once per prompt) and answers
//      `{"injectSteps":[{"ephemeralMessage": text}]}`: text put in front of the model for that call, not kept in the
//      transcript. Sources as [A1]/[A3]; issue 23. A later IDE release is reported to prefer
//      `{"systemMessage":{"systemMessage": …}}` and to call ephemeralMessage deprecated (oh-my-antigravity v0.6.0
//      release notes, https://github.com/HengWeiBin/oh-my-antigravity/releases) — baton writes what the issue and the
//      CLI's hooks.md name, ephemeralMessage.
// [A5] Stop answers `{"decision":"continue","reason": text}` to send the agent back to work with the reason as its
//      next input. There is no stop_hook_active: nothing tells a hook that the stop it sees follows its own
//      continue. Sources as [A3].
// [A6] PreToolUse answers `{"decision": "allow"|"deny"|"ask"|"force_ask", "reason"}`; "allow" skips the person's
//      approval, so baton never says it. PostToolUse's answer is `{}`. Sources as [A3].
// [A7] MCP servers are configured in the app's own mcp_config.json ("Manage MCP Servers → View raw config"), at user
//      level; no documented project file. https://docs.silabs.com/mcp/1.0.0/mcp-setup/antigravity
//
// Conservative choices where the docs are silent: no transcript reader (its format is undocumented), so no raw
// handoff drafts and no two-phase card writes; no MCP entry written (a follow-up says how to add it); a Stop that
// was not the agent ending on its own (a cancel, an error, a step cap) never gets a continue.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, type RunResult, snapshot, testdir } from '../../helpers/testdir.js';
import { answer, expectSilent, project, send } from '../../hooks/helpers.js';

const CONVERSATION = 'b67d4ce2-1b29-4e25-8598-e6636a3171aa';
const AGENT = 'antigravity-b67d4c';
const IDLE = ['--idle-after', '30m'];

/** The fields every Antigravity hook gets [A3], in `cwd`. */
function common(cwd: string): Record<string, unknown> {
  const brain = `/home/u/.gemini/antigravity/brain/${CONVERSATION}`;
  return {
    conversationId: CONVERSATION,
    workspacePaths: [cwd],
    cwd,
    transcriptPath: `${brain}/.system_generated/logs/transcript.jsonl`,
    artifactDirectoryPath: brain,
    modelName: 'gemini-3.6-flash-medium',
  };
}

/** `baton hook <event> --harness antigravity [args]` with `payload` on stdin, as wired. */
function agy(event: string, payload: Record<string, unknown>, cwd: string, args: string[] = []): RunResult {
  return baton(['hook', event, '--harness', 'antigravity', ...args], { cwd, input: JSON.stringify(payload) });
}

function preInvocation(cwd: string, invocationNum = 0): RunResult {
  return agy('session-start', { ...common(cwd), invocationNum, initialNumSteps: 1 }, cwd, IDLE);
}

function stop(cwd: string, extra: Record<string, unknown> = {}): RunResult {
  const payload = {
    ...common(cwd),
    executionNum: 1,
    terminationReason: 'NO_TOOL_CALL',
    error: '',
    fullyIdle: true,
  };
  return agy('stop', { ...payload, ...extra }, cwd);
}

/** A board with a card on it, so the index has a line to show. */
function boardWithCard(): string {
  const cwd = project();
  expect(baton(['card', 'new', 'Flaky login test', '--as', 'alice'], { cwd }).code).toBe(0);
  return cwd;
}

function sessionFile(cwd: string): string {
  return join(cwd, '.baton', 'sessions', `${CONVERSATION}.json`);
}

function hookLog(cwd: string): string {
  const path = join(cwd, '.baton', 'state', 'hooks.log');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

/** The text a PreInvocation answer puts before the model: exactly one ephemeralMessage step [A4]. */
function ephemeral(result: RunResult): string {
  const parsed = answer(result);
  expect(Object.keys(parsed)).toEqual(['injectSteps']);
  const steps = parsed.injectSteps as Record<string, unknown>[];
  expect(steps).toHaveLength(1);
  expect(Object.keys(steps[0]!)).toEqual(['ephemeralMessage']);
  return String(steps[0]!.ephemeralMessage);
}

describe('PreInvocation (baton session-start --idle-after)', () => {
  it('on a conversation new to the board: registers it and injects the index and the mail as one ephemeral step', () => {
    const cwd = project();
    send(cwd, AGENT, 'the login flake is fixed on main');
    expect(baton(['card', 'new', 'Flaky login test', '--as', 'alice'], { cwd }).code).toBe(0);
    const text = ephemeral(preInvocation(cwd));
    expect(text).toMatch(
      new RegExp(`^<baton-index board="${join(cwd, '.baton')}" project=".*" for="${AGENT}">`),
    );
    expect(text).toContain('Flaky login test');
    expect(text).toContain(`<baton-mail to="${AGENT}">`);
    expect(text).toContain('  │ the login flake is fixed on main');
    const record = JSON.parse(readFileSync(sessionFile(cwd), 'utf8'));
    expect(record).toMatchObject({ id: CONVERSATION, harness: 'antigravity', agent: AGENT, cwd });
    // The transcript's format is not documented: baton keeps no path to a file it cannot read [A3].
    expect(record.transcriptPath).toBeUndefined();
  });

  it('is quiet on every later model call within the window, writing nothing; new mail waits for the stop', () => {
    const cwd = boardWithCard();
    ephemeral(preInvocation(cwd));
    send(cwd, AGENT, 'please rebase on main');
    const before = snapshot(join(cwd, '.baton'));
    expectSilent(preInvocation(cwd, 1));
    expectSilent(preInvocation(cwd, 0));
    expect(snapshot(join(cwd, '.baton'))).toEqual(before);
    const parsed = answer(stop(cwd));
    expect(parsed).toEqual({
      decision: 'continue',
      reason: expect.stringContaining('please rebase on main'),
    });
  });

  it('starts the session again once it was last started longer ago than the window, or has ended', () => {
    const cwd = boardWithCard();
    ephemeral(preInvocation(cwd));
    const record = JSON.parse(readFileSync(sessionFile(cwd), 'utf8'));
    writeFileSync(
      sessionFile(cwd),
      JSON.stringify({ ...record, lastSeen: new Date(Date.now() - 31 * 60_000).toISOString() }),
    );
    send(cwd, AGENT, 'back after lunch?');
    expect(ephemeral(preInvocation(cwd, 3))).toContain('back after lunch?');
    expectSilent(preInvocation(cwd, 4));
    const fresh = JSON.parse(readFileSync(sessionFile(cwd), 'utf8'));
    writeFileSync(sessionFile(cwd), JSON.stringify({ ...fresh, endedAt: new Date().toISOString() }));
    expect(ephemeral(preInvocation(cwd))).toMatch(/^<baton-index /);
    expect(JSON.parse(readFileSync(sessionFile(cwd), 'utf8')).endedAt).toBeUndefined();
  });

  it('takes its folder from workspacePaths when cwd is missing', () => {
    const cwd = boardWithCard();
    const { cwd: _cwd, ...payload } = common(cwd);
    expect(ephemeral(agy('session-start', { ...payload, invocationNum: 0 }, testdir(), IDLE))).toMatch(
      /^<baton-index /,
    );
    expect(JSON.parse(readFileSync(sessionFile(cwd), 'utf8')).cwd).toBe(cwd);
  });

  it('refuses a bad --idle-after with a line on stderr, exit 0, and writes nothing', () => {
    const cwd = project();
    const before = snapshot(cwd);
    for (const value of ['soon', '0s', '30', '-5m']) {
      const result = agy('session-start', { ...common(cwd), invocationNum: 0 }, cwd, ['--idle-after', value]);
      expect(result).toEqual({
        code: 0,
        stdout: '',
        stderr:
          'baton hook: --idle-after takes a duration like 30m (90s, 2h, 1d), and only for session-start\n',
      });
    }
    const onStop = agy('stop', common(cwd), cwd, IDLE);
    expect(onStop.stderr).toBe(
      'baton hook: --idle-after takes a duration like 30m (90s, 2h, 1d), and only for session-start\n',
    );
    expect(snapshot(cwd)).toEqual(before);
  });

  it('without conversationId: silent, one line in the hook log, no session written', () => {
    const cwd = project();
    const { conversationId: _id, ...payload } = common(cwd);
    expectSilent(agy('session-start', { ...payload, invocationNum: 0 }, cwd, IDLE));
    expect(existsSync(sessionFile(cwd))).toBe(false);
    expect(hookLog(cwd)).toMatch(/antigravity session-start - skipped: no conversationId in stdin\n$/);
  });

  it('with no board here: silent, and no board is made', () => {
    const cwd = testdir();
    expectSilent(preInvocation(cwd));
    expect(existsSync(join(cwd, '.baton'))).toBe(false);
  });
});

describe('Stop', () => {
  it('sends the agent back to work with the waiting mail, once: the next stop has nothing and says nothing [A5]', () => {
    const cwd = project();
    preInvocation(cwd);
    send(cwd, AGENT, 'CI is red on main');
    const parsed = answer(stop(cwd));
    expect(Object.keys(parsed)).toEqual(['decision', 'reason']);
    expect(parsed.decision).toBe('continue');
    expect(parsed.reason).toMatch(new RegExp(`^<baton-mail to="${AGENT}">\n`));
    expect(parsed.reason).toContain('  │ CI is red on main');
    // No stop_hook_active in Antigravity: what ends the loop is that the mail was taken.
    expectSilent(stop(cwd));
  });

  it('a turn the agent did not end itself — cancelled, capped, failed — is not answered, and the mail waits', () => {
    const cwd = project();
    preInvocation(cwd);
    send(cwd, AGENT, 'the deploy is paused');
    expectSilent(stop(cwd, { terminationReason: 'user_cancelled' }));
    expectSilent(stop(cwd, { terminationReason: 'max_steps' }));
    expectSilent(stop(cwd, { error: 'model returned 500' }));
    expect(hookLog(cwd)).toContain(
      'skipped: the turn ended by "user_cancelled", not by the agent: not answered',
    );
    expect(hookLog(cwd)).toContain('skipped: the turn ended with an error: not answered');
    for (const reason of ['EXECUTOR_TERMINATION_REASON_NO_TOOL_CALL', 'model_stop']) {
      send(cwd, AGENT, `after ${reason}`);
      expect(answer(stop(cwd, { terminationReason: reason })).reason).toContain(`after ${reason}`);
    }
    send(cwd, AGENT, 'no reason given');
    expect(answer(stop(cwd, { terminationReason: undefined })).reason).toContain('no reason given');
  });
});

describe('two-phase writes', () => {
  it('a request for an Antigravity session is never shown to it: its stop carries no reply to answer with [A5]', () => {
    const cwd = boardWithCard();
    const card = /c-[0-9A-Z]+/.exec(baton(['card', 'list'], { cwd }).stdout)![0];
    ephemeral(preInvocation(cwd));
    expect(baton(['card', 'ask', card, 'what did you find?', '--session', CONVERSATION], { cwd }).code).toBe(
      0,
    );
    expectSilent(stop(cwd));
    const record = JSON.parse(readFileSync(sessionFile(cwd), 'utf8'));
    writeFileSync(
      sessionFile(cwd),
      JSON.stringify({ ...record, lastSeen: new Date(Date.now() - 31 * 60_000).toISOString() }),
    );
    expect(ephemeral(preInvocation(cwd))).not.toContain('what did you find?');
  });
});

describe('PreToolUse and PostToolUse', () => {
  const write = (cwd: string, session: string) => ({
    ...common(cwd),
    conversationId: session,
    stepIdx: 2,
    toolCall: {
      name: 'write_to_file',
      args: { TargetFile: join(cwd, 'src/shared.ts'), CodeContent: 'x', Overwrite: true },
    },
  });

  it('records the file a write_to_file wrote, and refuses another session’s edit of it with decision deny when blockOnConflict is set [A6]', () => {
    const cwd = project();
    const other = 'c0ffee00-1b29-4e25-8598-e6636a3171aa';
    agy('session-start', { ...common(cwd), conversationId: other, invocationNum: 0 }, cwd, IDLE);
    expectSilent(agy('post-tool-use', { ...write(cwd, other), error: '' }, cwd));
    expect(baton(['who-else', 'src/shared.ts', '--session', CONVERSATION], { cwd }).stdout).toContain(
      'antigravity-c0ffee',
    );
    preInvocation(cwd);
    // A warning has no channel in Antigravity (only allow/deny/ask), so none is printed; baton never says "allow".
    expectSilent(agy('pre-tool-use', write(cwd, CONVERSATION), cwd));
    writeFileSync(join(cwd, '.baton', 'config.json'), '{"hooks":{"blockOnConflict":true}}\n');
    const denied = answer(agy('pre-tool-use', write(cwd, CONVERSATION), cwd));
    expect(denied).toEqual({
      decision: 'deny',
      reason: expect.stringMatching(/^baton: src\/shared\.ts was edited \d+ min ago by antigravity-c0ffee /),
    });
  });

  it('says nothing for a tool that writes no file', () => {
    const cwd = project();
    const run = {
      ...common(cwd),
      stepIdx: 0,
      toolCall: { name: 'run_command', args: { CommandLine: 'ls', Cwd: cwd } },
    };
    expectSilent(agy('pre-tool-use', run, cwd));
  });
});
