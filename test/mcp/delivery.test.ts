// Delivery you can see over MCP (an in-process SDK Client ↔ server): dm_send names a recipient with no live session at
// once, as `baton send` does; what dm_inbox shows the model is receipted (with the launching session on stdio, none
// over HTTP), leaving the message files and the push queue as they were.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registerAgent } from '../../src/core/agents/registry.js';
import { openBoard } from '../../src/core/board/open-board.js';
import { formatDelivery } from '../../src/core/display/delivery.js';
import { deliveryStatuses } from '../../src/core/messages/delivery-status.js';
import { messagePath } from '../../src/core/messages/message.js';
import { queuedIds } from '../../src/core/messages/spool.js';
import { writeSession } from '../../src/core/sessions/session.js';
import { testdir } from '../helpers/testdir.js';
import { boardIn, call, connect, sentOf, textOf } from './helpers.js';

const SESSION = '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f';
const CLOCK = /\d\d:\d\d:\d\dZ/.source;

function liveBob(dir: string) {
  const board = openBoard(boardIn(dir));
  const now = new Date().toISOString();
  writeSession(board, {
    id: SESSION,
    harness: 'claude',
    agent: 'bob',
    cwd: dir,
    projectKey: 'p',
    parentSession: '',
    startedAt: now,
    lastSeen: now,
    pid: process.pid,
  });
  registerAgent(board, 'bob', SESSION);
  return board;
}

describe('dm_send', () => {
  it('says at once which recipients have no live session, with the line baton send prints', async () => {
    const dir = testdir();
    const alice = await connect({ board: boardIn(dir), agent: 'alice' });
    await call(alice, 'dm_send', { to: 'carol', body: 'first' });
    liveBob(dir);
    const result = await call(alice, 'dm_send', { to: ['bob', 'carol', 'dave'], body: 'standup' });
    expect(result.isError).toBeFalsy();
    const [bob, carol, dave] = sentOf(result);
    expect(textOf(result).split('\n').slice(0, 5)).toEqual([
      `sent ${bob!.id} to bob`,
      `sent ${carol!.id} to carol`,
      'waiting — carol has no live session (never seen on this board)',
      `sent ${dave!.id} to dave`,
      'waiting — dave has no live session (never seen on this board)',
    ]);
  });
});

describe('dm_inbox', () => {
  it('receipts what it shows with the session that launched the server (stdio), and keeps the queue', async () => {
    const dir = testdir();
    const board = liveBob(dir);
    const alice = await connect({ board: boardIn(dir), agent: 'alice' });
    const [sent] = sentOf(await call(alice, 'dm_send', { to: 'bob', body: 'code word?' }));
    const file = messagePath(board, 'bob', sent!.id);
    const status = () => formatDelivery(deliveryStatuses(board, [sent!])[0]!, Date.now());
    expect(status()).toBe("waiting — queued for bob's live session 3f2a9c");
    const before = readFileSync(file, 'utf8');
    const bob = await connect({
      board: boardIn(dir, { BATON_SESSION: SESSION }),
      sessionIdentity: true,
      bindSessions: true,
    });
    expect(textOf(await call(bob, 'dm_inbox', {}))).toContain('code word?');
    expect(status()).toMatch(new RegExp(`^delivered to bob \\(session 3f2a9c\\) ${CLOCK}$`));
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(queuedIds(board, 'bob')).toEqual([sent!.id]);
  });

  it('over HTTP (no session of the caller): receipted as the agent with no session', async () => {
    const dir = testdir();
    const alice = await connect({ board: boardIn(dir), agent: 'alice' });
    const sent = sentOf(await call(alice, 'dm_send', { to: 'bob', body: 'x' }));
    const board = openBoard(boardIn(dir));
    const bob = await connect({ board: boardIn(dir), agent: 'bob' });
    expect(textOf(await call(bob, 'dm_inbox', { unread: true }))).toContain('x');
    expect(deliveryStatuses(board, sent).map((s) => formatDelivery(s, Date.now()))).toEqual([
      expect.stringMatching(new RegExp(`^delivered to bob \\(MCP dm_inbox, no session\\) ${CLOCK}$`)),
    ]);
  });
});
