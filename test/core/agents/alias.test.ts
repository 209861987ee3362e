import { describe, expect, it } from 'vitest';
import { derivedAgent } from '../../../src/core/agents/alias.js';

describe('derivedAgent', () => {
  it('takes the first six of a random id and the last six of a time-ordered one', () => {
    expect(derivedAgent('claude', '3f2a9c11-7e4b-4c1d-9a55-0123456789ab')).toBe('claude-3f2a9c');
    // Two Codex threads (UUIDv7) a minute apart: same start, different names.
    expect(derivedAgent('codex', '019e1625-789d-76c0-80ab-3724b5ddb799')).toBe('codex-ddb799');
    expect(derivedAgent('codex', '019e1625-9c01-7d2e-8f00-11aa22bb33cc')).toBe('codex-bb33cc');
    expect(derivedAgent('opencode', 'ses_2dce0a1b3ffe7QvXbq9ZkR2mNp')).toBe('opencode-kr2mnp');
    expect(derivedAgent('pi', 'session-x')).toBe('pi-sessio');
    expect(derivedAgent('gemini', '---')).toBe('gemini-session');
  });
});
