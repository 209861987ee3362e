// Which paths `baton sync` carries, and the checks a record from another machine must pass before it is written.
import { describe, expect, it } from 'vitest';
import { recordKind, recordProblem } from '../../../src/core/sync/records.js';

const M = 'm-01JDX3K9ZQ7W8R2N4V6B0000AA';
const N = 'n-01JDX3K9ZQ7W8R2N4V6B0000AA';
const C = 'c-01JDX3K9ZQ7W8R2N4V6B0000AA';
const DAY = '2024-11-27';

describe('recordKind', () => {
  it('names the five kinds of record by where they lie', () => {
    expect(recordKind('agents/alice.json')).toBe('agent');
    expect(recordKind('sessions/4b1c-77.json')).toBe('session');
    expect(recordKind(`messages/bob/${DAY}/${M}.md`)).toBe('message');
    expect(recordKind(`cards/${C}-flaky-login.md`)).toBe('card');
    expect(recordKind(`notes/home-me-shop/${N}.md`)).toBe('note');
  });

  it('carries nothing else: derived state, pending writes, settings, temp files, odd names and depths', () => {
    for (const path of [
      'board.json',
      'config.json',
      '.gitattributes',
      'state/sync/applied',
      'state/delivery/bob/new/x',
      'pending/s1.json',
      'agents/Alice.json',
      'agents/con.json',
      'agents/.alice.json.1.x.baton-tmp',
      'agents/alice.json.lock/owner',
      'sessions/x/y.json',
      `messages/bob/${DAY}/${M}.txt`,
      `messages/bob/2024-13/${M}.md`,
      `messages/../${DAY}/${M}.md`,
      `messages/bob/${DAY}/extra/${M}.md`,
      `cards/${C}.md`,
      `cards/${C}-Flaky.md`,
      `notes/Home/${N}.md`,
      `notes/${N}.md`,
    ]) {
      expect(recordKind(path), path).toBeUndefined();
    }
  });
});

describe('recordProblem', () => {
  const message = (fields: string) => `---\n${fields}\n---\nhello\n`;
  const rel = `messages/bob/${new Date(0).toISOString().slice(0, 10)}/`;

  it('accepts a well-formed message and refuses one whose place and fields disagree', () => {
    const id = 'm-0000000000ABCDEFGHJKMNPQRS';
    const path = `${rel}${id}.md`;
    expect(recordProblem('message', path, message(`id: ${id}\nfrom: alice\nto: bob\nat: x`))).toBeUndefined();
    expect(recordProblem('message', path, message(`id: ${id}\nfrom: alice\nto: carol\nat: x`))).toBe(
      `it is addressed to "carol" but lies in bob's mailbox`,
    );
    expect(recordProblem('message', path, 'no front matter')).toMatch(/front matter|---/);
  });

  it('refuses a card, note or JSON record whose id does not match its file name', () => {
    const card = `---\nid: ${C}\ntitle: T\ncreated_by: you\ncreated_at: 2026-11-30T11:02:10.000Z\n---\n`;
    expect(recordProblem('card', `cards/${C}-t.md`, card)).toBeUndefined();
    expect(recordProblem('card', `cards/c-01JDX3K9ZQ7W8R2N4V6B0000AB-t.md`, card)).toMatch(/does not match/);
    expect(recordProblem('note', `notes/p/${N}.md`, `---\nid: ${N}\n---\nbody\n`)).toBeUndefined();
    expect(recordProblem('note', `notes/p/${N}.md`, `---\nid: n-x\n---\n`)).toBe(
      'its id does not match its file name',
    );
    const agent = JSON.stringify({ name: 'alice', firstSeen: 'a', lastSeen: 'b', sessions: [] });
    expect(recordProblem('agent', 'agents/alice.json', agent)).toBeUndefined();
    expect(recordProblem('agent', 'agents/bob.json', agent)).toBe('its "name" does not match its file name');
    expect(recordProblem('session', 'sessions/s1.json', '[]')).toBe(
      'not a valid record: it is not a JSON object',
    );
  });
});
