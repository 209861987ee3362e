// How a delivery reads: times of today as the time of day alone, of another day with the date; ages in the unit a
// person says; a session as six letters of its id; names that are not safe shown as escapes.
import { describe, expect, it } from 'vitest';
import { formatDelivery, formatWaiting } from '../../../src/core/display/delivery.js';
import { sessionTag } from '../../../src/core/display/session-tag.js';
import { formatAge, formatClock } from '../../../src/core/display/time.js';

const NOW = Date.parse('2026-11-30T21:30:00.000Z');

describe('formatClock', () => {
  it.each([
    ['2026-11-30T21:25:40.123Z', '21:25:40Z'],
    ['2026-11-30T00:00:00.000Z', '00:00:00Z'],
    ['2026-11-29T23:59:59.999Z', '2026-11-29 23:59:59Z'],
    ['2026-12-01T00:00:01.000Z', '2026-12-01 00:00:01Z'],
    ['2026-11-30T23:25:40+02:00', '21:25:40Z'],
    ['yesterday\u001b[2J', 'yesterday\\e[2J'],
  ])('%s → %s', (iso, shown) => {
    expect(formatClock(iso, NOW)).toBe(shown);
  });
});

describe('formatAge', () => {
  it.each([
    [NOW - 10_000, 'just now'],
    [NOW + 3_600_000, 'just now'],
    [NOW - 50_000, '1 min ago'],
    [NOW - 30 * 60_000, '30 min ago'],
    [NOW - 3 * 3_600_000, '3 h ago'],
    [NOW - 2 * 86_400_000, '2 d ago'],
    [NOW - 45 * 86_400_000, '45 d ago'],
  ])('%s → %s', (at, shown) => {
    expect(formatAge(new Date(at).toISOString(), NOW)).toBe(shown);
  });
});

describe('sessionTag', () => {
  it.each([
    ['3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f', '3f2a9c'],
    ['019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b', '3f4a5b'],
    ['ses_4f1e2d3c4b5aXyZ9', '5axyz9'],
    ['claude-4242-1733000000', 'claude-4242-1733000000'],
    ['abc', 'abc'],
  ])('%s → %s', (id, tag) => {
    expect(sessionTag(id)).toBe(tag);
  });
});

describe('formatDelivery', () => {
  const base = { id: 'm-01M8TYJ37Q6K6PKTCXAGEWA1C8', to: 'bob' };
  it('names the taking session, else how it was taken; never the raw control characters of a name', () => {
    const receipt = { ...base, agent: 'claude@shop', via: 'hook' as const, at: '2026-11-30T21:25:40.000Z' };
    expect(
      formatDelivery(
        {
          ...base,
          state: 'delivered',
          receipt: { ...receipt, session: '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f' },
        },
        NOW,
      ),
    ).toBe('delivered to claude@shop (session 3f2a9c) 21:25:40Z');
    expect(formatDelivery({ ...base, state: 'delivered', receipt: { ...receipt, via: 'listen' } }, NOW)).toBe(
      'delivered to claude@shop (baton listen, no session) 21:25:40Z',
    );
    expect(formatDelivery({ ...base, state: 'delivered' }, NOW)).toBe(
      'delivered to bob (no receipt on this machine)',
    );
    expect(formatWaiting({ agent: 'bo\u202eb', lastSeen: '2026-11-28T21:30:00.000Z' }, NOW)).toBe(
      'waiting — bo\\u202eb has no live session (last seen 2 d ago)',
    );
  });
});
