// The agent registry through the core API, on disk and in memory alike: who the board knows (registered, recipients,
// senders) and when they last acted, and hand-edited records reported, skipped, and refused with nothing written.
// A link or a FIFO in place of a record is a disk's alone: test/core/agents.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAgents, registerAgent } from '../../../src/core/agents/registry.js';
import { pollMessages } from '../../../src/core/messages/delivery.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { bindSession } from '../../../src/core/sessions/session.js';
import { STORES, storeSnapshot } from './boards.js';

describe.each(STORES)('%s store', (_name, open) => {
  describe('listAgents', () => {
    it('knows registered agents, recipients and senders, with unread counts and when they last acted', () => {
      const { board } = open();
      board.clock.set(Date.parse('2026-11-30T10:00:00.000Z'));
      registerAgent(board, 'carol');
      board.clock.advance(60_000);
      sendMessage(board, { from: 'you', to: ['alice', 'bob'], body: 'standup' });
      pollMessages(board, 'bob').acknowledge();
      const { agents, problems } = listAgents(board);
      expect(problems).toEqual([]);
      expect(agents.map((a) => [a.name, a.registered, a.unread, a.lastSeen])).toEqual([
        ['alice', false, 1, undefined],
        ['bob', false, 0, undefined],
        ['carol', true, 0, '2026-11-30T10:00:00.000Z'],
        ['you', false, 0, '2026-11-30T10:01:00.000Z'],
      ]);
    });
  });

  describe('hand-edited registry records', () => {
    it('a record with the wrong types is reported and skipped by agents, and refused by register with nothing written', () => {
      const { board, store } = open({ env: { BATON_SESSION: 'sess-1' } });
      registerAgent(board, 'carol');
      const zed = join(board.root, 'agents', 'zed.json');
      store.write(zed, JSON.stringify({ name: 'zed', firstSeen: 'x', lastSeen: 5, sessions: 7 }));
      const { agents, problems } = listAgents(board);
      expect(agents.map((a) => a.name)).toEqual(['carol']);
      expect(problems).toEqual([
        { path: zed, reason: 'not a valid record: it "lastSeen" is not text (skipped)' },
      ]);
      const before = storeSnapshot(store);
      expect(() => registerAgent(board, 'zed', 'sess-1')).toThrow(
        `${zed}: not a valid record: it "lastSeen" is not text — fix or remove it, then register again; nothing was written`,
      );
      expect(() => bindSession(board, 'zed')).toThrow(
        'fix or remove it, then register again; nothing was written',
      );
      expect(storeSnapshot(store)).toEqual(before);
    });

    it('a record naming another agent, or a folder in its place, is skipped and reported', () => {
      const { board, store } = open();
      registerAgent(board, 'carol');
      const agentsDir = join(board.root, 'agents');
      store.write(
        join(agentsDir, 'mallory.json'),
        JSON.stringify({ name: 'carol', firstSeen: 'a', lastSeen: 'b', sessions: [] }),
      );
      store.ensureFolder(join(agentsDir, 'dir.json'));
      store.write(join(agentsDir, 'notes.txt'), 'x');
      const { agents, problems } = listAgents(board);
      expect(agents.map((a) => a.name)).toEqual(['carol']);
      expect(Object.fromEntries(problems.map((p) => [p.path.slice(agentsDir.length + 1), p.reason]))).toEqual(
        {
          'mallory.json': 'a record of "carol", not mallory (skipped)',
          'dir.json': 'is not a regular file (skipped)',
          'notes.txt': 'not an agent record (agents/<name>.json)',
        },
      );
    });
  });
});
