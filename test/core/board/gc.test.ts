import { existsSync, mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../src/core/board/gc.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { createCard } from '../../../src/core/cards/index.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { spoolDir } from '../../../src/core/messages/spool.js';
import { requestCardEntry } from '../../../src/core/pending/index.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { newId } from '../../../src/core/store/ids.js';
import { filesUnder, snapshot, testdir } from '../../helpers/testdir.js';

const LONG_AGO = new Date(Date.now() - 3_600_000);

function plantBoard() {
  const dir = testdir();
  const root = join(dir, '.baton');
  const board = openBoard({ board: root, cwd: dir, env: {} });
  sendMessage(board, { from: 'alice', to: ['bob'], body: 'keep me' });
  const { card } = createCard(board, { title: 'Keep', by: 'you' });
  writeSession(board, {
    id: 's1',
    harness: 'claude',
    agent: 'alice',
    cwd: dir,
    projectKey: 'p',
    parentSession: '',
    startedAt: LONG_AGO.toISOString(),
    lastSeen: LONG_AGO.toISOString(),
  });
  const past = openBoard({ board: root, cwd: dir, env: {}, clock: () => LONG_AGO.getTime() });
  const expired = requestCardEntry(past, {
    card: card.id,
    intent: 'x',
    requestedBy: 'you',
    session: 's1',
  }).path;

  const oldTemp = join(root, 'cards', `.${card.id}.md.123.abc.baton-tmp`);
  const youngTemp = join(root, 'cards', '.other.md.123.def.baton-tmp');
  writeFileSync(oldTemp, 'half');
  writeFileSync(youngTemp, 'in progress');
  utimesSync(oldTemp, LONG_AGO, LONG_AGO);
  const orphanOld = join(spoolDir(board, 'bob', 'new'), newId('m'));
  const orphanYoung = join(spoolDir(board, 'bob', 'new'), newId('m'));
  writeFileSync(orphanOld, '');
  writeFileSync(orphanYoung, '');
  utimesSync(orphanOld, LONG_AGO, LONG_AGO);
  const lock = join(root, 'agents', 'alice.json.lock');
  mkdirSync(lock, { recursive: true });
  writeFileSync(join(lock, 'owner'), '2147483646'); // no such process
  const outside = join(dir, 'outside');
  mkdirSync(outside);
  const bait = join(outside, '.x.baton-tmp');
  writeFileSync(bait, 'not the board’s');
  utimesSync(bait, LONG_AGO, LONG_AGO);
  symlinkSync(outside, join(root, 'link'));
  return { dir, board, garbage: [oldTemp, orphanOld, lock, expired].sort(), bait };
}

describe('collectGarbage', () => {
  it('--dry-run lists exactly the leftovers and removes nothing', () => {
    const { dir, board, garbage } = plantBoard();
    const before = filesUnder(dir);
    const report = collectGarbage(board, { dryRun: true });
    expect(report.removed.map((r) => r.path).sort()).toEqual(garbage);
    expect(filesUnder(dir)).toEqual(before);
  });

  it('removes the leftovers, keeps every record and in-progress write, and never goes through a symlink', () => {
    const { dir, board, garbage, bait } = plantBoard();
    const before = filesUnder(dir);
    const report = collectGarbage(board);
    expect(report.removed.map((r) => r.reason).sort()).toEqual([
      'expired pending write',
      'lock left by a writer that is gone',
      'queued id whose send was killed',
      'temp file left by an interrupted write',
    ]);
    const gone = garbage.map((path) => path.slice(dir.length + 1));
    const expected = before.filter((file) => !gone.some((g) => file === g || file.startsWith(`${g}/`)));
    expect(filesUnder(dir)).toEqual(expected);
    expect(filesUnder(dir)).toContain(bait.slice(dir.length + 1));
  });
});

describe('gc removes only what baton creates, where it creates it', () => {
  it('removes an old temp file left in a project’s notes folder by an interrupted note write, never a fresh one', () => {
    const dir = testdir();
    const root = join(dir, '.baton');
    const board = openBoard({ board: root, cwd: dir, env: {} });
    sendMessage(board, { from: 'alice', to: ['bob'], body: 'x' });
    const folder = join(root, 'notes', 'home-me-shop');
    mkdirSync(folder, { recursive: true });
    const id = newId('n');
    const old = join(folder, `.${id}.md.123.abc.baton-tmp`);
    const fresh = join(folder, `.${id}.md.124.abd.baton-tmp`);
    writeFileSync(old, 'half');
    writeFileSync(fresh, 'half');
    utimesSync(old, new Date(0), new Date(0));
    const report = collectGarbage(board);
    expect(report.removed).toEqual([{ path: old, reason: 'temp file left by an interrupted write' }]);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('never touches a mailbox or queue whose name ends in .lock or .baton-tmp (boards from before names reserved them)', () => {
    const dir = testdir();
    const root = join(dir, '.baton');
    const board = openBoard({ board: root, cwd: dir, env: {} });
    sendMessage(board, { from: 'alice', to: ['bob'], body: 'keep me' });
    const planted = [
      join(root, 'messages', 'bob.lock', '2026-11-30', `${newId('m')}.md`),
      join(root, 'messages', '.x.baton-tmp', 'keep.md'),
      join(root, 'state', 'delivery', 'carol.lock', 'new', 'note'),
      join(root, 'cards', 'drafts.lock', 'owner'),
      join(root, 'agents', 'notes.lock', 'owner'),
      join(root, 'notes', 'proj', 'x.json.lock', 'owner'),
      join(root, 'messages', 'alice.baton-tmp'),
      join(root, 'agents', 'alice.baton-tmp'),
    ];
    for (const path of planted) {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, '2147483646');
    }
    for (const path of planted) {
      for (let at = path; at !== root; at = join(at, '..')) utimesSync(at, LONG_AGO, LONG_AGO);
    }
    const before = snapshot(dir);
    expect(collectGarbage(board).removed).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('removes an abandoned lock and a temp file only in their exact shape and place', () => {
    const dir = testdir();
    const root = join(dir, '.baton');
    const board = openBoard({ board: root, cwd: dir, env: {} });
    const { card } = createCard(board, { title: 'Keep', by: 'you' });
    const lock = join(root, 'cards', `${card.path.split('/').at(-1)}.lock`);
    const temp = join(root, 'agents', '.alice.json.123.k3y.baton-tmp');
    mkdirSync(lock);
    writeFileSync(join(lock, 'owner'), '2147483646');
    mkdirSync(join(root, 'agents'));
    writeFileSync(temp, 'half');
    utimesSync(temp, LONG_AGO, LONG_AGO);
    expect(
      collectGarbage(board)
        .removed.map((item) => item.path)
        .sort(),
    ).toEqual([temp, lock].sort());
    expect(filesUnder(root)).toEqual(['board.json', card.path.slice(root.length + 1)]);
  });
});

describe('gc and continuations', () => {
  it('removes a pending continuation past its expiry and old first-message files, keeps the rest', () => {
    const dir = testdir();
    const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {} });
    sendMessage(board, { from: 'alice', to: ['bob'], body: 'x' });
    const folder = join(board.root, 'state', 'continuations');
    mkdirSync(folder, { recursive: true });
    const expired = join(folder, 'proj-a.json');
    const open = join(folder, 'proj-b.json');
    const oldText = join(folder, `${newId('n')}.md`);
    const newText = join(folder, `${newId('n')}.md`);
    const pending = (expiresAt: string) =>
      JSON.stringify({
        version: 1,
        projectKey: 'p',
        parentSession: 's',
        note: 'n',
        harness: 'claude',
        createdAt: expiresAt,
        expiresAt,
      });
    writeFileSync(expired, pending(LONG_AGO.toISOString()));
    writeFileSync(open, pending(new Date(Date.now() + 3_600_000).toISOString()));
    writeFileSync(oldText, 'first message');
    writeFileSync(newText, 'first message');
    utimesSync(oldText, new Date(0), new Date(0));
    expect(
      collectGarbage(board)
        .removed.map((item) => item.path)
        .sort(),
    ).toEqual([expired, oldText].sort());
    expect(filesUnder(folder).sort()).toEqual([newText, open].map((p) => p.slice(folder.length + 1)).sort());
  });
});
