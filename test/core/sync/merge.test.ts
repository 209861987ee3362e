// The three-way record merges `baton sync` relies on: cards keep every entry of both sides, whole and in id order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardEntry } from '../../../src/core/cards/card.js';
import { parseCardText, renderEntry } from '../../../src/core/cards/card-text.js';
import { newId } from '../../../src/core/store/ids.js';
import { mergeRecord } from '../../../src/core/sync/merge.js';

const HEAD = `---
id: c-01JDX4K9ZQ7W8R2N4V6B0000AA
title: Flaky login test
created_by: you
created_at: 2026-11-30T11:02:10.000Z
---
`;

function entry(n: number, body = `body ${n}`, author = 'alice'): CardEntry {
  const at = new Date(Date.UTC(2026, 10, 30, 12, 0, n)).toISOString();
  return { id: newId('e', Date.UTC(2026, 10, 30, 12, 0, n)), type: 'finding', author, at, body };
}

function card(entries: CardEntry[], head = HEAD): string {
  return head + entries.map(renderEntry).join('');
}

function merged(base: string, ours: string, theirs: string): string {
  const result = mergeRecord('card', base, ours, theirs);
  if (!result.ok) throw new Error(result.reason);
  return result.text;
}

describe('card merge', () => {
  const [e1, e2, e3, e4] = [
    entry(1),
    entry(2),
    entry(3, 'line\n\\### e-looks like a heading\nmore'),
    entry(4),
  ];

  it('keeps the entries both sides appended, each whole, in id order, byte for byte as a card written in order', () => {
    const base = card([e1!]);
    const text = merged(base, card([e1!, e2!, e4!]), card([e1!, e3!]));
    expect(text).toBe(card([e1!, e2!, e3!, e4!]));
    const parse = parseCardText(text);
    expect(parse.ok).toBe(true);
    expect(parse.entries.map((e) => e.id)).toEqual([e1!.id, e2!.id, e3!.id, e4!.id]);
    expect(parse.entries[2]!.body).toBe(e3!.body);
  });

  it('merges two cards that share no base (git gives an empty %O) and a card with no entries', () => {
    expect(merged('', card([e2!]), card([e1!]))).toBe(card([e1!, e2!]));
    expect(merged(card([]), card([]), card([e1!]))).toBe(card([e1!]));
  });

  it('keeps an entry removed by hand on one side removed, unless the other side edited it', () => {
    const base = card([e1!, e2!]);
    expect(merged(base, card([e2!]), card([e1!, e2!, e3!]))).toBe(card([e2!, e3!]));
    const edited = { ...e1!, body: 'edited' };
    expect(merged(base, card([e2!]), card([edited, e2!]))).toBe(card([edited, e2!]));
  });

  it('takes the one side that edited an entry; both editing it differently is a conflict', () => {
    const base = card([e1!]);
    const mine = { ...e1!, body: 'mine' };
    const theirs = { ...e1!, body: 'theirs' };
    expect(merged(base, card([mine]), card([e1!, e2!]))).toBe(card([mine, e2!]));
    expect(mergeRecord('card', base, card([mine]), card([theirs]))).toEqual({
      ok: false,
      reason: `both sides edited entry ${e1!.id}`,
    });
  });

  it('keeps a header edited on one side; both editing it is a conflict', () => {
    const retitled = HEAD.replace('Flaky login test', 'Login flake');
    expect(merged(card([e1!]), card([e1!], retitled), card([e1!, e2!]))).toBe(card([e1!, e2!], retitled));
    const other = HEAD.replace('Flaky login test', 'Something else');
    expect(mergeRecord('card', card([]), card([e1!], retitled), card([e2!], other))).toEqual({
      ok: false,
      reason: 'both sides edited the card’s header',
    });
  });

  it('refuses to merge a side that is not a card (nothing is guessed)', () => {
    const broken = `${card([e1!])}\n### e-NOT-AN-ID · finding · x · y\n`;
    const result = mergeRecord('card', card([]), broken, card([e2!]));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^our side is not a card: line \d+: /);
  });

  it('for any split of entries between two sides, keeps each entry once, in id order, whichever side is ours', () => {
    const pool = Array.from({ length: 12 }, (_, i) => entry(i + 1, `entry ${i + 1}\n\nwith a paragraph`));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0, 1, 2, 3), { minLength: 12, maxLength: 12 }), (where) => {
        // 0: in the base (both sides), 1: ours only, 2: theirs only, 3: both added it
        const base = pool.filter((_, i) => where[i] === 0);
        const ours = pool.filter((_, i) => where[i] !== 2);
        const theirs = pool.filter((_, i) => where[i] !== 1);
        const a = merged(card(base), card(ours), card(theirs));
        const b = merged(card(base), card(theirs), card(ours));
        expect(a).toBe(card(pool));
        expect(b).toBe(a);
      }),
      { numRuns: 200 },
    );
  });
});

describe('registry and session merges', () => {
  it('an agent seen on two machines: earliest first seen, latest last seen, every session', () => {
    const ours = {
      name: 'you',
      firstSeen: '2026-11-02T00:00:00.000Z',
      lastSeen: '2026-11-05T00:00:00.000Z',
      sessions: ['s1', 's2'],
    };
    const theirs = {
      name: 'you',
      firstSeen: '2026-11-01T00:00:00.000Z',
      lastSeen: '2026-11-04T00:00:00.000Z',
      sessions: ['s3', 's1'],
    };
    const base = {
      name: 'you',
      firstSeen: '2026-11-02T00:00:00.000Z',
      lastSeen: '2026-11-03T00:00:00.000Z',
      sessions: ['s1'],
    };
    const result = mergeRecord('agent', json(base), json(ours), json(theirs));
    expect(result).toEqual({
      ok: true,
      text: json({ ...ours, firstSeen: theirs.firstSeen, sessions: ['s1', 's2', 's3'] }),
    });
  });

  it('a session changed on both sides: the one seen last wins, and an end is never undone', () => {
    const base = { id: 's1', lastSeen: '2026-11-01T00:00:00.000Z' };
    const ended = { id: 's1', lastSeen: '2026-11-01T01:00:00.000Z', endedAt: '2026-11-01T01:00:00.000Z' };
    const later = { id: 's1', lastSeen: '2026-11-01T02:00:00.000Z', touched: ['a.ts'] };
    expect(mergeRecord('session', json(base), json(ended), json(later))).toEqual({
      ok: true,
      text: json({ ...later, endedAt: ended.endedAt }),
    });
  });

  it('a JSON record deleted or unreadable on one side keeps the readable side whole', () => {
    const agent = json({ name: 'bob', firstSeen: 'a', lastSeen: 'b', sessions: [] });
    expect(mergeRecord('agent', json({ name: 'x' }), '', agent)).toEqual({ ok: true, text: agent });
    expect(mergeRecord('agent', '', '{not json', agent)).toEqual({ ok: true, text: agent });
  });

  it('a message or a note changed differently on both sides is a conflict; the same change on both is not', () => {
    expect(mergeRecord('message', 'a', 'b', 'c')).toEqual({
      ok: false,
      reason: 'both sides changed a record that is written once',
    });
    expect(mergeRecord('note', 'a', 'b', 'b')).toEqual({ ok: true, text: 'b' });
    expect(mergeRecord('note', '', 'x', '')).toEqual({ ok: true, text: 'x' });
  });
});

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
