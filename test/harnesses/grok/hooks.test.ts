// `baton hook … --harness grok` fed the stdin Grok Build's documentation describes, asserting the exact answers it
// documents. grok installs with a curl script (x.ai/cli/install.sh), not from npm or apt, so none of this ran against
// the real CLI: the README's harness table says "from docs". The documentation is xai-org/grok-build (synced
// 2026-08-19, commit 19d42e35c07a9c9244f03f6df0c4c353f970d4f9), crates/codegen/xai-grok-pager/docs/user-guide/ —
// 10-hooks.md ("H"), 07-mcp-servers.md ("M"), 17-sessions.md ("S"), 12-project-rules.md, 08-skills.md — also at
// https://docs.x.ai/build/features/hooks and https://docs.x.ai/build/features/mcp-servers. The facts this file holds
// to, each with its source:
//
// [G1] Hooks are JSON files `{"hooks": {<Event>: [{matcher?, hooks: [{type: "command", command, timeout}]}]}}`;
//      every `*.json` in `~/.grok/hooks/` and `<project>/.grok/hooks/` is merged. Project hooks run only in a trusted
//      folder (`/hooks-trust`, `--trust`; `~/.grok/trusted_folders.toml`), and are silently skipped until then. (H)
// [G2] Event names are Claude Code's (SessionStart, UserPromptSubmit, PreToolUse, PostToolUse, Stop, PreCompact,
//      SessionEnd, …). `matcher` is a regex on the tool name; Claude's Edit/Write/MultiEdit alias grok's
//      `search_replace`. `timeout` in seconds, default 5 (600 for Stop). (H)
// [G3] The stdin is NOT Claude's: camelCase keys — hookEventName in snake case ("session_start", "pre_tool_use",
//      "stop"), sessionId, cwd, workspaceRoot, timestamp, permissionMode, promptId; toolName, toolInput,
//      toolResult; Stop's reason, stopHookActive, lastAssistantMessage; subagentType on a sub-agent's events. The
//      issue's "the Claude envelope" holds for the output only. (H, "Porting Claude Code stop hooks")
// [G4] Only PreToolUse (`{"decision":"deny","reason"}`) and Stop/SubagentStop (`{"decision":"block","reason"}`,
//      the reason fed back as a user message) change anything; for SessionStart, UserPromptSubmit, PostToolUse and
//      the rest, stdout is ignored ("Passive hooks"; "UserPromptSubmit is observe-only"). So baton injects no
//      context at start: the index and mail go out with a stop's block. (H)
// [G5] A Stop also fires at session end with reason "channel_closed" or "shutdown", and its decision is ignored —
//      only `reason == "end_turn"` is a turn's end. After 8 continuations in a turn the gate is overridden. (H)
// [G6] Runner variables: GROK_HOOK_EVENT, GROK_SESSION_ID, GROK_WORKSPACE_ROOT, CLAUDE_PROJECT_DIR on every hook.
//      grok also runs the hooks of `.claude/settings.json` (Claude Code compatibility, on by default) — so a project
//      wired for Claude Code too sees baton's Claude hooks run by grok; they stay quiet when GROK_HOOK_EVENT is set.
//      (H, "Hook Locations")
// [G7] MCP: `grok mcp add [--scope project] <name> -- <command> <args…>` writes `[mcp_servers.<name>]` with
//      `command`, `args` and `enabled = true` into `~/.grok/config.toml`, or `./.grok/config.toml` with
//      `--scope project` (loaded in a trusted folder). Tools are named `<server>__<tool>`. (M; the writer:
//      crates/codegen/xai-grok-pager/src/mcp_cmd.rs run_add → xai-grok-shell/src/util/config/mcp.rs
//      save_mcp_server_config_at)
// [G8] Sessions are stored under `~/.grok/sessions/<encoded-cwd>/<session-id>/` (updates.jsonl, chat_history.jsonl,
//      summary.json), `$GROK_HOME` moving `~/.grok`; `grok --resume <id>` resumes one. Their format is grok's own and
//      not documented line by line, so baton reads no grok transcript (no raw handoff drafts). (S)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, type RunResult, snapshot } from '../../helpers/testdir.js';
import { answer, expectSilent, hook, project, send } from '../../hooks/helpers.js';

const SESSION = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const AGENT = 'grok-3f4a5b';

/** What grok sends every hook [G3], for `event` (its snake-case name) in `cwd`. */
function envelope(event: string, cwd: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    hookEventName: event,
    sessionId: SESSION,
    cwd,
    workspaceRoot: cwd,
    timestamp: '2026-11-30T12:00:00Z',
    permissionMode: 'default',
    ...extra,
  };
}

/**
 * `baton hook <event> --harness grok`, run from a shell that lives while the hook runs, as grok runs it (so the
 * session's process is that shell, not the test's: a command the test runs is not inside the session).
 */
function grok(
  batonEvent: string,
  payload: Record<string, unknown>,
  cwd: string,
  env: Record<string, string> = {},
  viaShell = true,
) {
  const events = { GROK_HOOK_EVENT: String(payload.hookEventName), ...env };
  const input = JSON.stringify(payload);
  if (!viaShell) return baton(['hook', batonEvent, '--harness', 'grok'], { cwd, env: events, input });
  return hook(batonEvent, {}, { cwd, harness: 'grok', env: events, raw: input, viaShell });
}

const start = (cwd: string) =>
  grok('session-start', envelope('session_start', cwd, { source: 'startup' }), cwd);

function stop(cwd: string, extra: Record<string, unknown> = {}): RunResult {
  const payload = envelope('stop', cwd, {
    promptId: 'p-1',
    reason: 'end_turn',
    stopHookActive: false,
    lastAssistantMessage: 'Done: the flake is fixed.',
    backgroundTasks: [],
    sessionCrons: [],
    ...extra,
  });
  return grok('stop', payload, cwd);
}

function sessionFile(cwd: string): string {
  return join(cwd, '.baton', 'sessions', `${SESSION}.json`);
}

function hookLog(cwd: string): string {
  const path = join(cwd, '.baton', 'state', 'hooks.log');
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

describe('SessionStart', () => {
  it('registers the session as grok and prints nothing — grok ignores it — leaving the mail queued [G4]', () => {
    const cwd = project();
    expect(baton(['card', 'new', 'Flaky login test', '--as', 'alice'], { cwd }).code).toBe(0);
    send(cwd, AGENT, 'the login flake is fixed on main');
    expectSilent(start(cwd));
    const record = JSON.parse(readFileSync(sessionFile(cwd), 'utf8'));
    expect(record).toMatchObject({ id: SESSION, harness: 'grok', agent: AGENT, cwd });
    expect(record.transcriptPath).toBeUndefined();
    // The first stop carries what the start could not: the index, then the mail.
    const parsed = answer(stop(cwd));
    expect(Object.keys(parsed)).toEqual(['decision', 'reason']);
    expect(parsed.decision).toBe('block');
    const reason = String(parsed.reason);
    expect(reason).toMatch(
      new RegExp(`^<baton-index board="${join(cwd, '.baton')}" project=".*" for="${AGENT}">`),
    );
    expect(reason).toContain('Flaky login test');
    expect(reason.indexOf('<baton-index')).toBeLessThan(reason.indexOf(`<baton-mail to="${AGENT}">`));
    expect(reason).toContain('  │ the login flake is fixed on main');
  });
});

describe('Stop', () => {
  it('blocks with the mail once; the continuation’s stop (stopHookActive) and a stop with nothing new say nothing [G4][G5]', () => {
    const cwd = project();
    start(cwd);
    expectSilent(stop(cwd));
    send(cwd, AGENT, 'CI is red on main');
    const parsed = answer(stop(cwd));
    // No index the second time round: nothing was due.
    expect(parsed).toEqual({
      decision: 'block',
      reason: expect.stringMatching(new RegExp(`^<baton-mail to="${AGENT}">\n`)),
    });
    send(cwd, AGENT, 'and the nightly too');
    expectSilent(stop(cwd, { stopHookActive: true }));
    expect(answer(stop(cwd)).reason).toContain('and the nightly too');
    expectSilent(stop(cwd));
  });

  it('the stop grok fires at session end (channel_closed, shutdown) is not answered: its decision would be ignored, the mail waits', () => {
    const cwd = project();
    start(cwd);
    send(cwd, AGENT, 'the deploy is paused');
    expectSilent(stop(cwd, { reason: 'channel_closed' }));
    expectSilent(stop(cwd, { reason: 'shutdown' }));
    expect(hookLog(cwd)).toContain(
      'skipped: a stop with reason "channel_closed", not end_turn: not answered',
    );
    expect(answer(stop(cwd)).reason).toContain('the deploy is paused');
  });

  it('a sub-agent’s event is its parent’s business: nothing printed, nothing written', () => {
    const cwd = project();
    start(cwd);
    send(cwd, AGENT, 'for the parent');
    const before = snapshot(join(cwd, '.baton', 'sessions'));
    expectSilent(stop(cwd, { subagentType: 'explore' }));
    expect(snapshot(join(cwd, '.baton', 'sessions'))).toEqual(before);
    expect(hookLog(cwd)).toContain('skipped: a sub-agent’s event: its parent session answers');
  });

  it('an event that is not the one the hook was wired for is skipped', () => {
    const cwd = project();
    start(cwd);
    send(cwd, AGENT, 'still here');
    expectSilent(grok('stop', envelope('pre_tool_use', cwd, { reason: 'end_turn' }), cwd));
    expect(hookLog(cwd)).toContain('skipped: stdin is a "pre_tool_use" event, not stop');
  });
});

describe('two-phase writes', () => {
  it('a request is shown at a stop, and the next stop’s lastAssistantMessage is written to the card [G3][G4]', () => {
    const cwd = project();
    expect(baton(['card', 'new', 'Flaky login test', '--as', 'alice'], { cwd }).code).toBe(0);
    const card = /c-[0-9A-Z]+/.exec(baton(['card', 'list'], { cwd }).stdout)![0];
    start(cwd);
    expect(baton(['card', 'ask', card, 'what did you find?', '--session', SESSION], { cwd }).code).toBe(0);
    const asked = answer(stop(cwd));
    expect(asked.decision).toBe('block');
    expect(String(asked.reason)).toContain('what did you find?');
    const reply =
      'Here it is.\n\n```board-entry\ntype: finding\n---\nThe test depends on the timezone.\n```\n';
    expectSilent(stop(cwd, { stopHookActive: true, lastAssistantMessage: reply }));
    expect(baton(['card', 'read', card], { cwd }).stdout).toContain('The test depends on the timezone.');
  });
});

describe('PreToolUse, PostToolUse, SessionEnd', () => {
  const edit = (cwd: string, session: string, event: string) =>
    envelope(event, cwd, {
      sessionId: session,
      promptId: 'p-2',
      toolName: 'search_replace',
      toolUseId: 'call_1',
      toolInput: { file_path: join(cwd, 'src/shared.ts'), old_string: 'a', new_string: 'b' },
      toolInputTruncated: false,
    });

  // Hooks run by the test itself (no shell between): the test's process is each session's, alive while it runs, so
  // the other session is live.
  it('records what search_replace wrote, and denies another session’s edit with decision deny under blockOnConflict [G4]', () => {
    const cwd = project();
    const other = '0199ffff-c3d4-7e5f-8a9b-0c1d2e777777';
    grok(
      'session-start',
      envelope('session_start', cwd, { sessionId: other, source: 'startup' }),
      cwd,
      {},
      false,
    );
    expectSilent(
      grok('post-tool-use', { ...edit(cwd, other, 'post_tool_use'), toolResult: 'ok' }, cwd, {}, false),
    );
    grok('session-start', envelope('session_start', cwd, { source: 'startup' }), cwd, {}, false);
    // A warning has no channel (grok reads only deny): none is printed.
    expectSilent(grok('pre-tool-use', edit(cwd, SESSION, 'pre_tool_use'), cwd, {}, false));
    writeFileSync(join(cwd, '.baton', 'config.json'), '{"hooks":{"blockOnConflict":true}}\n');
    expect(answer(grok('pre-tool-use', edit(cwd, SESSION, 'pre_tool_use'), cwd, {}, false))).toEqual({
      decision: 'deny',
      reason: expect.stringMatching(/^baton: src\/shared\.ts was edited \d+ min ago by grok-777777 /),
    });
  });

  it('SessionEnd ends the session and prints nothing', () => {
    const cwd = project();
    start(cwd);
    expectSilent(grok('session-end', envelope('session_end', cwd, { reason: 'exit', turnCount: 2 }), cwd));
    expect(JSON.parse(readFileSync(sessionFile(cwd), 'utf8')).endedAt).toEqual(expect.any(String));
  });
});

describe('grok running another harness’s hooks (.claude/settings.json) [G6]', () => {
  it('baton’s Claude Code hooks, run by grok (GROK_HOOK_EVENT set), stay quiet and register nothing', () => {
    const cwd = project();
    send(cwd, 'claude-0199a1', 'for a Claude session');
    const before = snapshot(join(cwd, '.baton'));
    const run = hook(
      'session-start',
      { sessionId: SESSION, hookEventName: 'session_start' },
      { cwd, env: { GROK_HOOK_EVENT: 'session_start' } },
    );
    expectSilent(run);
    expect(snapshot(join(cwd, '.baton'))).toEqual(before);
  });
});
