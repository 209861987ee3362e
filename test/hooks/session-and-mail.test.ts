// The hooks that open a session and push mail: session start, user prompt submit, and stop's mail push with its
// loop guard — as Claude Code and Codex call them (their JSON on stdin, their envelope checked against the schema).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectKeyOf } from '../../src/core/sessions/project.js';
import { baton } from '../helpers/testdir.js';
import { AGENT, answer, contextOf, expectSilent, hook, project, record, SESSION, send } from './helpers.js';

describe('session-start', () => {
  it('registers the session and its agent, and injects the board index and waiting mail once', () => {
    const cwd = project();
    send(cwd, AGENT, 'the login flake is fixed on main');
    expect(baton(['card', 'new', 'Flaky login test', '--as', 'alice'], { cwd }).code).toBe(0);
    const transcript = join(cwd, 'transcript.jsonl');
    const payload = { hook_event_name: 'SessionStart', source: 'startup', transcript_path: transcript };
    const context = contextOf(answer(hook('session-start', payload, { cwd }), 'session-start'));
    expect(context).toContain(
      `<baton-index board="${join(cwd, '.baton')}" project="${projectKeyOf(cwd)}" for="${AGENT}">`,
    );
    expect(context).toContain('Flaky login test');
    expect(context).toContain(`<baton-mail to="${AGENT}">`);
    expect(context).toContain('  │ the login flake is fixed on main');
    // The message shown below the index is not counted again as unread above it.
    expect(context).not.toContain('unread');
    expect(record(cwd)).toMatchObject({
      id: SESSION,
      harness: 'claude',
      agent: AGENT,
      cwd,
      parentSession: '',
      transcriptPath: transcript,
      pid: expect.any(Number),
    });
    expect(baton(['agents'], { cwd }).stdout).toContain(AGENT);
    // Delivered: a second start (a resume) shows the index, not the same message again.
    const again = contextOf(answer(hook('session-start', { source: 'resume' }, { cwd }), 'session-start'));
    expect(again).toContain('<baton-index board=');
    expect(again).not.toContain('<baton-mail');
  });

  it('acts as BATON_AGENT when it is set', () => {
    const cwd = project();
    send(cwd, 'reviewer', 'please look at PR 12');
    const context = contextOf(answer(hook('session-start', {}, { cwd, env: { BATON_AGENT: 'reviewer' } })));
    expect(context).toContain('please look at PR 12');
    expect(record(cwd).agent).toBe('reviewer');
  });

  it('keeps the name a session registered (`baton register` from inside it)', () => {
    const cwd = project();
    hook('session-start', {}, { cwd });
    expect(baton(['register', '--as', 'builder'], { cwd, env: { BATON_SESSION: SESSION } }).code).toBe(0);
    send(cwd, 'builder', 'builder, the build is red');
    const context = contextOf(answer(hook('session-start', { source: 'resume' }, { cwd })));
    expect(context).toContain('builder, the build is red');
    expect(record(cwd).agent).toBe('builder');
  });

  it('a resumed session that had ended is live again and keeps its start', () => {
    const cwd = project();
    hook('session-start', {}, { cwd });
    const first = record(cwd);
    expectSilent(hook('session-end', { reason: 'other' }, { cwd }));
    expect(record(cwd).endedAt).toEqual(expect.any(String));
    hook('session-start', { source: 'resume' }, { cwd });
    expect(record(cwd).endedAt).toBeUndefined();
    expect(record(cwd).startedAt).toBe(first.startedAt);
  });

  it('says nothing on an empty board, but still registers the session', () => {
    const cwd = project();
    expectSilent(hook('session-start', {}, { cwd }));
    expect(record(cwd).agent).toBe(AGENT);
  });
});

describe('user-prompt-submit', () => {
  it('injects only mail that arrived since the last injection', () => {
    const cwd = project();
    hook('session-start', {}, { cwd });
    expectSilent(hook('user-prompt-submit', { prompt: 'go on' }, { cwd }));
    send(cwd, AGENT, 'the API moved to v2');
    const context = contextOf(
      answer(hook('user-prompt-submit', { prompt: 'go on' }, { cwd }), 'user-prompt-submit'),
    );
    expect(context).toContain('  │ the API moved to v2');
    expectSilent(hook('user-prompt-submit', { prompt: 'and now?' }, { cwd }));
  });

  it('registers a session the hooks have not met (baton wired in mid-session)', () => {
    const cwd = project();
    send(cwd, AGENT, 'hello');
    expect(contextOf(answer(hook('user-prompt-submit', { prompt: 'hi' }, { cwd })))).toContain('  │ hello');
    expect(record(cwd).agent).toBe(AGENT);
  });
});

describe('stop: the turn-boundary push', () => {
  it('blocks the stop with waiting mail once; the stop that follows passes, and nothing is pushed twice', () => {
    const cwd = project();
    hook('session-start', {}, { cwd });
    send(cwd, AGENT, 'are you done with the parser?');
    const first = answer(
      hook('stop', { stop_hook_active: false, last_assistant_message: 'done' }, { cwd }),
      'stop',
    );
    expect(first.decision).toBe('block');
    expect(String(first.reason)).toContain('  │ are you done with the parser?');
    // The stop that follows our own block: never blocked again, even with new mail waiting (the loop guard).
    send(cwd, AGENT, 'second message');
    expectSilent(hook('stop', { stop_hook_active: true, last_assistant_message: 'yes' }, { cwd }));
    // The next natural stop pushes only what is new.
    const next = answer(
      hook('stop', { stop_hook_active: false, last_assistant_message: 'ok' }, { cwd }),
      'stop',
    );
    expect(String(next.reason)).toContain('  │ second message');
    expect(String(next.reason)).not.toContain('parser');
    expectSilent(hook('stop', { stop_hook_active: false, last_assistant_message: 'ok' }, { cwd }));
  });

  it('pushes at most five messages a turn and says how many more wait', () => {
    const cwd = project();
    hook('session-start', {}, { cwd });
    for (let i = 1; i <= 7; i++) send(cwd, AGENT, `message number ${i}`);
    const reason = String(answer(hook('stop', {}, { cwd }), 'stop').reason);
    expect(reason).toContain('baton: 5 new messages');
    expect(reason).toContain('(2 more waiting');
    expect(reason).toContain('message number 5');
    expect(reason).not.toContain('message number 6');
    const rest = String(answer(hook('stop', {}, { cwd }), 'stop').reason);
    expect(rest).toContain('message number 6');
    expect(rest).toContain('message number 7');
  });

  it('Gemini CLI: AfterAgent denies with the mail as the next prompt; BeforeAgent adds context', () => {
    const cwd = project();
    const gemini = { cwd, harness: 'gemini' };
    hook('SessionStart', { hook_event_name: 'SessionStart', source: 'startup' }, gemini);
    send(cwd, AGENT.replace('claude', 'gemini'), 'gemini, please rebase');
    const after = answer(
      hook(
        'AfterAgent',
        { hook_event_name: 'AfterAgent', prompt: 'x', prompt_response: 'done', stop_hook_active: false },
        gemini,
      ),
    );
    expect(after).toEqual({ decision: 'deny', reason: expect.stringContaining('  │ gemini, please rebase') });
    send(cwd, AGENT.replace('claude', 'gemini'), 'and squash');
    const before = answer(hook('BeforeAgent', { hook_event_name: 'BeforeAgent', prompt: 'next' }, gemini));
    expect(before).toEqual({
      hookSpecificOutput: {
        hookEventName: 'BeforeAgent',
        additionalContext: expect.stringContaining('  │ and squash'),
      },
    });
  });

  it('opencode and pi get the neutral envelope their plugins read', () => {
    const cwd = project();
    hook('session-start', {}, { cwd, harness: 'pi' });
    send(cwd, 'pi-3f2a9c', 'hello pi');
    expect(answer(hook('stop', {}, { cwd, harness: 'pi' }))).toEqual({
      decision: 'block',
      reason: expect.stringContaining('  │ hello pi'),
    });
    send(cwd, 'pi-3f2a9c', 'hello again');
    expect(answer(hook('user-prompt-submit', {}, { cwd, harness: 'pi' }))).toEqual({
      additionalContext: expect.stringContaining('  │ hello again'),
    });
  });
});

describe('session-start: continuations', () => {
  it('a session started after `baton continue` is linked to the session it continues', () => {
    const cwd = project();
    const body = [
      '## Goal',
      'Ship the parser.',
      '## Done',
      'Lexer.',
      '## State and open questions',
      'Parser half done.',
      '## Decisions and rejected options',
      'Pratt parsing.',
      '## Pitfalls and blockers',
      'None.',
      '## Next steps and read-first list',
      'Finish src/parse.ts.',
    ].join('\n');
    const written = baton(['handoff', 'write', '--session', 'old-session-1', '--json'], { cwd, input: body });
    expect(written.code).toBe(0);
    const note = JSON.parse(written.stdout).note.id;
    // A harness really started (`--print` starts nothing, so it leaves no link): a stand-in `claude` on PATH.
    const bin = join(cwd, '..', 'fake-bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'claude'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const started = baton(['continue', note, '--harness', 'claude'], {
      cwd,
      env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
    });
    expect(started.code).toBe(0);
    hook('session-start', { source: 'startup' }, { cwd });
    expect(record(cwd).parentSession).toBe('old-session-1');
    // Claimed once: the next new session starts a line of its own.
    hook('session-start', { session_id: 'another-session' }, { cwd });
    expect(record(cwd, 'another-session').parentSession).toBe('');
  });
});
