import { describe, expect, it } from 'vitest';
import { idTime, isId, newId } from '../../../src/core/store/ids.js';
import { nameProblem, validateName } from '../../../src/core/store/names.js';

describe('ids', () => {
  it('are time-ordered, prefixed and carry their creation time', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => newId('m', 1_700_000_000_000 + Math.floor(i / 100)));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => isId(id, 'm'))).toBe(true);
    expect(idTime(ids[0]!)).toBe(1_700_000_000_000);
  });

  it('reject malformed ids', () => {
    for (const bad of [
      'm-',
      'm-123',
      'x-01M8P1ZDQDQA0HSZZ7R976HZ20',
      'm-01M8P1ZDQDQA0HSZZ7R976HZ2I',
      '../m-1',
    ]) {
      expect(isId(bad)).toBe(false);
    }
    expect(isId('c-01M8P1ZDQDQA0HSZZ7R976HZ20', 'm')).toBe(false);
  });
});

describe('names', () => {
  it('accept ordinary agent names', () => {
    for (const name of ['alice', 'claude-3f2a9c', 'codex_77b1', 'a.b'])
      expect(validateName('agent', name)).toBe(name);
  });

  it.each([
    ['../x', 'must not contain path separators'],
    ['a/b', 'must not contain path separators'],
    ['a\\b', 'must not contain path separators'],
    ['a..b', 'must not contain ".."'],
    ['bad\u0007name', 'must not contain control characters'],
    ['x'.repeat(200), 'must be at most 64 characters'],
    ['', 'must not be empty'],
    ['-flag', 'may use only letters, digits, ".", "_" and "-", starting with a letter or digit'],
    ['white space', 'may use only letters, digits, ".", "_" and "-", starting with a letter or digit'],
  ])('reject %j: %s', (name, rule) => {
    expect(nameProblem('agent', name)).toBe(rule);
    expect(() => validateName('agent', name)).toThrow(`invalid agent name ${JSON.stringify(name)}: ${rule}`);
  });
});
