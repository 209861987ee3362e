import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseBoard } from '../../../src/core/board/doctor.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { createCard } from '../../../src/core/cards/index.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { writeHandoff } from '../../../src/core/notes/write.js';
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

describe('diagnoseBoard and notes', () => {
  it('lists a broken note, a foreign file and a link among the notes', () => {
    const board = setup();
    const { note } = writeHandoff(board, {
      body: '## Goal\ng\n## Done\nd\n## State and open questions\ns\n## Decisions and rejected options\nx\n## Pitfalls and blockers\np\n## Next steps and read-first list\nn\n',
    });
    const dir = join(board.root, 'notes', note.projectKey);
    writeFileSync(join(dir, 'n-01M8RE00000000000000000000.md'), 'no front matter');
    writeFileSync(join(dir, 'todo.txt'), 'x');
    symlinkSync('/etc', join(board.root, 'notes', 'elsewhere'));
    const report = diagnoseBoard(board);
    expect(report.healthy).toBe(false);
    expect(
      Object.fromEntries(report.problems.map((p) => [p.path.slice(board.root.length + 1), p.reason])),
    ).toEqual({
      [`notes/${note.projectKey}/n-01M8RE00000000000000000000.md`]:
        'degraded note (absent: no front matter (the file must start with ---))',
      [`notes/${note.projectKey}/todo.txt`]: 'not a note file (notes/<project-key>/n-<id>.md)',
      'notes/elsewhere': 'is a symlink (not followed: baton follows no link inside the board)',
    });
  });
});
