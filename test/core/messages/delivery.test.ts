import { mkdirSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/core/board/open-board.js';
import { pollMessages, redeliver } from '../../../src/core/messages/delivery.js';
import { listMessages } from '../../../src/core/messages/read.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { spoolDir } from '../../../src/core/messages/spool.js';
import { formatRecord } from '../../../src/core/store/front-matter.js';
import { newId } from '../../../src/core/store/ids.js';
import { snapshot, testdir } from '../../helpers/testdir.js';

function setup() {
  const dir = testdir();
  return openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, home: '/nonexistent-home' });
}

function sendMany(board: ReturnType<typeof setup>, count: number) {
  for (let i = 0; i < count; i++) sendMessage(board, { from: 'alice', to: ['bob'], body: `n${i}` });
}

describe('pollMessages', () => {
  it('delivers each message once, oldest first, in batches of at most max', () => {
    const board = setup();
    sendMany(board, 7);
    const first = pollMessages(board, 'bob', { max: 5 });
    expect(first.messages.map((m) => m.body)).toEqual(['n0\n', 'n1\n', 'n2\n', 'n3\n', 'n4\n']);
    expect(first.more).toBe(2);
    first.acknowledge();
    const second = pollMessages(board, 'bob', { max: 5 });
    expect(second.messages.map((m) => m.body)).toEqual(['n5\n', 'n6\n']);
    second.acknowledge();
    expect(pollMessages(board, 'bob').messages).toEqual([]);
  });

  it('a cut batch is marked delivered only up to what was shown', () => {
    const board = setup();
    sendMany(board, 5);
    pollMessages(board, 'bob', { max: 5 }).acknowledge(2);
    expect(pollMessages(board, 'bob', { max: 5 }).messages.map((m) => m.body)).toEqual([
      'n2\n',
      'n3\n',
      'n4\n',
    ]);
  });

  it('a released batch is delivered again', () => {
    const board = setup();
    sendMany(board, 2);
    pollMessages(board, 'bob').release();
    expect(pollMessages(board, 'bob').messages).toHaveLength(2);
  });

  it('two pollers holding batches at once never get the same message', () => {
    const board = setup();
    sendMany(board, 8);
    const a = pollMessages(board, 'bob', { max: 5 });
    const b = pollMessages(board, 'bob', { max: 5 });
    const ids = [...a.messages, ...b.messages].map((m) => m.id);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
  });

  it('a poller that died before acknowledging gets its claims redelivered after the lease', () => {
    const board = setup();
    sendMany(board, 1);
    const crashed = pollMessages(board, 'bob');
    expect(crashed.messages).toHaveLength(1); // never acknowledged
    expect(pollMessages(board, 'bob').messages).toHaveLength(0);
    const claimed = spoolDir(board, 'bob', 'claimed');
    for (const name of readdirSync(claimed)) utimesSync(join(claimed, name), new Date(0), new Date(0));
    expect(pollMessages(board, 'bob').messages.map((m) => m.body)).toEqual(['n0\n']);
  });

  it('delivers a message that arrives late with an older timestamp', () => {
    const board = setup();
    sendMany(board, 1);
    pollMessages(board, 'bob').acknowledge();
    // A sender whose clock is an hour behind (or that stalled) writes after the newer one was delivered.
    const board2 = openBoard({
      board: board.root,
      cwd: board.cwd,
      env: {},
      clock: () => Date.now() - 3_600_000,
    });
    sendMessage(board2, { from: 'carol', to: ['bob'], body: 'late' });
    expect(pollMessages(board, 'bob').messages.map((m) => m.body)).toEqual(['late\n']);
  });

  it('skips a queued id whose message is not written yet, and drops it once it is clearly orphaned', () => {
    const board = setup();
    sendMany(board, 1);
    pollMessages(board, 'bob').acknowledge();
    const orphan = newId('m');
    writeFileSync(join(spoolDir(board, 'bob', 'new'), orphan), '');
    const early = pollMessages(board, 'bob');
    expect(early.messages).toEqual([]);
    expect(early.inFlight).toBe(1);
    expect(readdirSync(spoolDir(board, 'bob', 'new'))).toEqual([orphan]);
    utimesSync(join(spoolDir(board, 'bob', 'new'), orphan), new Date(0), new Date(0));
    expect(pollMessages(board, 'bob')).toMatchObject({ messages: [], inFlight: 0 });
    expect(readdirSync(spoolDir(board, 'bob', 'new'))).toEqual([]);
  });

  it('reports a corrupt queued message and still delivers the others', () => {
    const board = setup();
    sendMany(board, 2);
    const [first] = listMessages(board, { agent: 'bob' }).messages;
    const path = join(board.root, 'messages', 'bob', first!.at.slice(0, 10), `${first!.id}.md`);
    writeFileSync(path, formatRecord({ id: first!.id }, 'torn'));
    const batch = pollMessages(board, 'bob');
    expect(batch.messages.map((m) => m.body)).toEqual(['n1\n']);
    expect(batch.problems).toEqual([{ path, reason: 'missing "from"' }]);
  });

  it('never creates a board', () => {
    const dir = testdir();
    const board = openBoard({ cwd: dir, env: {}, home: '/nonexistent-home' });
    expect(pollMessages(board, 'bob').messages).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('redeliver queues delivered messages again', () => {
    const board = setup();
    sendMany(board, 3);
    pollMessages(board, 'bob').acknowledge();
    expect(redeliver(board, 'bob')).toBe(3);
    expect(pollMessages(board, 'bob').messages).toHaveLength(3);
  });
});

describe('hostile delivery state', () => {
  it('a folder in place of a queue marker is never claimed: poll neither crashes nor pushes it forever', () => {
    const board = setup();
    const { sent } = sendMessage(board, { from: 'alice', to: ['bob'], body: 'once' });
    const id = sent[0]!.id;
    const marker = join(spoolDir(board, 'bob', 'new'), id);
    rmSync(marker);
    mkdirSync(marker);
    writeFileSync(join(marker, 'x'), '');
    const first = pollMessages(board, 'bob');
    expect(first.messages).toEqual([]);
    first.acknowledge();
    redeliver(board, 'bob');
    expect(pollMessages(board, 'bob').messages).toEqual([]);
    expect(readdirSync(marker)).toEqual(['x']);
  });

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
