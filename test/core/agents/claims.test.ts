// decideAgent: the one precedence every front end asks (flag, BATON_AGENT, the session's name, the project's stable
// name, the session's alias), one validator, one case, and a bad claim never passed over for a weaker one.
import { describe, expect, it } from 'vitest';
import { decideAgent, type IdentityClaims } from '../../../src/core/agents/claims.js';

describe('decideAgent', () => {
  it.each<[string, IdentityClaims, { name: string; source: string } | undefined]>([
    [
      'the flag first',
      { flag: 'Ann', env: 'bob', session: 'cat', project: 'claude@shop', alias: 'claude-3f2a9c' },
      { name: 'ann', source: 'flag' },
    ],
    [
      'then BATON_AGENT',
      { env: 'Bob', session: 'cat', project: 'claude@shop', alias: 'claude-3f2a9c' },
      { name: 'bob', source: 'env' },
    ],
    [
      'then the session',
      { env: '', session: 'cat', project: 'claude@shop', alias: 'claude-3f2a9c' },
      { name: 'cat', source: 'session' },
    ],
    [
      'then the project',
      { project: 'Claude@Shop', alias: 'claude-3f2a9c' },
      { name: 'claude@shop', source: 'project' },
    ],
    ['then the alias', { alias: 'claude-3f2a9c' }, { name: 'claude-3f2a9c', source: 'alias' }],
    ['none', { flag: '', env: '' }, undefined],
  ])('%s', (_name, claims, expected) => {
    expect(decideAgent(claims)).toEqual(expected);
  });

  it('asks a lazy claim only when every stronger one is absent', () => {
    let asked = 0;
    const session = () => {
      asked++;
      return 'cat';
    };
    expect(decideAgent({ env: 'bob', session })?.name).toBe('bob');
    expect(asked).toBe(0);
    expect(decideAgent({ session })?.name).toBe('cat');
    expect(asked).toBe(1);
  });

  it('refuses a bad claim instead of falling back, naming BATON_AGENT when it came from there', () => {
    expect(() => decideAgent({ env: 'a/b', session: 'cat' })).toThrow(
      'invalid agent name "a/b": must not contain path separators (set by BATON_AGENT — fix or unset it)',
    );
    expect(() => decideAgent({ flag: 'a b', env: 'bob' })).toThrow(
      /^invalid agent name "a b": may use only letters, digits, "\.", "_", "-" and one "@", starting with a letter or digit \(also after the "@"\)$/,
    );
  });
});
