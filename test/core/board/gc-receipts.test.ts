// gc and delivery receipts: a receipt's temp file left by an interrupted write goes, receipts themselves stay.
import { utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../src/core/board/gc.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { pollMessages } from '../../../src/core/messages/delivery.js';
import { readReceipt, receiptPath } from '../../../src/core/messages/receipt.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { testdir } from '../../helpers/testdir.js';

describe('collectGarbage and receipts', () => {
  it('removes an old temp file among the receipts and keeps every receipt', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    const [copy] = sendMessage(board, { from: 'alice', to: ['bob'], body: 'x' }).sent;
    pollMessages(board, 'bob').acknowledge();
    const path = receiptPath(board, 'bob', copy!.id);
    const temp = join(dirname(path), `.${copy!.id}.json.123.abc.baton-tmp`);
    writeFileSync(temp, '{"id":');
    const longAgo = new Date(Date.now() - 3_600_000);
    utimesSync(temp, longAgo, longAgo);
    expect(collectGarbage(board).removed).toEqual([
      { path: temp, reason: 'temp file left by an interrupted write' },
    ]);
    expect(readReceipt(board, 'bob', copy!.id)?.via).toBe('poll');
  });
});
