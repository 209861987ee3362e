// Pack refs: every spelling people type, normalised to one; shapes that name nothing are unresolved with the
// reason (never a path, never a crash); repeats of one spelling are one ref.
import { describe, expect, it } from 'vitest';
import { parseRef, parseRefs, REF_SHAPES } from '../../../src/core/pack/refs.js';

const ID = '01JDX6K9ZQ7W8R2N4V6B0C1D2E';
const key = (input: string) => {
  const parsed = parseRef(input);
  return parsed.ok ? parsed.ref.key : `unresolved: ${parsed.unresolved.reason}`;
};

describe('parseRef', () => {
  it.each([
    ['note:n-01jdx6', 'note:n-01JDX6'],
    ['NOTE:01JDX6', 'note:n-01JDX6'],
    [' n-01jdx6 ', 'note:n-01JDX6'],
    [`note:n-${ID}.md`, `note:n-${ID}`],
    ['card:c-01jdx4', 'card:c-01JDX4'],
    [`c-${ID}-flaky-login-test.md`, `card:c-${ID}`],
    ['msg:01jdx3', 'msg:m-01JDX3'],
    ['m-01JDX3', 'msg:m-01JDX3'],
  ])('%j names a record by id: %s', (input, expected) => {
    expect(key(input)).toBe(expected);
  });

  it('agent refs: `agent:repo` and `repo_agent` are one canonical `agent:repo`, case-folded', () => {
    expect(['alice:shop', 'shop_alice', 'Alice:SHOP', 'home-me-src-shop_alice'].map(key)).toEqual([
      'alice:shop',
      'alice:shop',
      'alice:shop',
      'alice:home-me-src-shop',
    ]);
    // A project key never holds `_`: the first one splits, so an agent name may hold more.
    expect(parseRef('shop_code_bot')).toEqual({
      ok: true,
      ref: { kind: 'agent', input: 'shop_code_bot', key: 'code_bot:shop', agent: 'code_bot', repo: 'shop' },
    });
  });

  it('reserved prefixes win over agent refs: `note:shop` is a malformed note id, not agent "note"', () => {
    expect(key('note:shop')).toBe('unresolved: malformed note id — note ids look like n-01JDX6K9ZQ…');
    expect(key('msg:')).toBe('unresolved: malformed message id — message ids look like m-01JDX6K9ZQ…');
    expect(key('card:c-01jdx4/../../etc')).toBe(
      'unresolved: malformed card id — card ids look like c-01JDX6K9ZQ…',
    );
  });

  it.each([
    ['', `empty ref — refs look like ${REF_SHAPES}`],
    ['hello', `not a ref — refs look like ${REF_SHAPES}`],
    ['../../etc/passwd', `not a ref — refs look like ${REF_SHAPES}`],
    ['..:shop', 'agent name ".." must not contain ".."'],
    ['alice:../etc', 'project "../etc" must be lowercase letters, digits and dashes'],
    ['../etc_alice', 'project "../etc" must be lowercase letters, digits and dashes'],
    ['al\u001bice:shop', 'agent name "al\\u001bice" must not contain control characters'],
    ['alice:sh\u0007op', 'project "sh\\u0007op" must be lowercase letters, digits and dashes'],
    ['a/b:shop', 'agent name "a/b" must not contain path separators'],
  ])('%j is unresolved: %s', (input, reason) => {
    expect(parseRef(input)).toEqual({ ok: false, unresolved: { ref: input, reason } });
  });
});

describe('parseRefs', () => {
  it('20 identical refs are one', () => {
    const parsed = parseRefs(Array.from({ length: 20 }, () => 'note:n-01JDX6'));
    expect(parsed.map((p) => (p.ok ? p.ref.key : p.unresolved.ref))).toEqual(['note:n-01JDX6']);
  });

  it('spellings of one ref are one (the first spelling given is kept); distinct refs keep their order', () => {
    const parsed = parseRefs([
      'shop_alice',
      'n-01jdx6',
      'alice:shop',
      'NOTE:01JDX6',
      'card:c-01',
      'hello',
      'hello',
    ]);
    expect(parsed.map((p) => (p.ok ? `${p.ref.key} <- ${p.ref.input}` : `? ${p.unresolved.ref}`))).toEqual([
      'alice:shop <- shop_alice',
      'note:n-01JDX6 <- n-01jdx6',
      'card:c-01 <- card:c-01',
      '? hello',
    ]);
  });
});
