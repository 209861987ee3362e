// Harness command lines: start with a first message, resume by id, and POSIX quoting that survives any text.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  isHarnessSessionId,
  resumeCommand,
  STARTABLE_HARNESSES,
  shellLine,
  shellQuote,
  startCommand,
} from '../../../src/core/sessions/harness-commands.js';

describe('harness commands', () => {
  it('start each harness with the message as one argument, and resume by id', () => {
    expect(STARTABLE_HARNESSES.map((h) => startCommand(h, 'hi there'))).toEqual([
      ['claude', 'hi there'],
      ['codex', 'hi there'],
      ['gemini', '--prompt-interactive', 'hi there'],
      ['opencode', '--prompt', 'hi there'],
      ['pi', 'hi there'],
      ['copilot', '--interactive', 'hi there'],
      ['qwen', '--prompt-interactive', 'hi there'],
      ['agy', 'hi there'],
      ['grok', 'hi there'],
    ]);
    expect(STARTABLE_HARNESSES.map((h) => resumeCommand(h, 'abc-1'))).toEqual([
      ['claude', '--resume', 'abc-1'],
      ['codex', 'resume', 'abc-1'],
      ['gemini', '--resume', 'abc-1'],
      ['opencode', '--session', 'abc-1'],
      ['pi', '--session', 'abc-1'],
      ['copilot', '--resume', 'abc-1'],
      ['qwen', '--resume', 'abc-1'],
      ['agy', '--conversation', 'abc-1'],
      ['grok', '--resume', 'abc-1'],
    ]);
  });

  it('tells harness session ids from the ones baton makes up from a process', () => {
    expect(isHarnessSessionId('4b1c2d3e-5f60-4718-8a9b-0c1d2e3f4a5b')).toBe(true);
    expect(isHarnessSessionId('ses_3f2a9c1b')).toBe(true);
    expect(isHarnessSessionId('deadbeef-cafe-face-1234-567890123456')).toBe(true);
    expect(isHarnessSessionId('claude-4242-88123')).toBe(false);
    expect(isHarnessSessionId('shell-77-x')).toBe(false);
  });

  it('quotes for a POSIX shell so that the shell gives back the exact text', () => {
    const texts = ["it's", 'a "b" $HOME `x` \\ !', 'line\nbreak', '--flag', '', 'plain-word_1.2/x'];
    for (const text of texts) {
      const echoed = execFileSync('/bin/sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' });
      expect(echoed).toBe(text);
    }
    expect(shellQuote('plain-word_1.2/x')).toBe('plain-word_1.2/x');
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellLine(['claude', 'a b'], { cwd: '/w/my project', env: { BATON_PARENT_SESSION: 's-1' } })).toBe(
      "cd '/w/my project' && BATON_PARENT_SESSION=s-1 claude 'a b'",
    );
  });
});
