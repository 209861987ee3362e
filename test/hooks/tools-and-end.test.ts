// Tool hooks (files written are recorded; an edit of a file another live session touched gets a warning) and the
// end of a session (a raw handoff from its transcript, the session marked ended).
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton, snapshot } from '../helpers/testdir.js';
import { AGENT, answer, contextOf, expectSilent, hook, project, record, SESSION } from './helpers.js';

const OTHER = '7b1e0c22-1111-4222-8333-444455556666';
const FIXTURE = resolve(
  import.meta.dirname,
  '../fixtures/transcripts/claude/4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl',
);

describe('post-tool-use: what a tool wrote', () => {
  it('records the file a write or edit tool wrote, in every harness’s own shape', () => {
    const cwd = project();
    hook('session-start', {}, { cwd });
    const calls: [string, Record<string, unknown>][] = [
      ['Write', { file_path: join(cwd, 'src/app.ts'), content: 'x' }], // Claude Code
      ['Edit', { file_path: join(cwd, 'src/util.ts'), old_string: 'a', new_string: 'b' }],
      [
        'apply_patch',
        {
          command:
            '*** Begin Patch\n*** Update File: src/api.ts\n@@\n-a\n+b\n*** Add File: docs/new.md\n+hi\n*** End Patch',
        },
      ], // Codex
      ['write_file', { file_path: join(cwd, 'README.md'), content: 'x' }], // Gemini CLI
    ];
    for (const [tool_name, tool_input] of calls) {
      expectSilent(hook('post-tool-use', { tool_name, tool_input, tool_response: {} }, { cwd }));
    }
    expect(record(cwd).touched).toEqual([
      'src/app.ts',
      'src/util.ts',
      'src/api.ts',
      'docs/new.md',
      'README.md',
    ]);
  });

  it('a tool that writes no file (a shell command, a read) changes nothing on the board', () => {
    const cwd = project();
    hook('session-start', {}, { cwd });
    const before = snapshot(join(cwd, '.baton'));
    expectSilent(
      hook('post-tool-use', { tool_name: 'Bash', tool_input: { command: 'rm -rf build' } }, { cwd }),
    );
    expectSilent(
      hook('post-tool-use', { tool_name: 'Read', tool_input: { file_path: join(cwd, 'a.ts') } }, { cwd }),
    );
    expect(snapshot(join(cwd, '.baton'))).toEqual(before);
  });
});

describe('pre-tool-use: another live session edited the file', () => {
  it('warns, naming the other agent, without blocking', () => {
    const cwd = project();
    hook('session-start', {}, { cwd, env: { BATON_AGENT: 'alice' } });
    hook(
      'post-tool-use',
      { tool_name: 'Write', tool_input: { file_path: join(cwd, 'src/app.ts') } },
      { cwd },
    );
    const other = { session_id: OTHER };
    hook('session-start', other, { cwd, env: { BATON_AGENT: 'bob' } });
    const edit = { ...other, tool_name: 'Edit', tool_input: { file_path: join(cwd, 'src/app.ts') } };
    const parsed = answer(hook('pre-tool-use', edit, { cwd, env: { BATON_AGENT: 'bob' } }), 'pre-tool-use');
    expect(contextOf(parsed)).toMatch(
      /^baton: src\/app\.ts was edited 0 min ago by alice \(claude session 3f2a9c11, still running\) — coordinate first: `baton send --to alice --body "…"`\.$/,
    );
    expect(JSON.stringify(parsed)).not.toContain('permissionDecision');
    // Its own edits never warn; nor does a file nobody else touched.
    expectSilent(
      hook(
        'pre-tool-use',
        { tool_name: 'Edit', tool_input: { file_path: join(cwd, 'src/app.ts') } },
        { cwd },
      ),
    );
    expectSilent(
      hook('pre-tool-use', { ...edit, tool_input: { file_path: join(cwd, 'src/other.ts') } }, { cwd }),
    );
    expect(
      baton(['who-else', 'src/app.ts', '--json'], { cwd, env: { BATON_SESSION: OTHER } }).stdout,
    ).toContain('"alice"');
  });

  it('refuses the edit when the board’s config asks (hooks.blockOnConflict)', () => {
    const cwd = project();
    writeFileSync(join(cwd, '.baton', 'config.json'), '{"hooks": {"blockOnConflict": true}}\n');
    hook('session-start', {}, { cwd });
    hook('post-tool-use', { tool_name: 'Write', tool_input: { file_path: join(cwd, 'a.ts') } }, { cwd });
    const edit = { session_id: OTHER, tool_name: 'Write', tool_input: { file_path: join(cwd, 'a.ts') } };
    const parsed = answer(hook('pre-tool-use', edit, { cwd }), 'pre-tool-use');
    expect(parsed.hookSpecificOutput).toMatchObject({
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringContaining(`a.ts was edited 0 min ago by ${AGENT}`),
    });
  });
});

describe('pre-compact and session-end', () => {
  const notes = (cwd: string) => {
    try {
      return readdirSync(join(cwd, '.baton', 'notes')).flatMap((p) =>
        readdirSync(join(cwd, '.baton', 'notes', p)).map((n) =>
          readFileSync(join(cwd, '.baton', 'notes', p, n), 'utf8'),
        ),
      );
    } catch {
      return [];
    }
  };

  it('a compaction drafts a raw handoff from the transcript; the end that follows adds none and marks the session ended', () => {
    const cwd = project();
    const transcript = join(cwd, 'session.jsonl');
    copyFileSync(FIXTURE, transcript);
    hook('session-start', { transcript_path: transcript }, { cwd });
    expectSilent(hook('pre-compact', { trigger: 'auto', transcript_path: transcript }, { cwd }));
    const written = notes(cwd);
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('provenance: raw');
    expect(written[0]).toContain(`session: ${SESSION}`);
    expect(written[0]).toContain('## Goal');
    expectSilent(hook('session-end', { reason: 'other', transcript_path: transcript }, { cwd }));
    expect(notes(cwd)).toHaveLength(1);
    expect(record(cwd).endedAt).toEqual(expect.any(String));
    expect(readFileSync(join(cwd, '.baton', 'state', 'hooks.log'), 'utf8')).toMatch(
      /claude session-end 3f2a9c11-7e4b-4c1d-9a55-0123456789ab no raw handoff: session already has note n-\w+\n$/,
    );
  });

  it('a session that ends without a handoff of its own gets a raw one', () => {
    const cwd = project();
    const transcript = join(cwd, 'session.jsonl');
    copyFileSync(FIXTURE, transcript);
    hook('session-start', { transcript_path: transcript }, { cwd });
    expectSilent(hook('session-end', { reason: 'other' }, { cwd }));
    expect(notes(cwd)).toHaveLength(1);
  });

  it('with hooks.rawHandoffOnCompact off, no note — the session is still marked ended', () => {
    const cwd = project();
    writeFileSync(join(cwd, '.baton', 'config.json'), '{"hooks": {"rawHandoffOnCompact": false}}\n');
    const transcript = join(cwd, 'session.jsonl');
    copyFileSync(FIXTURE, transcript);
    hook('session-start', { transcript_path: transcript }, { cwd });
    expectSilent(hook('pre-compact', { transcript_path: transcript }, { cwd }));
    expectSilent(hook('session-end', {}, { cwd }));
    expect(notes(cwd)).toEqual([]);
    expect(record(cwd).endedAt).toEqual(expect.any(String));
  });
});
