import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseBoard } from '../../../src/core/board/doctor.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { createCard } from '../../../src/core/cards/index.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';

function setup() {
  const dir = testdir();
  return openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, home: '/nonexistent-home' });
}

describe('diagnoseBoard', () => {
  it('is healthy on a fresh board with messages and cards, and writes nothing', () => {
    const board = setup();
    sendMessage(board, { from: 'a', to: ['b'], body: 'x' });
    createCard(board, { title: 'T', by: 'you' });
    const before = filesUnder(board.root);
    const report = diagnoseBoard(board);
    expect(report.healthy).toBe(true);
    expect(report.lines.find((l) => l.check === 'files')).toEqual({
      status: 'ok',
      check: 'files',
      detail: 'no corrupt or foreign files',
    });
    expect(filesUnder(board.root)).toEqual(before);
  });

  it('fails on a hand-broken card, a broken JSON record and a foreign file; a leftover temp file is only info', () => {
    const board = setup();
    const { card } = createCard(board, { title: 'T', by: 'you' });
    writeFileSync(card.path, 'no front matter');
    writeFileSync(join(board.root, 'config.json'), '{ nope');
    writeFileSync(join(board.root, 'cards', 'notes.txt'), 'x');
    writeFileSync(join(board.root, 'cards', '.c.md.1.abc.baton-tmp'), 'half');
    const report = diagnoseBoard(board);
    expect(report.healthy).toBe(false);
    expect(report.problems.map((p) => p.path).sort()).toEqual(
      [card.path, join(board.root, 'cards', 'notes.txt'), join(board.root, 'config.json')].sort(),
    );
    expect(report.lines).toContainEqual({
      status: 'info',
      check: 'temp files',
      detail: '1 left by interrupted writes (`baton gc`)',
    });
  });

  it('fails, without creating anything, when there is no board', () => {
    const dir = testdir();
    const board = openBoard({ cwd: dir, env: {}, home: '/nonexistent-home' });
    const report = diagnoseBoard(board);
    expect(report.healthy).toBe(false);
    expect(report.lines.at(-1)).toEqual({
      status: 'FAIL',
      check: 'board',
      detail: `no board at ${join(dir, '.baton')} (fallback) — run \`baton init\``,
    });
    expect(filesUnder(dir)).toEqual([]);
  });
});
