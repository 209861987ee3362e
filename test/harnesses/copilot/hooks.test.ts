// `baton hook … --harness copilot` fed the stdin GitHub Copilot CLI 1.0.102 really sends (captured from headless runs:
// test/fixtures/hook-envelopes/SOURCES.md), its answers checked against the hook output types the CLI documents
// (copilot-sdk/types.d.ts in the package: SessionStartHookOutput, UserPromptSubmittedHookOutput, PreToolUseHookOutput,
// PostToolUseHookOutput, AgentStopHookOutput, SessionEndHookOutput).
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, batonRun, type RunResult, testdir } from '../../helpers/testdir.js';
import { waitFor } from '../../helpers/wait.js';
import { expectSilent, hook, project, send } from '../../hooks/helpers.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/hook-envelopes/copilot');
const TRANSCRIPT = resolve(import.meta.dirname, '../../fixtures/transcripts/copilot/events-1.0.102.jsonl');
const SESSION = 'be6a1a3e-7c6f-4b7d-8844-c2c8bbf2755e';
const AGENT = 'copilot-be6a1a';
/** The project and home folders of the run the fixtures come from. */
const RUN_PROJECT = '/tmp/h/cp3/project';
const RUN_HOME = '/tmp/h/cp3/home';

/** The fields each output type declares, and the values its enums allow. */
const OUTPUT_FIELDS: Record<string, string[]> = {
  'session-start': ['additionalContext', 'modifiedConfig'],
  'user-prompt-submit': ['modifiedPrompt', 'additionalContext', 'suppressOutput', 'decision', 'reason'],
  'pre-tool-use': [
    'permissionDecision',
    'permissionDecisionReason',
    'modifiedArgs',
    'additionalContext',
    'suppressOutput',
  ],
  'post-tool-use': ['modifiedResult', 'additionalContext', 'suppressOutput'],
  stop: ['decision', 'reason'],
  'session-end': ['suppressOutput', 'cleanupActions', 'sessionSummary'],
};

/** A captured stdin with the run's folders replaced by this test's. */
function fixture(name: string, cwd: string, home = RUN_HOME): string {
  return readFileSync(join(FIXTURES, name), 'utf8').replaceAll(RUN_PROJECT, cwd).replaceAll(RUN_HOME, home);
}

function copilot(event: string, name: string, cwd: string, env: Record<string, string> = {}, home?: string) {
  return hook(event, {}, { cwd, harness: 'copilot', env, raw: fixture(name, cwd, home) });
}

/** The one JSON line a hook printed, with exactly the fields Copilot's output type of `event` declares. */
function output(result: RunResult, event: string): Record<string, unknown> {
  expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
  expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
  const parsed = JSON.parse(result.stdout) as Record<string, unknown>;
  for (const key of Object.keys(parsed)) expect(OUTPUT_FIELDS[event]).toContain(key);
  if ('decision' in parsed) expect(parsed.decision).toBe('block');
  if ('permissionDecision' in parsed) expect(['allow', 'deny', 'ask']).toContain(parsed.permissionDecision);
  for (const key of ['additionalContext', 'reason', 'permissionDecisionReason'])
    if (key in parsed) expect(typeof parsed[key]).toBe('string');
  return parsed;
}

function record(cwd: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(cwd, '.baton', 'sessions', `${SESSION}.json`), 'utf8'));
}

describe('GitHub Copilot CLI hooks, on its real stdin', () => {
  it('sessionStart registers the session as copilot and answers additionalContext with the index and the mail', () => {
    const cwd = project();
    send(cwd, AGENT, 'the release is frozen until noon');
    expect(baton(['card', 'new', 'Flaky login test', '--as', 'alice'], { cwd }).code).toBe(0);
    const parsed = output(copilot('session-start', 'session-start.json', cwd), 'session-start');
    expect(Object.keys(parsed)).toEqual(['additionalContext']);
    expect(parsed.additionalContext).toMatch(new RegExp(`^<baton-index board=.* for="${AGENT}">`));
    expect(parsed.additionalContext).toContain('Flaky login test');
    expect(parsed.additionalContext).toContain('the release is frozen until noon');
    expect(record(cwd)).toMatchObject({ id: SESSION, harness: 'copilot', agent: AGENT, cwd });
  });

  it('userPromptSubmitted answers the mail that arrived since, once', () => {
    const cwd = project();
    copilot('session-start', 'session-start.json', cwd);
    send(cwd, AGENT, 'please rebase on main');
    const parsed = output(
      copilot('user-prompt-submit', 'user-prompt-submitted.json', cwd),
      'user-prompt-submit',
    );
    expect(parsed.additionalContext).toContain('please rebase on main');
    expectSilent(copilot('user-prompt-submit', 'user-prompt-submitted.json', cwd));
  });

  it('preToolUse of `create` (toolArgs.path) warns about another live session’s edit; with blockOnConflict it denies', () => {
    const cwd = project();
    // A second session (Claude Code's stdin) that edited the file a moment ago, still live: the test process.
    const other = { session_id: 'other-session-1', cwd, hook_event_name: 'PostToolUse' };
    hook('session-start', { session_id: 'other-session-1' }, { cwd, env: { BATON_AGENT: 'bob' } });
    hook(
      'post-tool-use',
      { ...other, tool_name: 'Write', tool_input: { file_path: join(cwd, 'src/shared.ts') } },
      { cwd, env: { BATON_AGENT: 'bob' } },
    );
    copilot('session-start', 'session-start.json', cwd);
    const warned = output(copilot('pre-tool-use', 'pre-tool-use-create.json', cwd), 'pre-tool-use');
    expect(Object.keys(warned)).toEqual(['additionalContext']);
    expect(warned.additionalContext).toMatch(/^baton: src\/shared\.ts was edited \d+ min ago by bob /);
    // A shell command writes no file baton can see: nothing to say.
    expectSilent(copilot('pre-tool-use', 'pre-tool-use-bash.json', cwd));
    writeFileSync(join(cwd, '.baton', 'config.json'), '{"hooks":{"blockOnConflict":true}}\n');
    const denied = output(copilot('pre-tool-use', 'pre-tool-use-edit.json', cwd), 'pre-tool-use');
    expect(denied).toEqual({
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(/^baton: src\/shared\.ts was edited/),
    });
  });

  it('postToolUse of `create` and `edit` records the file the session touched, and says nothing', () => {
    const cwd = project();
    copilot('session-start', 'session-start.json', cwd);
    expectSilent(copilot('post-tool-use', 'post-tool-use-create.json', cwd));
    expectSilent(copilot('post-tool-use', 'post-tool-use-edit.json', cwd));
    expect(record(cwd).touched).toEqual(['src/shared.ts']);
  });

  it('agentStop blocks with the waiting mail as its reason; the stop that follows the block passes', () => {
    const cwd = project();
    copilot('session-start', 'session-start.json', cwd);
    send(cwd, AGENT, 'CI is red on main');
    const blocked = output(copilot('stop', 'agent-stop.json', cwd), 'stop');
    expect(blocked).toEqual({ decision: 'block', reason: expect.stringContaining('CI is red on main') });
    expect(String(blocked.reason)).toMatch(new RegExp(`^<baton-mail to="${AGENT}">`));
    send(cwd, AGENT, 'second message');
    const again = fixture('agent-stop.json', cwd).replace(
      '"stop_hook_active":false',
      '"stop_hook_active":true',
    );
    expectSilent(hook('stop', {}, { cwd, harness: 'copilot', raw: again }));
  });

  /**
   * A card with a pending write asked of the session, and the session's events.jsonl (not yet written) under `home`
   * whose last reply is a finding for it.
   */
  function askedFinding(cwd: string, home: string) {
    const made = JSON.parse(
      baton(['card', 'new', 'Flaky login test', '--as', 'alice', '--json'], { cwd }).stdout,
    );
    const id: string = made.card?.id ?? made.id;
    copilot('session-start', 'session-start.json', cwd);
    expect(
      baton(['card', 'ask', id, 'write down the flake'], { cwd, env: { BATON_SESSION: SESSION } }).code,
    ).toBe(0);
    const reply = 'Done.\n\n```board-entry\ntype: finding\n---\nThe flake is a timezone bug.\n```';
    const transcript = readFileSync(TRANSCRIPT, 'utf8').replace(
      '"content":"Done: src/shared.ts now exports shared = 2."',
      `"content":${JSON.stringify(reply)}`,
    );
    expect(transcript).toContain('timezone bug');
    const folder = join(home, '.copilot', 'session-state', SESSION);
    mkdirSync(folder, { recursive: true });
    return { id, transcript, events: join(folder, 'events.jsonl') };
  }

  it('agentStop commits a pending card write from the transcript it names (its stdin carries no reply)', () => {
    const cwd = project();
    const home = testdir();
    const { id, transcript, events } = askedFinding(cwd, home);
    writeFileSync(events, transcript);
    // Copilot shows a hook's systemMessage nowhere headless: the receipt goes to the hook log, the answer is empty.
    expectSilent(copilot('stop', 'agent-stop.json', cwd, {}, home));
    expect(baton(['card', 'read', id], { cwd }).stdout).toContain('The flake is a timezone bug.');
    expect(readFileSync(join(cwd, '.baton', 'state', 'hooks.log'), 'utf8')).toMatch(
      new RegExp(`copilot stop ${SESSION}.*added finding e-\\w+ to card ${id}`),
    );
  });

  it('agentStop waits for the events file Copilot writes after starting the hook, then commits the reply in it', async () => {
    const cwd = project();
    const home = testdir();
    const { id, transcript, events } = askedFinding(cwd, home);
    const lines = transcript.split('\n');
    // What a first flush left: the prompt and the turns, not the last reply nor the stop.
    writeFileSync(events, `${lines.slice(0, 40).join('\n')}\n`);
    const stop = batonRun(['hook', 'stop', '--harness', 'copilot'], {
      cwd,
      input: fixture('agent-stop.json', cwd, home),
    });
    // The stop has read its session (it records the transcript first); Copilot's next flush lands after that.
    await waitFor('the stop to record the transcript', () => record(cwd).transcriptPath === events);
    appendFileSync(events, `${lines.slice(40).join('\n')}`);
    expectSilent(await stop);
    expect(baton(['card', 'read', id], { cwd }).stdout).toContain('The flake is a timezone bug.');
  });

  it('a quiet agentStop still records the transcript it names; sessionEnd drafts the raw handoff from it', () => {
    const cwd = project();
    const home = testdir();
    const folder = join(home, '.copilot', 'session-state', SESSION);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'events.jsonl'), readFileSync(TRANSCRIPT));
    copilot('session-start', 'session-start.json', cwd);
    // sessionStart names no transcript.
    expect(record(cwd).transcriptPath).toBeUndefined();
    expectSilent(copilot('stop', 'agent-stop.json', cwd, {}, home));
    expect(record(cwd).transcriptPath).toBe(join(folder, 'events.jsonl'));
    expectSilent(copilot('session-end', 'session-end.json', cwd, {}, home));
    const drafted = /raw handoff (n-[0-9A-Z]+)/.exec(
      readFileSync(join(cwd, '.baton', 'state', 'hooks.log'), 'utf8'),
    );
    expect(drafted).not.toBeNull();
    const note = baton(['read', drafted![1]!], { cwd }).stdout;
    expect(note).toContain('create src/shared.ts and bump it');
    expect(note).toContain('Done: src/shared.ts now exports shared = 2.');
  });

  it('sessionEnd marks the session ended and prints nothing', () => {
    const cwd = project();
    copilot('session-start', 'session-start.json', cwd);
    expectSilent(copilot('session-end', 'session-end.json', cwd));
    expect(typeof record(cwd).endedAt).toBe('string');
  });
});
