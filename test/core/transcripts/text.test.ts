// Reading transcript text mechanically: real prompts, test summaries, open items, removed files, safe snippets.
import { describe, expect, it } from 'vitest';
import { removedFiles } from '../../../src/core/transcripts/digest.js';
import { openItems, realPrompt, snippet, testSummary } from '../../../src/core/transcripts/text.js';

describe('realPrompt', () => {
  it.each([
    ['<command-name>/mcp</command-name>\n<command-message>mcp</command-message>'],
    ['<local-command-stdout>Reconnected to tidewave.</local-command-stdout>'],
    ['<local-command-caveat>Caveat: …</local-command-caveat>'],
    ['<system-reminder>\nContext\n</system-reminder>'],
    ['<environment_context>\n  <cwd>/home/user/project</cwd>\n</environment_context>'],
    ['# AGENTS.md instructions for /Users/x/repo\n\n<INSTRUCTIONS>…'],
    ['<user_instructions>\nbe terse\n</user_instructions>'],
    ['<hook_prompt hook_run_id="stop:1">keep going</hook_prompt>'],
    ['[Request interrupted by user for tool use]'],
    ['This session is being continued from a previous conversation that ran out of context.'],
    ['Stop hook feedback:\nfinish the task'],
    ['<session_context>\nThis is the Gemini CLI.\n</session_context>'],
    [
      "This is the Gemini CLI. We are setting up the context for our chat.\nI'm currently working in the directory: /w",
    ],
    ['/clear'],
    ['   '],
  ])('%j is not a prompt', (text) => {
    expect(realPrompt(text)).toBeUndefined();
  });

  it('keeps a prompt, without the reminders inside it; a path is not a slash command', () => {
    expect(realPrompt('  fix it\n<system-reminder>x</system-reminder>\n')).toBe('fix it');
    expect(realPrompt('/etc/hosts is wrong, fix it')).toBe('/etc/hosts is wrong, fix it');
    expect(realPrompt('@"solution-architect (agent)" analyze')).toBe('@"solution-architect (agent)" analyze');
  });
});

describe('testSummary', () => {
  it.each([
    [
      'vitest',
      ' Test Files  1 failed (1)\n      Tests  1 failed | 15 skipped (16)\n   Start at  11:42:09',
      'Tests 1 failed | 15 skipped (16)',
    ],
    [
      'vitest with colours',
      '\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m29 passed\u001b[39m\u001b[22m\u001b[90m (29)\u001b[39m',
      'Tests 29 passed (29)',
    ],
    [
      'jest',
      'Test Suites: 1 failed, 1 total\nTests:       1 failed, 3 passed, 4 total\nTime: 1s',
      'Tests: 1 failed, 3 passed, 4 total',
    ],
    ['pytest', '..F.\n=========== 3 passed, 1 failed in 0.52s ===========', '3 passed, 1 failed in 0.52s'],
    [
      'cargo',
      'running 4 tests\ntest result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured',
      'test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured',
    ],
    ['mocha', '  5 passing (20ms)\n  1 failing', '1 failing'],
    ['node:test', '# tests 5\n# pass 4\n# fail 1\n# duration_ms 30', 'pass 4, fail 1'],
  ])('%s', (_runner, output, summary) => {
    expect(testSummary(output)).toBe(summary);
  });

  it('nothing when the output has no summary', () => {
    expect(testSummary('Compiled 3 files\nDone in 2s')).toBeUndefined();
  });
});

describe('openItems', () => {
  it('the list under the last next-steps heading, then questions among the last lines', () => {
    const message = [
      '## Summary',
      'Done the first half.',
      '',
      '### 🚀 Next Steps',
      '',
      '1. Review the spec',
      '2. **Implement** phase 1',
      '',
      'Anything else?',
    ].join('\n');
    expect(openItems(message)).toEqual(['Review the spec', 'Implement phase 1', 'Anything else?']);
  });

  it('nothing in a message that closes with no open item', () => {
    expect(openItems('Done! I deleted hello.js.')).toEqual([]);
  });
});

describe('removedFiles', () => {
  it('reads plain rm and git rm; leaves quotes, globs, variables and compound commands alone', () => {
    expect(removedFiles('rm hello.js')).toEqual(['hello.js']);
    expect(removedFiles('rm -f a.txt b.txt')).toEqual(['a.txt', 'b.txt']);
    expect(removedFiles('rm "b c.txt"')).toEqual([]);
    expect(removedFiles('git rm -r old')).toEqual(['old']);
    expect(removedFiles('rm *.log')).toEqual([]);
    expect(removedFiles('rm $FILE')).toEqual([]);
    expect(removedFiles('rm a && touch b')).toEqual([]);
    expect(removedFiles('npm rm left-pad')).toEqual([]);
  });
});

describe('snippet', () => {
  it('cuts at a space, never inside a word (a secret is kept whole or not at all)', () => {
    const token = `ghp_${'A1b2C3d4'.repeat(5)}`;
    const text = `see ${token} here`;
    for (let max = 4; max < text.length; max++) {
      const kept = snippet(text, max).text;
      expect(kept === 'see' || kept === `see ${token}`).toBe(true);
    }
    expect(snippet(text, 100)).toEqual({ text, cut: false });
    expect(snippet('x'.repeat(50), 10)).toEqual({ text: '', cut: true });
  });
});
