// Delivery you can see, on disk and in memory alike: a receipt per delivered message (who took it, in which session,
// when), written when a delivery is acknowledged and never on release; the first delivery wins; the status of a
// message derived from its receipt, its queue marker and where its recipient is; hostile and corrupt receipts read as
// none, never a crash; the message's own file never changes. What only a disk has (a planted link) is in
// test/core/messages/receipts-disk.test.ts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerAgent } from '../../../src/core/agents/registry.js';
import { deliveryFields, formatDelivery } from '../../../src/core/display/delivery.js';
import { pollMessages, redeliver } from '../../../src/core/messages/delivery.js';
import { deliveryStatuses } from '../../../src/core/messages/delivery-status.js';
import { readReceipt, receiptPath, recordReceipt, takerHere } from '../../../src/core/messages/receipt.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { claimId, spoolDir } from '../../../src/core/messages/spool.js';
import { agentPresence } from '../../../src/core/sessions/presence.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { DEAD_PID, sessionRecord } from '../sessions/helpers.js';
import { type ContractBoard, readText, STORES, storeSnapshot } from './boards.js';

const SESSION = '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f';
const DAY = 86_400_000;
const HOOK = { via: 'hook', agent: 'claude@shop', session: SESSION, harness: 'claude' } as const;

describe.each(STORES)('%s store', (_name, open) => {
  const send = ({ board }: ContractBoard, to: string | string[] = 'bob', body = 'hi') =>
    sendMessage(board, { from: 'alice', to, body }).sent;
  const statusLine = ({ board }: ContractBoard, copy: { id: string; to: string }) =>
    formatDelivery(deliveryStatuses(board, [copy])[0]!, board.clock());

  describe('receipts', () => {
    it('an acknowledged delivery leaves a receipt naming the session, and the message file keeps its bytes', () => {
      const t = open();
      const [copy] = send(t);
      const before = readText(t.store, copy!.path);
      t.board.clock.advance(5_000);
      const batch = pollMessages(t.board, 'bob', { by: HOOK });
      expect(statusLine(t, copy!)).toMatch(/^waiting — /);
      batch.acknowledge();
      expect(readText(t.store, copy!.path)).toBe(before);
      expect(JSON.parse(readText(t.store, receiptPath(t.board, 'bob', copy!.id)))).toEqual({
        id: copy!.id,
        to: 'bob',
        agent: 'claude@shop',
        session: SESSION,
        harness: 'claude',
        via: 'hook',
        at: '2026-11-30T11:00:05.000Z',
      });
      expect(statusLine(t, copy!)).toBe('delivered to claude@shop (session 3f2a9c) 11:00:05Z');
      t.board.clock.advance(2 * DAY);
      expect(statusLine(t, copy!)).toBe('delivered to claude@shop (session 3f2a9c) 2026-11-30 11:00:05Z');
    });

    it('a released batch, or the part of a batch not acknowledged, gets no receipt', () => {
      const t = open();
      const [a, b] = [send(t, 'bob', 'one')[0]!, send(t, 'bob', 'two')[0]!];
      pollMessages(t.board, 'bob', { by: HOOK }).release();
      expect(readReceipt(t.board, 'bob', a.id)).toBeUndefined();
      pollMessages(t.board, 'bob', { by: HOOK }).acknowledge(1);
      expect(readReceipt(t.board, 'bob', a.id)?.session).toBe(SESSION);
      expect(readReceipt(t.board, 'bob', b.id)).toBeUndefined();
      expect(statusLine(t, b)).toMatch(/^waiting — /);
    });

    it('asks a lazy taker only when something is delivered', () => {
      const t = open();
      let asked = 0;
      const by = () => {
        asked++;
        return { via: 'listen' as const, agent: 'bob' };
      };
      pollMessages(t.board, 'bob', { by }).acknowledge();
      send(t);
      pollMessages(t.board, 'bob', { by }).release();
      expect(asked).toBe(0);
      const [copy] = send(t);
      pollMessages(t.board, 'bob', { by }).acknowledge();
      expect(asked).toBe(1);
      expect(statusLine(t, copy!)).toBe('delivered to bob (baton listen, no session) 11:00:00Z');
    });

    it('the first delivery wins: a redelivery to another session leaves the receipt as it was', () => {
      const t = open();
      const [copy] = send(t);
      pollMessages(t.board, 'bob', { by: HOOK }).acknowledge();
      expect(redeliver(t.board, 'bob')).toBe(1);
      t.board.clock.advance(60_000);
      pollMessages(t.board, 'bob', { by: { via: 'poll', agent: 'bob' } }).acknowledge();
      expect(readReceipt(t.board, 'bob', copy!.id)).toMatchObject({
        via: 'hook',
        at: '2026-11-30T11:00:00.000Z',
      });
      expect(recordReceipt(t.board, 'bob', copy!.id, { via: 'mcp' })).toBe(false);
    });

    it('without a taker, a poll receipts the recipient itself, with no session', () => {
      const t = open();
      const [copy] = send(t);
      pollMessages(t.board, 'bob').acknowledge();
      expect(readReceipt(t.board, 'bob', copy!.id)).toEqual({
        id: copy!.id,
        to: 'bob',
        agent: 'bob',
        via: 'poll',
        at: '2026-11-30T11:00:00.000Z',
      });
    });

    it('a taker with names that are not names is receipted as the recipient, without them', () => {
      const t = open();
      const [copy] = send(t);
      const by = { via: 'hook' as const, agent: '../x', session: 'a/b', harness: 'Claude\u0001' };
      pollMessages(t.board, 'bob', { by }).acknowledge();
      expect(readReceipt(t.board, 'bob', copy!.id)).toEqual({
        id: copy!.id,
        to: 'bob',
        agent: 'bob',
        via: 'hook',
        at: '2026-11-30T11:00:00.000Z',
      });
    });

    it('takerHere names the session the command runs in (BATON_SESSION) with its agent and harness', () => {
      const t = open();
      send(t);
      writeSession(t.board, sessionRecord(SESSION, { agent: 'claude@shop', harness: 'codex' }));
      const board = t.reopen({ env: { BATON_SESSION: SESSION } });
      expect(takerHere(board, 'listen', 'bob')).toEqual({
        via: 'listen',
        agent: 'claude@shop',
        session: SESSION,
        harness: 'codex',
      });
      expect(takerHere(t.board, 'listen', 'bob')).toEqual({ via: 'listen', agent: 'bob' });
    });
  });

  describe('status', () => {
    it('waiting: no live session, last seen from the agent record (2 d ago), or never seen', () => {
      const t = open();
      registerAgent(t.board, 'bob');
      t.board.clock.advance(2 * DAY);
      const [copy] = send(t);
      expect(statusLine(t, copy!)).toBe('waiting — bob has no live session (last seen 2 d ago)');
      const [other] = send(t, 'carol');
      expect(statusLine(t, other!)).toBe('waiting — carol has no live session (never seen on this board)');
      expect(deliveryFields(deliveryStatuses(t.board, [other!])[0]!, t.board.clock())).toEqual({
        id: other!.id,
        to: 'carol',
        state: 'waiting',
        text: 'waiting — carol has no live session (never seen on this board)',
      });
    });

    it('last seen is the newest of the agent record, its sends and its sessions', () => {
      const t = open();
      registerAgent(t.board, 'bob', 'old-session');
      writeSession(
        t.board,
        sessionRecord('old-session', {
          agent: 'bob',
          lastSeen: '2026-12-01T11:00:00.000Z',
          endedAt: '2026-12-01T11:00:00.000Z',
        }),
      );
      t.board.clock.set(Date.parse('2026-12-01T14:00:00.000Z'));
      expect(agentPresence(t.board, 'bob')).toEqual({ agent: 'bob', lastSeen: '2026-12-01T11:00:00.000Z' });
      t.board.clock.set(Date.parse('2026-12-01T16:00:00.000Z'));
      sendMessage(t.board, { from: 'bob', to: 'alice', body: 'x' });
      t.board.clock.set(Date.parse('2026-12-01T16:30:00.000Z'));
      const [copy] = send(t);
      expect(statusLine(t, copy!)).toBe('waiting — bob has no live session (last seen 30 min ago)');
    });

    it('waiting for a live session: its next turn takes it; an ended or dead one does not count', () => {
      const t = open();
      writeSession(t.board, sessionRecord('ended', { agent: 'bob', endedAt: '2026-11-30T10:30:00.000Z' }));
      writeSession(t.board, sessionRecord('dead', { agent: 'bob', pid: DEAD_PID }));
      registerAgent(t.board, 'bob', 'ended');
      registerAgent(t.board, 'bob', 'dead');
      const [copy] = send(t);
      expect(statusLine(t, copy!)).toBe('waiting — bob has no live session (last seen just now)');
      writeSession(t.board, sessionRecord(SESSION, { agent: 'bob', pid: process.pid }));
      registerAgent(t.board, 'bob', SESSION);
      expect(statusLine(t, copy!)).toBe("waiting — queued for bob's live session 3f2a9c");
      expect(agentPresence(t.board, 'bob').live).toEqual({
        session: SESSION,
        harness: 'claude',
        agent: 'bob',
      });
    });

    it("a session's alias (claude-3f2a9c) is live while its session is, though only its stable name is registered", () => {
      const t = open();
      writeSession(t.board, sessionRecord(SESSION, { agent: 'claude@shop', pid: process.pid }));
      registerAgent(t.board, 'claude@shop', SESSION);
      const [copy] = send(t, 'claude-3f2a9c');
      expect(statusLine(t, copy!)).toBe("waiting — queued for claude-3f2a9c's live session 3f2a9c");
      expect(agentPresence(t.board, 'codex-3f2a9c')).toEqual({ agent: 'codex-3f2a9c' });
      writeSession(t.board, sessionRecord(SESSION, { agent: 'claude@shop', pid: DEAD_PID }));
      expect(statusLine(t, copy!)).toBe('waiting — claude-3f2a9c has no live session (last seen 1 h ago)');
    });

    it('a claim not yet acknowledged is still waiting; a message with neither marker nor receipt is delivered', () => {
      const t = open();
      const [copy] = send(t);
      expect(claimId(t.board, 'bob', copy!.id)).toBeDefined();
      expect(statusLine(t, copy!)).toMatch(/^waiting — bob has no live session/);
      for (const { name } of t.store.list(spoolDir(t.board, 'bob', 'claimed')))
        t.store.remove(join(spoolDir(t.board, 'bob', 'claimed'), name));
      expect(statusLine(t, copy!)).toBe('delivered to bob (no receipt on this machine)');
    });

    it('each copy of a fan-out has its own status', () => {
      const t = open();
      const sent = send(t, ['bob', 'carol']);
      pollMessages(t.board, 'carol', { by: { via: 'mcp', agent: 'carol' } }).acknowledge();
      expect(deliveryStatuses(t.board, sent).map((s) => formatDelivery(s, t.board.clock()))).toEqual([
        'waiting — bob has no live session (never seen on this board)',
        'delivered to carol (MCP dm_inbox, no session) 11:00:00Z',
      ]);
    });

    it('reading statuses writes nothing', () => {
      const t = open();
      const sent = send(t, ['bob', 'carol']);
      pollMessages(t.board, 'bob').acknowledge();
      const before = storeSnapshot(t.store);
      deliveryStatuses(t.board, sent);
      agentPresence(t.board, 'bob');
      expect(storeSnapshot(t.store)).toEqual(before);
    });
  });

  describe('hostile and corrupt receipts are no receipt', () => {
    type Copy = { id: string; to: string };
    const receiptText = (copy: Copy, extra: Record<string, unknown>) =>
      JSON.stringify({
        id: copy.id,
        to: copy.to,
        agent: 'bob',
        via: 'hook',
        at: '2026-11-30T11:00:00.000Z',
        ...extra,
      });
    const hostile: [string, (copy: Copy) => string][] = [
      ['not JSON', () => '{"id": '],
      ['an array', () => '[]'],
      ['another message id', (c) => receiptText(c, { id: 'm-01M8P1ZDQDQA0HSZZ7R976HZ20' })],
      ['another mailbox', (c) => receiptText(c, { to: 'mallory' })],
      ['an agent with a control character', (c) => receiptText(c, { agent: 'claude\u001b[31m' })],
      ['a session with a path', (c) => receiptText(c, { session: '../../etc' })],
      ['a via baton does not know', (c) => receiptText(c, { via: 'carrier-pigeon' })],
      ['a time that is not one', (c) => receiptText(c, { at: 'yesterday' })],
      ['a field of the wrong type', (c) => receiptText(c, { agent: 7 })],
      ['over 4 KiB', (c) => receiptText(c, { padding: 'x'.repeat(5000) })],
    ];

    it.each(hostile)('%s: ignored, then replaced by the real delivery', (_what, text) => {
      const t = open();
      const [copy] = send(t);
      const path = receiptPath(t.board, 'bob', copy!.id);
      t.store.write(path, text(copy!));
      expect(readReceipt(t.board, 'bob', copy!.id)).toBeUndefined();
      expect(statusLine(t, copy!)).toBe('waiting — bob has no live session (never seen on this board)');
      pollMessages(t.board, 'bob', { by: HOOK }).acknowledge();
      expect(statusLine(t, copy!)).toBe('delivered to claude@shop (session 3f2a9c) 11:00:00Z');
    });

    it('a folder where the receipt belongs: the delivery still goes through, and reads as delivered', () => {
      const t = open();
      const [copy] = send(t);
      const path = receiptPath(t.board, 'bob', copy!.id);
      t.store.ensureFolder(path);
      const batch = pollMessages(t.board, 'bob', { by: HOOK });
      expect(batch.messages).toHaveLength(1);
      batch.acknowledge();
      expect(t.store.stat(path).kind).toBe('dir');
      expect(pollMessages(t.board, 'bob').messages).toEqual([]);
      expect(statusLine(t, copy!)).toBe('delivered to bob (no receipt on this machine)');
    });

    it('a hand-edited agent record or session record counts as no session, never a crash', () => {
      const t = open();
      const [copy] = send(t);
      t.store.write(join(t.root, 'agents', 'bob.json'), '{"name": "bob", "sessions": "all of them"}');
      expect(statusLine(t, copy!)).toBe('waiting — bob has no live session (never seen on this board)');
      registerAgent(t.board, 'carol', 'broken');
      t.store.write(join(t.root, 'sessions', 'broken.json'), '{"id": "broken", "pid": "x"}');
      expect(agentPresence(t.board, 'carol')).toEqual({
        agent: 'carol',
        lastSeen: '2026-11-30T11:00:00.000Z',
      });
    });
  });
});
