// Delivery on disk only: links planted in the queue, and a poll on a board found from the cwd. Claim → show →
// acknowledge, leases, redelivery and racing claimers run on every store in test/core/contract/messaging.test.ts.
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/core/board/open-board.js';
import { pollMessages } from '../../../src/core/messages/delivery.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { spoolDir } from '../../../src/core/messages/spool.js';
import { snapshot, testdir } from '../../helpers/testdir.js';

function setup() {
  const dir = testdir();
  return openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, home: '/nonexistent-home' });
}

describe('pollMessages on a board found from the cwd', () => {
  it('never creates one', () => {
    const dir = testdir();
    const board = openBoard({ cwd: dir, env: {}, home: '/nonexistent-home' });
    expect(pollMessages(board, 'bob').messages).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('hostile delivery state', () => {
  it('a queue folder, a claimed folder or a last-seen stamp that is a symlink is never written through', () => {
    const board = setup();
    sendMessage(board, { from: 'alice', to: ['bob'], body: 'first' });
    const outside = join(board.root, '..', 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'victim'), 'keep');
    const before = snapshot(outside);
    rmSync(spoolDir(board, 'bob', 'claimed'), { recursive: true, force: true });
    symlinkSync(outside, spoolDir(board, 'bob', 'claimed'));
    rmSync(join(board.root, 'state', 'seen', 'alice'));
    symlinkSync(join(outside, 'victim'), join(board.root, 'state', 'seen', 'alice'));
    symlinkSync(outside, join(board.root, 'state', 'delivery', 'carol'));
    expect(() => pollMessages(board, 'bob')).toThrow('is a symlink (not followed');
    expect(() => sendMessage(board, { from: 'alice', to: ['carol'], body: 'x' })).toThrow(
      `${join(board.root, 'state', 'delivery', 'carol')} is a symlink (not followed`,
    );
    sendMessage(board, { from: 'alice', to: ['bob'], body: 'second' });
    expect(snapshot(outside)).toEqual(before);
  });
});
