// Messages on disk only: what doctor reads from the folder itself. Sending, reading and their bad inputs run on
// every store in test/core/contract/messaging.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseBoard } from '../../../src/core/board/doctor.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { dayOf } from '../../../src/core/messages/message.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { newId } from '../../../src/core/store/ids.js';
import { testdir } from '../../helpers/testdir.js';

describe('message files are checked against where they lie', () => {
  it('doctor reports a copy under another name, day or mailbox', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, home: '/nonexistent-home' });
    const { sent } = sendMessage(board, { from: 'alice', to: ['bob'], body: 'the real one' });
    const real = sent[0]!;
    const text = readFileSync(real.path, 'utf8');
    const renamed = join(dirname(real.path), `${newId('m')}.md`);
    const wrongDay = join(board.root, 'messages', 'bob', '2020-01-01', `${real.id}.md`);
    const wrongBox = join(board.root, 'messages', 'carol', dayOf(real.id), `${real.id}.md`);
    for (const path of [renamed, wrongDay, wrongBox]) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    const doctor = diagnoseBoard(board);
    expect(doctor.healthy).toBe(false);
    expect(doctor.problems.map((p) => p.path).sort()).toEqual([renamed, wrongBox, wrongDay].sort());
  });
});
