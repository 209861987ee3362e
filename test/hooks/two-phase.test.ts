// Two-phase card writes through the stop hook: a request from outside the session is shown at its next stop; a
// request the agent made from its own shell tool is answered in the same turn; a malformed reply writes nothing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton } from '../helpers/testdir.js';
import { AGENT, answer, expectSilent, hook, project, SESSION } from './helpers.js';

function card(cwd: string): string {
  const made = baton(['card', 'new', 'Flaky login test', '--as', 'alice', '--json'], { cwd });
  expect(made.code).toBe(0);
  return JSON.parse(made.stdout).card?.id ?? JSON.parse(made.stdout).id;
}

const pendingFile = (cwd: string) => join(cwd, '.baton', 'pending', `${SESSION}.json`);
const cardText = (cwd: string, id: string) => baton(['card', 'read', id], { cwd }).stdout;
const REPLY =
  'Here it is.\n\n```board-entry\ntype: finding\n---\nThe flake is a timezone bug in `formatDate`.\n```\n';

describe('stop: two-phase writes', () => {
  it('a request from outside is shown at the next stop, and the reply that follows is written', () => {
    const cwd = project();
    const id = card(cwd);
    // The session runs in a process tree of its own (its hooks' parent is a shell); the person asks from another.
    hook('session-start', {}, { cwd, viaShell: true });
    const asked = baton(['card', 'ask', id, 'what did you find about the flake?', '--session', SESSION], {
      cwd,
    });
    expect(asked.code).toBe(0);
    // Not shown to the agent yet: the reply of the turn in progress is not taken as the answer.
    const shown = answer(
      hook('stop', { last_assistant_message: 'refactored the parser' }, { cwd, viaShell: true }),
      'stop',
    );
    expect(shown.decision).toBe('block');
    expect(String(shown.reason)).toContain('what did you find about the flake?');
    expect(String(shown.reason)).toContain('```board-entry');
    expect(cardText(cwd, id)).not.toContain('timezone');
    const done = answer(
      hook('stop', { stop_hook_active: true, last_assistant_message: REPLY }, { cwd, viaShell: true }),
      'stop',
    );
    expect(done).toEqual({
      systemMessage: expect.stringMatching(
        new RegExp(`^baton: added finding e-\\w+ to card ${id} "Flaky login test"$`),
      ),
    });
    expect(cardText(cwd, id)).toContain('The flake is a timezone bug in `formatDate`.');
    expect(cardText(cwd, id)).toContain(AGENT);
    expect(existsSync(pendingFile(cwd))).toBe(false);
  });

  it('a request the agent made from inside its session is answered by that turn’s reply', () => {
    const cwd = project();
    const id = card(cwd);
    hook('session-start', {}, { cwd });
    const asked = baton(['card', 'ask', id, 'write down the flake'], {
      cwd,
      env: { BATON_SESSION: SESSION },
    });
    expect(asked.stdout).toContain('```board-entry');
    const done = answer(hook('stop', { last_assistant_message: REPLY }, { cwd }), 'stop');
    expect(String(done.systemMessage)).toContain(`to card ${id}`);
    expect(cardText(cwd, id)).toContain('timezone bug');
  });

  it('a reply without a usable block writes nothing, warns, and ends the request', () => {
    const cwd = project();
    const id = card(cwd);
    hook('session-start', {}, { cwd });
    baton(['card', 'ask', id, 'write down the flake'], { cwd, env: { BATON_SESSION: SESSION } });
    const before = readFileSync(join(cwd, '.baton', 'cards', `${id}-flaky-login-test.md`), 'utf8');
    const warned = answer(
      hook('stop', { last_assistant_message: 'I think it is a timezone thing.' }, { cwd }),
      'stop',
    );
    expect(warned).toEqual({
      systemMessage:
        'baton: warning: the reply was not written to the board — the reply has no ```board-entry block — reply with exactly one. Nothing was written; ask again with `baton card ask`.',
    });
    expect(readFileSync(join(cwd, '.baton', 'cards', `${id}-flaky-login-test.md`), 'utf8')).toBe(before);
    expect(existsSync(pendingFile(cwd))).toBe(false);
    // The next reply is an ordinary one.
    expectSilent(hook('stop', { last_assistant_message: REPLY }, { cwd }));
  });

  it('a 5 MB reply is read, refused as an entry, and writes nothing', () => {
    const cwd = project();
    const id = card(cwd);
    hook('session-start', {}, { cwd });
    baton(['card', 'ask', id, 'write down the flake'], { cwd, env: { BATON_SESSION: SESSION } });
    const huge = `\`\`\`board-entry\ntype: finding\n---\n${'x'.repeat(5 * 1024 * 1024)}\n\`\`\`\n`;
    const result = answer(hook('stop', { last_assistant_message: huge }, { cwd }), 'stop');
    expect(String(result.systemMessage)).toMatch(
      /^baton: warning: the reply was not written to the board — .*too long/,
    );
    expect(cardText(cwd, id)).not.toContain('xxxx');
  });

  it('reads the reply from the transcript when the harness does not send it', () => {
    const cwd = project();
    const id = card(cwd);
    hook('session-start', {}, { cwd });
    baton(['card', 'ask', id, 'write down the flake'], { cwd, env: { BATON_SESSION: SESSION } });
    const transcript = join(cwd, 't.jsonl');
    const line = (type: string, content: unknown) =>
      JSON.stringify({
        type,
        sessionId: SESSION,
        timestamp: '2026-12-01T10:00:00Z',
        message: { role: type, content },
      });
    writeFileSync(
      transcript,
      `${line('user', 'write it')}\n${line('assistant', [{ type: 'text', text: REPLY }])}\n`,
    );
    const done = answer(hook('stop', { transcript_path: transcript }, { cwd }), 'stop');
    expect(String(done.systemMessage)).toContain(`to card ${id}`);
  });
});

describe('stop: a requested handoff', () => {
  const HANDOFF = [
    'Handing over.',
    '',
    '```handoff',
    '## Goal',
    'Fix the flaky login test.',
    '## Done',
    'Found the timezone bug in formatDate.',
    '## State and open questions',
    'The fix is written, not merged.',
    '## Decisions and rejected options',
    'Frozen time per test; rejected retries.',
    '## Pitfalls and blockers',
    'CI runs in UTC, laptops do not.',
    '## Next steps and read-first list',
    'Merge the branch; read src/date.ts first.',
    '```',
  ].join('\n');

  it('baton handoff request → shown at the next stop → the reply becomes the session’s handoff note', () => {
    const cwd = project();
    hook('session-start', {}, { cwd, viaShell: true });
    const asked = baton(['handoff', 'request', '--session', SESSION, 'the login flake'], { cwd });
    expect(asked.code).toBe(0);
    expect(asked.stdout).toContain('```handoff\n## Goal');
    expect(asked.stdout).toContain('Focus: the login flake');
    const shown = answer(
      hook('stop', { last_assistant_message: 'working on it' }, { cwd, viaShell: true }),
      'stop',
    );
    expect(String(shown.reason)).toContain('for a handoff note of this session');
    const done = answer(
      hook('stop', { stop_hook_active: true, last_assistant_message: HANDOFF }, { cwd, viaShell: true }),
      'stop',
    );
    expect(done).toEqual({
      systemMessage: expect.stringMatching(/^baton: wrote handoff note n-\w+ "Fix the flaky login test\."$/),
    });
    const id = /n-\w+/.exec(String(done.systemMessage))![0];
    const note = baton(['read', id], { cwd }).stdout;
    expect(note).toContain('CI runs in UTC, laptops do not.');
    expect(note).toContain(`session: ${SESSION}`);
    expect(note).toContain(`agent: ${AGENT}`);
  });

  it('a handoff reply missing a section writes nothing and names the section', () => {
    const cwd = project();
    hook('session-start', {}, { cwd });
    baton(['handoff', 'request'], { cwd, env: { BATON_SESSION: SESSION } });
    const broken = HANDOFF.replace('## Pitfalls and blockers\nCI runs in UTC, laptops do not.\n', '');
    const warned = answer(hook('stop', { last_assistant_message: broken }, { cwd }), 'stop');
    expect(String(warned.systemMessage)).toMatch(
      /^baton: warning: the reply was not written to the board — .*Pitfalls and blockers.*Nothing was written; ask again with `baton handoff request`\.$/,
    );
    expect(existsSync(join(cwd, '.baton', 'notes'))).toBe(false);
  });
});

describe('a session named by its harness’s environment', () => {
  it('CODEX_THREAD_ID finds a Codex session (its sandbox hides the process tree), CLAUDE_CODE_SESSION_ID a Claude one; never another harness’s', () => {
    const cwd = project();
    const id = card(cwd);
    hook('session-start', {}, { cwd, harness: 'codex', viaShell: true });
    const inside = baton(['card', 'ask', id, 'from the sandbox'], { cwd, env: { CODEX_THREAD_ID: SESSION } });
    expect(inside.code).toBe(0);
    expect(JSON.parse(readFileSync(pendingFile(cwd), 'utf8'))).toMatchObject({
      session: SESSION,
      announced: true,
    });
    // Claude Code's variable names a Claude session the same way.
    const claude = project();
    const claudeCard = card(claude);
    hook('session-start', {}, { cwd: claude, viaShell: true });
    baton(['card', 'ask', claudeCard, 'x'], { cwd: claude, env: { CLAUDE_CODE_SESSION_ID: SESSION } });
    expect(JSON.parse(readFileSync(pendingFile(claude), 'utf8'))).toMatchObject({
      session: SESSION,
      announced: true,
    });
    // A Claude session of that id is not Codex's: the variable is not trusted for it.
    const other = project();
    const otherCard = card(other);
    hook('session-start', {}, { cwd: other, viaShell: true });
    baton(['card', 'ask', otherCard, 'x', '--session', SESSION], {
      cwd: other,
      env: { CODEX_THREAD_ID: SESSION },
    });
    expect(JSON.parse(readFileSync(pendingFile(other), 'utf8')).announced).toBeUndefined();
  });
});

describe('the prompt shown at a turn boundary', () => {
  it('shows control characters of a hand-edited card title as escapes, never passes them to the model', () => {
    const cwd = project();
    const id = card(cwd);
    const file = join(cwd, '.baton', 'cards', `${id}-flaky-login-test.md`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Flaky login test', 'Flaky \u001b[2J login'));
    hook('session-start', {}, { cwd, viaShell: true });
    expect(baton(['card', 'ask', id, 'what now?', '--session', SESSION], { cwd }).code).toBe(0);
    const reason = String(answer(hook('stop', {}, { cwd, viaShell: true }), 'stop').reason);
    expect(reason).toContain('"Flaky \\e[2J login"');
    expect(reason).not.toContain('\u001b');
  });
});
