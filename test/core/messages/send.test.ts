import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnoseBoard } from '../../../src/core/board/doctor.js';
import { openBoard } from '../../../src/core/board/open-board.js';
import { dayOf } from '../../../src/core/messages/message.js';
import { listMessages, readThread } from '../../../src/core/messages/read.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { newId } from '../../../src/core/store/ids.js';
import { validateName } from '../../../src/core/store/names.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, '.baton'), cwd: dir, env: {}, home: '/nonexistent-home' });
  return { dir, board };
}

describe('sendMessage', () => {
  it('writes one file per recipient with a shared batch id, and queues each for push', () => {
    const { board } = setup();
    const result = sendMessage(board, {
      from: 'alice',
      to: ['bob', 'carol', 'dave'],
      body: 'hi all',
      subject: 's',
    });
    expect(result.sent.map((s) => s.to)).toEqual(['bob', 'carol', 'dave']);
    expect(result.batch).toMatch(/^b-/);
    const all = listMessages(board, { limit: 0 }).messages;
    expect(all).toHaveLength(3);
    expect(new Set(all.map((m) => m.batch))).toEqual(new Set([result.batch]));
    expect(listMessages(board, { agent: 'carol', unread: true }).messages.map((m) => m.body)).toEqual([
      'hi all\n',
    ]);
  });

  it('a single recipient has no batch', () => {
    const { board } = setup();
    expect(sendMessage(board, { from: 'alice', to: ['bob'], body: 'x' }).batch).toBeUndefined();
  });

  const bad: [string, Parameters<typeof sendMessage>[1], string][] = [
    [
      'empty body',
      { from: 'a', to: ['b'], body: '  \n' },
      'empty body — pass --body <text> or pipe it on stdin',
    ],
    [
      'oversize body',
      { from: 'a', to: ['b'], body: 'x'.repeat(8001) },
      'body too long: 8001 characters (at most 8000) — put the detail in a card or note and send its id',
    ],
    [
      'oversize subject',
      { from: 'a', to: ['b'], body: 'x', subject: 's'.repeat(121) },
      'subject too long: 121 characters (at most 120)',
    ],
    ['multi-line subject', { from: 'a', to: ['b'], body: 'x', subject: 'a\nb' }, 'subject must be one line'],
    [
      'too many recipients',
      { from: 'a', to: Array.from({ length: 51 }, (_, i) => `agent${i}`), body: 'x' },
      'too many recipients: 51 (at most 50) — split the list',
    ],
    [
      'recipient ../x',
      { from: 'a', to: ['ok', '../x'], body: 'x' },
      'invalid agent name "../x": must not contain path separators',
    ],
    [
      'recipient a/b',
      { from: 'a', to: ['a/b'], body: 'x' },
      'invalid agent name "a/b": must not contain path separators',
    ],
    [
      'recipient with a control character',
      { from: 'a', to: ['b\u0001'], body: 'x' },
      'invalid agent name "b\\u0001": must not contain control characters',
    ],
    [
      'recipient of 200 chars',
      { from: 'a', to: ['r'.repeat(200)], body: 'x' },
      `invalid agent name "${'r'.repeat(200)}": must be at most 64 characters`,
    ],
    ['no recipient', { from: 'a', to: [' '], body: 'x' }, 'no recipient — pass --to <agent>[,<agent>…]'],
    [
      'reply to a malformed id',
      { from: 'a', to: ['b'], body: 'x', replyTo: 'm-123' },
      'malformed message id "m-123" — ids look like m-01JDX3K9ZQ7W8R2N4V6B… (see `baton inbox`)',
    ],
  ];

  it.each(bad)('refuses %s with the exact error and writes nothing', (_, options, message) => {
    const { dir, board } = setup();
    expect(() => sendMessage(board, options)).toThrow(message);
    expect(filesUnder(dir)).toEqual([]);
  });

  it('refuses a reply to an unknown message without writing the reply', () => {
    const { board } = setup();
    sendMessage(board, { from: 'a', to: ['b'], body: 'first' });
    const before = filesUnder(board.root);
    expect(() =>
      sendMessage(board, { from: 'b', to: ['a'], body: 'x', replyTo: 'm-01M8P1ZDQDQA0HSZZ7R976HZ20' }),
    ).toThrow(`no message m-01M8P1ZDQDQA0HSZZ7R976HZ20 on ${board.root} — check the id with \`baton inbox\``);
    expect(filesUnder(board.root)).toEqual(before);
  });

  it('counts characters, not UTF-16 units, against the body limit', () => {
    const { board } = setup();
    expect(() => sendMessage(board, { from: 'a', to: ['b'], body: '😀'.repeat(8000) })).not.toThrow();
  });
});

describe('message files are checked against where they lie', () => {
  it('a copy under another name, day or mailbox is reported by doctor and every message is shown once', () => {
    const { board } = setup();
    const { sent } = sendMessage(board, { from: 'alice', to: ['bob'], body: 'the real one' });
    const real = sent[0]!;
    const text = readFileSync(real.path, 'utf8');
    const other = newId('m');
    const renamed = join(dirname(real.path), `${other}.md`);
    const wrongDay = join(board.root, 'messages', 'bob', '2020-01-01', `${real.id}.md`);
    const wrongBox = join(board.root, 'messages', 'carol', dayOf(real.id), `${real.id}.md`);
    for (const path of [renamed, wrongDay, wrongBox]) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    }
    const all = listMessages(board, { limit: 0 });
    expect(all.messages.map((m) => m.id)).toEqual([real.id]);
    expect(Object.fromEntries(all.problems.map((p) => [p.path, p.reason]))).toEqual({
      [renamed]: `its id ${real.id} does not match its file name`,
      [wrongDay]: `its id ${real.id} belongs in the day folder ${dayOf(real.id)}`,
      [wrongBox]: `it is addressed to "bob" but lies in carol's mailbox`,
    });
    expect(readThread(board, real.id).messages.map((m) => m.id)).toEqual([real.id]);
    const doctor = diagnoseBoard(board);
    expect(doctor.healthy).toBe(false);
    expect(doctor.problems.map((p) => p.path).sort()).toEqual([renamed, wrongBox, wrongDay].sort());
  });
});

describe('sendMessage input', () => {
  it('accepts a body of exactly 8,000 characters plus the newline print() adds, and refuses 8,001', () => {
    const { board } = setup();
    const body = `${'é'.repeat(7999)}x`;
    expect(sendMessage(board, { from: 'alice', to: 'bob', body: `${body}\n` }).sent).toHaveLength(1);
    expect(() => sendMessage(board, { from: 'alice', to: 'bob', body: `${body}y\n` })).toThrow(
      'body too long: 8001 characters (at most 8000)',
    );
  });

  it('takes one recipient as a string; a recipient that is not text is a clear error, nothing written', () => {
    const { dir, board } = setup();
    expect(() => sendMessage(board, { from: 'alice', to: 5 as unknown as string, body: 'x' })).toThrow(
      '"to" must be an agent name or a list of agent names',
    );
    expect(() => sendMessage(board, { from: 'alice', to: ['bob'], body: 7 as unknown as string })).toThrow(
      '"body" must be text',
    );
    expect(filesUnder(dir)).toEqual([]);
    expect(sendMessage(board, { from: 'alice', to: 'bob', body: 'x' }).sent.map((s) => s.to)).toEqual([
      'bob',
    ]);
  });

  it('Bob and bob are one recipient and one mailbox', () => {
    const { board } = setup();
    const result = sendMessage(board, { from: 'Alice', to: ['Bob', 'bob', 'BOB'], body: 'x' });
    expect(result.sent.map((s) => s.to)).toEqual(['bob']);
    expect(listMessages(board, { agent: validateName('agent', 'BoB') }).messages[0]?.from).toBe('alice');
  });
});
