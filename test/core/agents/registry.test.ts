import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listAgents, registerAgent } from '../../../src/core/agents/registry.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { pollMessages } from '../../../src/core/messages/delivery.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { testdir } from '../../helpers/testdir.js';

describe('listAgents', () => {
  it('knows registered agents, recipients and senders, with unread counts and when they last acted', () => {
    const dir = testdir();
    let now = Date.parse('2026-11-30T10:00:00.000Z');
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, clock: () => now });
    registerAgent(board, 'carol');
    now += 60_000;
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
