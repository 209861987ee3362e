// Delivery receipts on disk only: links planted where receipts go are never read through nor written through, and the
// delivery goes on regardless. Receipts on every store: test/core/contract/delivery-receipts.test.ts.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/core/board/open-board.js';
import { formatDelivery } from '../../../src/core/display/delivery.js';
import { pollMessages } from '../../../src/core/messages/delivery.js';
import { deliveryStatuses } from '../../../src/core/messages/delivery-status.js';
import { readReceipt, receiptPath } from '../../../src/core/messages/receipt.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { snapshot, testdir } from '../../helpers/testdir.js';

const HOOK = { via: 'hook', agent: 'claude@shop', session: '3f2a9c1e-7b4d-4c2a-9e1f-0a1b2c3d4e5f' } as const;

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, home: '/nonexistent-home' });
  const [copy] = sendMessage(board, { from: 'alice', to: ['bob'], body: 'hi' }).sent;
  const outside = join(dir, 'outside');
  mkdirSync(outside);
  return {
    board,
    copy: copy!,
    outside,
    status: () => formatDelivery(deliveryStatuses(board, [copy!])[0]!, 0),
  };
}

describe('planted receipts', () => {
  it('state/receipts as a link: nothing is written through it, the message is delivered all the same', () => {
    const { board, copy, outside, status } = setup();
    symlinkSync(outside, join(board.root, 'state', 'receipts'));
    const batch = pollMessages(board, 'bob', { by: HOOK });
    expect(batch.messages.map((m) => m.id)).toEqual([copy.id]);
    batch.acknowledge();
    expect(snapshot(outside)).toEqual({});
    expect(pollMessages(board, 'bob').messages).toEqual([]);
    expect(status()).toBe('delivered to bob (no receipt on this machine)');
  });

  it('a receipt file that is a link to a valid receipt elsewhere is not read, nor replaced through', () => {
    const { board, copy, outside, status } = setup();
    const elsewhere = join(outside, 'receipt.json');
    const forged = { id: copy.id, to: 'bob', agent: 'mallory', via: 'hook', at: '2026-11-30T11:00:00.000Z' };
    writeFileSync(elsewhere, JSON.stringify(forged));
    const path = receiptPath(board, 'bob', copy.id);
    mkdirSync(dirname(path), { recursive: true });
    symlinkSync(elsewhere, path);
    expect(readReceipt(board, 'bob', copy.id)).toBeUndefined();
    expect(status()).toMatch(/^waiting — bob has no live session/);
    pollMessages(board, 'bob', { by: HOOK }).acknowledge();
    expect(readFileSync(elsewhere, 'utf8')).toBe(JSON.stringify(forged));
    expect(status()).toBe('delivered to bob (no receipt on this machine)');
  });
});
