// GET /api/threads/<id> in process (port 0): each message carries, per recipient in `to`'s order, its delivery as
// `baton thread` derives it (the same line in `text`), with a fan-out's copies each judged on their own.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerAgent } from '../../src/core/agents/registry.js';
import { openBoard } from '../../src/core/board/open-board.js';
import { pollMessages } from '../../src/core/messages/delivery.js';
import { sendMessage } from '../../src/core/messages/send.js';
import type { ThreadJson } from '../../src/web/api-types.js';
import { testdir } from '../helpers/testdir.js';
import { serveWebApp } from '../helpers/web-app.js';

const SESSION = '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f';

describe('GET /api/threads/<id>: delivery', () => {
  it('gives each copy its delivery: taken by a session, waiting, with the line the CLI prints', async () => {
    const dir = testdir();
    const twoDaysAgo = Date.now() - 2 * 86_400_000 - 60_000;
    const root = join(dir, '.baton');
    registerAgent(openBoard({ board: root, cwd: dir, env: {}, clock: () => twoDaysAgo }), 'bob');
    const board = openBoard({ board: root, cwd: dir, env: {} });
    const fan = sendMessage(board, { from: 'alice', to: ['claude@shop', 'bob'], body: 'standup' });
    const taker = { via: 'hook', agent: 'claude@shop', session: SESSION, harness: 'claude' } as const;
    pollMessages(board, 'claude@shop', { by: taker }).acknowledge();
    const { url } = await serveWebApp(root);
    const res = await fetch(`${url}/api/threads/${fan.sent[1]!.id}`);
    const thread = (await res.json()) as ThreadJson;
    expect(thread.messages).toHaveLength(1);
    const [message] = thread.messages;
    expect(message!.to).toEqual(['claude@shop', 'bob']);
    expect(message!.delivery).toEqual([
      {
        id: fan.sent[0]!.id,
        to: 'claude@shop',
        state: 'delivered',
        agent: 'claude@shop',
        session: SESSION,
        sessionTag: '3f2a9c',
        harness: 'claude',
        via: 'hook',
        at: expect.any(String),
        text: expect.stringMatching(/^delivered to claude@shop \(session 3f2a9c\) \d\d:\d\d:\d\dZ$/),
      },
      {
        id: fan.sent[1]!.id,
        to: 'bob',
        state: 'waiting',
        lastSeen: new Date(twoDaysAgo).toISOString(),
        text: 'waiting — bob has no live session (last seen 2 d ago)',
      },
    ]);
  });
});
