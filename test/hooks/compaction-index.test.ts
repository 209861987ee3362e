// After a compaction the agent sees the board index again, once: at the SessionStart (source compact) that Claude
// Code and Codex send, else at the next prompt (Gemini CLI, opencode, pi). Gemini CLI's PreCompress, fired before
// every model request, counts only when its transcript shows the history was compressed.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baton } from '../helpers/testdir.js';
import { answer, contextOf, expectSilent, hook, project, SESSION } from './helpers.js';

const BODY = `## Goal\nShip it.\n## Done\nx\n## State and open questions\nx\n## Decisions and rejected options\nx\n## Pitfalls and blockers\nx\n## Next steps and read-first list\nx\n`;

function withNote(): string {
  const cwd = project();
  expect(baton(['handoff', 'write', '--session', 'earlier-1'], { cwd, input: BODY }).code).toBe(0);
  return cwd;
}

const marker = (cwd: string) => join(cwd, '.baton', 'state', 'index-due', SESSION);

describe('the index after a compaction', () => {
  it('Gemini CLI: a PreCompress that compressed, then the next BeforeAgent carries the index, and only that one', () => {
    const cwd = withNote();
    const gemini = { cwd, harness: 'gemini' };
    // Gemini CLI fires PreCompress before every model request; its transcript shows the one that compressed.
    const transcript = join(cwd, 'gemini.jsonl');
    const line = (value: unknown) => `${JSON.stringify(value)}\n`;
    writeFileSync(
      transcript,
      line({ sessionId: 'g-1', projectHash: 'h', startTime: '2026-12-02T08:00:00.000Z' }),
    );
    const compress = { hook_event_name: 'PreCompress', trigger: 'auto', transcript_path: transcript };
    const start = answer(
      hook('SessionStart', { hook_event_name: 'SessionStart', source: 'startup' }, gemini),
    );
    expect(JSON.stringify(start)).toContain('Ship it.');
    expectSilent(hook('BeforeAgent', { hook_event_name: 'BeforeAgent', prompt: 'go' }, gemini));
    expectSilent(hook('PreCompress', compress, gemini));
    expect(existsSync(marker(cwd))).toBe(false);
    appendFileSync(transcript, line({ $set: { sessionId: 'g-1' } }));
    expectSilent(hook('PreCompress', compress, gemini));
    expect(existsSync(marker(cwd))).toBe(true);
    const next = answer(hook('BeforeAgent', { hook_event_name: 'BeforeAgent', prompt: 'go on' }, gemini));
    expect(next).toEqual({
      hookSpecificOutput: {
        hookEventName: 'BeforeAgent',
        additionalContext: expect.stringMatching(
          /^<baton-index board=.*\nnotes of this project, newest first:\n.* · Ship it\. note:n-/s,
        ),
      },
    });
    expect(existsSync(marker(cwd))).toBe(false);
    expectSilent(hook('BeforeAgent', { hook_event_name: 'BeforeAgent', prompt: 'and on' }, gemini));
  });

  it('Claude Code: PreCompact, then SessionStart (compact) injects it; the next prompt does not again', () => {
    const cwd = withNote();
    answer(
      hook('SessionStart', { hook_event_name: 'SessionStart', source: 'startup' }, { cwd }),
      'session-start',
    );
    expectSilent(hook('PreCompact', { hook_event_name: 'PreCompact', trigger: 'auto' }, { cwd }));
    const again = contextOf(
      answer(
        hook('SessionStart', { hook_event_name: 'SessionStart', source: 'compact' }, { cwd }),
        'session-start',
      ),
    );
    expect(again).toMatch(/^<baton-index board=/);
    expect(again).toContain('Ship it.');
    expectSilent(hook('UserPromptSubmit', { hook_event_name: 'UserPromptSubmit', prompt: 'next' }, { cwd }));
  });
});
