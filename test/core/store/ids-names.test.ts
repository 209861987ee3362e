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
    for (const name of ['alice', 'claude-3f2a9c', 'codex_77b1', 'a.b', 'claude@shop', 'codex@my-shop.v2'])
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
    [
      '-flag',
      'may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@")',
    ],
    [
      'white space',
      'may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@")',
    ],
    [
      'a@b@c',
      'may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@")',
    ],
    [
      'claude@',
      'may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@")',
    ],
    [
      '@shop',
      'may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@")',
    ],
    [
      'claude@-x',
      'may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@")',
    ],
  ])('reject %j: %s', (name, rule) => {
    expect(nameProblem('agent', name)).toBe(rule);
    expect(() => validateName('agent', name)).toThrow(`invalid agent name ${JSON.stringify(name)}: ${rule}`);
  });
});

describe('the "@" of a stable agent name', () => {
  it("is an agent name's only: a session id, a slug or an id with one is refused", () => {
    for (const kind of ['session', 'slug', 'id'] as const)
      expect(() => validateName(kind, 'claude@shop')).toThrow(
        `invalid ${kind} name "claude@shop": may use only letters, digits, ".", "_" and "-", starting with a letter or digit`,
      );
    expect(validateName('agent', 'Claude@Shop')).toBe('claude@shop');
  });
});

describe('names that would break the board on another machine or collide with baton’s own files', () => {
  it.each([
    ['bob.lock', 'must not end with ".lock" or ".baton-tmp" (baton’s own files do)'],
    ['bob.baton-tmp', 'must not end with ".lock" or ".baton-tmp" (baton’s own files do)'],
    ['x.LOCK', 'must not end with ".lock" or ".baton-tmp" (baton’s own files do)'],
    ['CON', 'is a device name on Windows (CON, NUL, COM1, LPT1, …)'],
    ['nul', 'is a device name on Windows (CON, NUL, COM1, LPT1, …)'],
    ['com1', 'is a device name on Windows (CON, NUL, COM1, LPT1, …)'],
    ['lpt1.txt', 'is a device name on Windows (CON, NUL, COM1, LPT1, …)'],
    ['Aux.md', 'is a device name on Windows (CON, NUL, COM1, LPT1, …)'],
    ['bob.', 'must not end with "." (Windows drops it)'],
  ])('refuse %j: %s', (name, rule) => {
    expect(() => validateName('agent', name)).toThrow(`invalid agent name ${JSON.stringify(name)}: ${rule}`);
    expect(() => validateName('session', name)).toThrow(
      `invalid session name ${JSON.stringify(name)}: ${rule}`,
    );
  });

  it('accept names that only look close: console, nullable, com10, lockdown, a.lock.md', () => {
    for (const name of ['console', 'nullable', 'com10', 'lockdown', 'a.lock.md', 'baton-tmp']) {
      expect(validateName('agent', name)).toBe(name);
    }
  });

  it('fold agent names to one case, so Bob and bob are one agent on every file system', () => {
    expect(validateName('agent', 'Bob')).toBe('bob');
    expect(validateName('agent', 'CLAUDE-3F2A9C')).toBe('claude-3f2a9c');
    // Names read back from disk must already be folded: a mailbox named `Bob` is reported, not used.
    expect(nameProblem('agent', 'Bob')).toBe('must be lowercase (names are case-folded)');
    // Session ids come from the harness and keep their case.
    expect(validateName('session', 'ses_AbC123')).toBe('ses_AbC123');
  });
});
