// A hook never breaks its harness: whatever arrives on stdin and whatever state the board is in, it exits 0 with no
// output, writes nothing but one line in the board's hook log, and that line says why.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HARNESS_NAMES } from '../../src/harnesses/registry.js';
import { baton, snapshot, testdir } from '../helpers/testdir.js';
import { expectSilent, hook, project, SESSION, send } from './helpers.js';

const LOG = ['.baton', 'state', 'hooks.log'];
const logOf = (cwd: string) => readFileSync(join(cwd, ...LOG), 'utf8');
const withoutLog = (cwd: string) => {
  const all = snapshot(join(cwd, '.baton'));
  for (const key of Object.keys(all))
    if (key.startsWith('state/hooks.log') || key === 'state/') delete all[key];
  return all;
};

describe('bad input: nothing written but one log line, exit 0, no output', () => {
  const cases: [string, string, string, string][] = [
    ['empty stdin', 'stop', '', 'claude stop - skipped: empty stdin'],
    ['stdin that is not JSON', 'stop', '{"session_id": "abc", ', 'claude stop - skipped: stdin is not JSON'],
    ['a JSON array', 'session-start', '[1,2]', 'claude session-start - skipped: stdin is not a JSON object'],
    [
      'JSON of another event',
      'stop',
      JSON.stringify({ session_id: SESSION, hook_event_name: 'PreToolUse', tool_name: 'Bash' }),
      'claude stop - skipped: stdin is a "PreToolUse" event, not stop',
    ],
    [
      'JSON of another harness’s event (Gemini’s BeforeTool to session-start)',
      'session-start',
      JSON.stringify({ session_id: SESSION, hook_event_name: 'BeforeTool', tool_name: 'write_file' }),
      'claude session-start - skipped: stdin is a "BeforeTool" event, not session-start',
    ],
    [
      'no session_id',
      'session-start',
      JSON.stringify({ cwd: '/tmp', source: 'startup' }),
      'claude session-start - skipped: no session_id in stdin',
    ],
    [
      'a session_id that is a path',
      'session-start',
      JSON.stringify({ session_id: '../../etc/passwd' }),
      'claude session-start - skipped: session_id is not usable:',
    ],
  ];
  for (const [name, event, stdin, line] of cases) {
    it(name, () => {
      const cwd = project();
      send(cwd, 'claude-3f2a9c', 'waiting mail stays waiting');
      const before = withoutLog(cwd);
      expectSilent(hook(event, {}, { cwd, raw: stdin }));
      expect(withoutLog(cwd)).toEqual(before);
      const logged = logOf(cwd).trimEnd().split('\n');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z /);
      expect(logged[0]!.slice(25)).toContain(line);
    });
  }

  it('a transcript_path that does not exist: the end is still recorded, no note, the error logged', () => {
    const cwd = project();
    hook('session-start', { transcript_path: join(cwd, 'gone.jsonl') }, { cwd });
    expectSilent(hook('session-end', { transcript_path: join(cwd, 'gone.jsonl') }, { cwd }));
    expect(
      JSON.parse(readFileSync(join(cwd, '.baton', 'sessions', `${SESSION}.json`), 'utf8')).endedAt,
    ).toBeDefined();
    expect(snapshot(join(cwd, '.baton', 'notes'))).toEqual({});
    expect(logOf(cwd)).toMatch(/claude session-end 3f2a9c11-\S+ error: .*gone\.jsonl/);
    // Silent to the harness, not to the person: doctor names the latest error (info: the board is fine).
    const doctor = baton(['doctor'], { cwd });
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(
      /^info {2}hook errors: 1 in \S+\/state\/hooks\.log; the latest: \S+ claude session-end 3f2a9c11-\S+ error: .*gone\.jsonl/m,
    );
  });

  it('no board: silent, and no board is created', () => {
    const cwd = testdir();
    for (const event of ['session-start', 'user-prompt-submit', 'stop', 'post-tool-use', 'session-end']) {
      expectSilent(hook(event, { tool_name: 'Write', tool_input: { file_path: join(cwd, 'a') } }, { cwd }));
    }
    expect(snapshot(cwd)).toEqual({});
  });

  it('a corrupt board (board.json is not JSON): silent, nothing written', () => {
    const cwd = testdir();
    mkdirSync(join(cwd, '.baton'));
    writeFileSync(join(cwd, '.baton', 'board.json'), '{not json');
    const before = snapshot(cwd);
    expectSilent(hook('session-start', {}, { cwd }));
    expect(snapshot(cwd)).toEqual(before);
  });

  it('a corrupt session record is left alone and logged, never overwritten', () => {
    const cwd = project();
    mkdirSync(join(cwd, '.baton', 'sessions'), { recursive: true });
    writeFileSync(join(cwd, '.baton', 'sessions', `${SESSION}.json`), '{"id": "hand-edited"');
    const before = withoutLog(cwd);
    expectSilent(hook('session-start', {}, { cwd }));
    expectSilent(hook('stop', {}, { cwd }));
    expect(withoutLog(cwd)).toEqual(before);
    expect(logOf(cwd)).toContain(`sessions/${SESSION}.json: `);
    expect(logOf(cwd)).toContain('fix or remove it; nothing was written');
  });

  it('a corrupt config.json: mail is still pushed, and an edit is still warned about (never refused)', () => {
    const cwd = project();
    writeFileSync(join(cwd, '.baton', 'config.json'), 'nope');
    hook('session-start', {}, { cwd });
    send(cwd, 'claude-3f2a9c', 'still delivered');
    expect(hook('stop', {}, { cwd }).stdout).toContain('still delivered');
    hook('post-tool-use', { tool_name: 'Write', tool_input: { file_path: join(cwd, 'a.ts') } }, { cwd });
    const edit = {
      session_id: 'other-session',
      tool_name: 'Edit',
      tool_input: { file_path: join(cwd, 'a.ts') },
    };
    const parsed = JSON.parse(hook('pre-tool-use', edit, { cwd }).stdout);
    expect(parsed.hookSpecificOutput.additionalContext).toMatch(
      /^baton: a\.ts was edited 0 min ago by claude-3f2a9c /,
    );
    expect(parsed.hookSpecificOutput.permissionDecision).toBeUndefined();
  });

  it('BATON_DISABLE: nothing at all, not even a log line', () => {
    const cwd = project();
    const before = snapshot(cwd);
    expectSilent(hook('session-start', {}, { cwd, env: { BATON_DISABLE: '1' } }));
    expect(snapshot(cwd)).toEqual(before);
  });

  it('an unknown event or harness is a message on stderr and exit 0 (exit 2 would block the harness)', () => {
    const cwd = project();
    const unknown = baton(['hook', 'PostCompact', '--harness', 'claude'], { cwd, input: '{}' });
    expect(unknown).toEqual({
      code: 0,
      stdout: '',
      stderr:
        'baton hook: unknown event "PostCompact" — one of session-start, user-prompt-submit, pre-tool-use, post-tool-use, stop, subagent-stop, pre-compact, session-end\n',
    });
    const harness = baton(['hook', 'stop', '--harness', 'cursor'], { cwd, input: '{}' });
    expect(harness).toEqual({
      code: 0,
      stdout: '',
      stderr: `baton hook: --harness must be one of ${HARNESS_NAMES.join(', ')}\n`,
    });
  });

  it('stdin larger than 16 MB is dropped unread: silent', () => {
    const cwd = project();
    const huge = JSON.stringify({
      session_id: SESSION,
      last_assistant_message: 'y'.repeat(17 * 1024 * 1024),
    });
    expectSilent(hook('stop', {}, { cwd, raw: huge }));
    expect(logOf(cwd)).toContain(
      'claude stop - skipped: stdin is larger than 16 MiB — it was read and dropped',
    );
  });
});
