// Messages through the core API, on disk and in memory alike: send and fan-out, the queue, claim → acknowledge →
// release, redelivery, inbox and thread reads, id prefixes, racing claimers — and every bad input writes nothing.
// What only a disk has (planted links, killed senders, racing processes) stays in test/core/messages and test/cli.
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pollMessages, redeliver } from '../../../src/core/messages/delivery.js';
import { resolveMessageId } from '../../../src/core/messages/find-id.js';
import { dayOf } from '../../../src/core/messages/message.js';
import { findMessage, listMessages, readThread, unreadIds } from '../../../src/core/messages/read.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { claimId, queuedIds, spoolDir } from '../../../src/core/messages/spool.js';
import { formatRecord } from '../../../src/core/store/front-matter.js';
import { newId } from '../../../src/core/store/ids.js';
import { validateName } from '../../../src/core/store/names.js';
import { caught } from '../cards/helpers.js';
import { type ContractBoard, interleaved, names, readText, STORES, storeSnapshot } from './boards.js';

describe.each(STORES)('%s store', (_name, open) => {
  const sendMany = ({ board }: ContractBoard, count: number) => {
    for (let i = 0; i < count; i++) sendMessage(board, { from: 'alice', to: ['bob'], body: `n${i}` });
  };

  describe('sendMessage', () => {
    it('writes one record per recipient with a shared batch id, and queues each for push', () => {
      const { board } = open();
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
      expect(queuedIds(board, 'dave')).toEqual([result.sent[2]!.id]);
    });

    it('stores a record a person can read: front matter, then the body', () => {
      const { board, store } = open();
      const { sent } = sendMessage(board, {
        from: 'alice',
        to: 'bob',
        body: 'what is my code word?',
        subject: 'q',
      });
      const { id, path } = sent[0]!;
      expect(path).toBe(join(board.root, 'messages', 'bob', dayOf(id), `${id}.md`));
      expect(readText(store, path)).toBe(
        `---\nid: ${id}\nfrom: alice\nto: bob\nat: 2026-11-30T11:00:00.000Z\nsubject: q\n---\nwhat is my code word?\n`,
      );
      expect(store.rootState()).toEqual({ kind: 'board' });
    });

    it('a single recipient has no batch', () => {
      const { board } = open();
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
      [
        'multi-line subject',
        { from: 'a', to: ['b'], body: 'x', subject: 'a\nb' },
        'subject must be one line',
      ],
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
      [
        'a recipient that is not text',
        { from: 'alice', to: 5 as unknown as string, body: 'x' },
        '"to" must be an agent name or a list of agent names',
      ],
      [
        'a body that is not text',
        { from: 'alice', to: ['bob'], body: 7 as unknown as string },
        '"body" must be text',
      ],
    ];

    it.each(bad)(
      'refuses %s with the exact error and writes nothing, not even the board',
      (_, options, message) => {
        const { board, store } = open();
        expect(() => sendMessage(board, options)).toThrow(message);
        expect(store.rootState()).toEqual({ kind: 'missing' });
        expect(storeSnapshot(store)).toEqual({});
      },
    );

    it('refuses a reply to an unknown message without writing the reply', () => {
      const { board, store } = open();
      sendMessage(board, { from: 'a', to: ['b'], body: 'first' });
      const before = storeSnapshot(store);
      expect(() =>
        sendMessage(board, { from: 'b', to: ['a'], body: 'x', replyTo: 'm-01M8P1ZDQDQA0HSZZ7R976HZ20' }),
      ).toThrow(
        `no message m-01M8P1ZDQDQA0HSZZ7R976HZ20 on ${board.root} — check the id with \`baton inbox\``,
      );
      expect(storeSnapshot(store)).toEqual(before);
    });

    it('counts characters, not UTF-16 units: 8,000 characters plus the newline print() adds fit, 8,001 do not', () => {
      const { board } = open();
      expect(() => sendMessage(board, { from: 'a', to: ['b'], body: '😀'.repeat(8000) })).not.toThrow();
      const body = `${'é'.repeat(7999)}x`;
      expect(sendMessage(board, { from: 'alice', to: 'bob', body: `${body}\n` }).sent).toHaveLength(1);
      expect(() => sendMessage(board, { from: 'alice', to: 'bob', body: `${body}y\n` })).toThrow(
        'body too long: 8001 characters (at most 8000)',
      );
    });

    it('takes one recipient as a string; Bob and bob are one recipient and one mailbox', () => {
      const { board } = open();
      expect(sendMessage(board, { from: 'alice', to: 'bob', body: 'x' }).sent.map((s) => s.to)).toEqual([
        'bob',
      ]);
      const result = sendMessage(board, { from: 'Alice', to: ['Bob', 'bob', 'BOB'], body: 'x' });
      expect(result.sent.map((s) => s.to)).toEqual(['bob']);
      expect(listMessages(board, { agent: validateName('agent', 'BoB') }).messages[0]?.from).toBe('alice');
    });

    it('the sender is seen now: a last-seen stamp with the board clock’s time', () => {
      const { board, store } = open();
      sendMessage(board, { from: 'alice', to: 'bob', body: 'x' });
      board.clock.advance(60_000);
      sendMessage(board, { from: 'alice', to: 'bob', body: 'y' });
      const stamp = store.stat(join(board.root, 'state', 'seen', 'alice'));
      expect(new Date(stamp.mtimeMs).toISOString()).toBe('2026-11-30T11:01:00.000Z');
    });
  });

  describe('reading messages', () => {
    it('inbox: the newest `limit`, oldest first; `after` an id; all agents; unread only', () => {
      const { board } = open();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        board.clock.advance(1000);
        ids.push(sendMessage(board, { from: 'alice', to: 'bob', body: `b${i}` }).sent[0]!.id);
      }
      sendMessage(board, { from: 'bob', to: 'carol', body: 'to carol' });
      const bodies = (list: { messages: { body: string }[] }) => list.messages.map((m) => m.body.trim());
      expect(bodies(listMessages(board, { agent: 'bob', limit: 2 }))).toEqual(['b3', 'b4']);
      expect(bodies(listMessages(board, { agent: 'bob', after: ids[2] }))).toEqual(['b3', 'b4']);
      expect(bodies(listMessages(board, { limit: 0 }))).toEqual(['b0', 'b1', 'b2', 'b3', 'b4', 'to carol']);
      pollMessages(board, 'bob', { max: 3 }).acknowledge();
      expect(bodies(listMessages(board, { agent: 'bob', unread: true }))).toEqual(['b3', 'b4']);
      expect(unreadIds(board, 'bob')).toEqual([ids[3], ids[4]]);
    });

    it('reading has no side effects', () => {
      const t = open();
      sendMany(t, 2);
      const before = storeSnapshot(t.store);
      listMessages(t.board, { agent: 'bob', unread: true });
      listMessages(t.board, { limit: 0 });
      readThread(t.board, listMessages(t.board).messages[0]!.id);
      resolveMessageId(t.board, listMessages(t.board).messages[0]!.id.toLowerCase());
      expect(storeSnapshot(t.store)).toEqual(before);
    });

    it('a thread is its root, every reply below it, and the copies of a fan-out shown once each', () => {
      const { board } = open();
      const question = sendMessage(board, { from: 'alice', to: 'bob', body: 'code word?' }).sent[0]!.id;
      board.clock.advance(1000);
      const answer = sendMessage(board, { from: 'bob', to: 'alice', body: 'tangerine', replyTo: question });
      board.clock.advance(1000);
      sendMessage(board, { from: 'alice', to: 'bob', body: 'unrelated' });
      const fan = sendMessage(board, { from: 'alice', to: ['bob', 'carol'], body: 'standup' });
      expect(readThread(board, answer.sent[0]!.id).messages.map((m) => [m.from, m.body])).toEqual([
        ['alice', 'code word?\n'],
        ['bob', 'tangerine\n'],
      ]);
      expect(
        readThread(board, fan.sent[1]!.id)
          .messages.map((m) => m.to)
          .sort(),
      ).toEqual(['bob', 'carol']);
      expect(findMessage(board, question)?.body).toBe('code word?\n');
      expect(findMessage(board, newId('m'))).toBeUndefined();
      expect(readThread(board, newId('m'))).toEqual({ messages: [], problems: [] });
    });

    it('a copy under another name, day or mailbox is reported, and every message is shown once', () => {
      const { board, store } = open();
      const { sent } = sendMessage(board, { from: 'alice', to: ['bob'], body: 'the real one' });
      const real = sent[0]!;
      const text = readText(store, real.path);
      const other = newId('m');
      const renamed = join(dirname(real.path), `${other}.md`);
      const wrongDay = join(board.root, 'messages', 'bob', '2020-01-01', `${real.id}.md`);
      const wrongBox = join(board.root, 'messages', 'carol', dayOf(real.id), `${real.id}.md`);
      for (const path of [renamed, wrongDay, wrongBox]) store.write(path, text);
      const all = listMessages(board, { limit: 0 });
      expect(all.messages.map((m) => m.id)).toEqual([real.id]);
      expect(Object.fromEntries(all.problems.map((p) => [p.path, p.reason]))).toEqual({
        [renamed]: `its id ${real.id} does not match its file name`,
        [wrongDay]: `its id ${real.id} belongs in the day folder ${dayOf(real.id)}`,
        [wrongBox]: `it is addressed to "bob" but lies in carol's mailbox`,
      });
      expect(readThread(board, real.id).messages.map((m) => m.id)).toEqual([real.id]);
    });

    it('stray entries in messages/ are reported and skipped, never read as mail', () => {
      const { board, store } = open();
      const { sent } = sendMessage(board, { from: 'alice', to: 'bob', body: 'real' });
      const messages = join(board.root, 'messages');
      const day = join(messages, 'bob', dayOf(sent[0]!.id));
      store.write(join(messages, 'notes.txt'), 'x');
      store.ensureFolder(join(messages, 'Not A Name'));
      store.write(join(messages, 'bob', 'readme'), 'x');
      store.write(join(day, 'draft.md'), 'x');
      store.write(join(day, `.${sent[0]!.id}.md.1.abc.baton-tmp`), 'half');
      const list = listMessages(board, { limit: 0 });
      expect(list.messages.map((m) => m.body)).toEqual(['real\n']);
      expect(Object.fromEntries(list.problems.map((p) => [p.path, p.reason]))).toEqual({
        [join(messages, 'Not A Name')]:
          'not a mailbox (the agent name may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@"))',
        [join(messages, 'bob', 'readme')]: 'not a day folder (skipped)',
        [join(day, 'draft.md')]: 'not a message file (skipped)',
        [join(messages, 'notes.txt')]: 'not a mailbox',
      });
    });

    it('truncated and non-UTF-8 message files are skipped and reported; the others are still listed', () => {
      const { board, store } = open();
      for (const body of ['one', 'two', 'three']) sendMessage(board, { from: 'alice', to: 'bob', body });
      const [first, second] = listMessages(board, { agent: 'bob' }).messages.map((m) =>
        join(board.root, 'messages', 'bob', dayOf(m.id), `${m.id}.md`),
      );
      store.write(first!, readText(store, first!).slice(0, 30));
      store.write(second!, Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe, 0x0a]));
      const inbox = listMessages(board, { agent: 'bob' });
      expect(inbox.messages.map((m) => m.body)).toEqual(['three\n']);
      expect(Object.fromEntries(inbox.problems.map((p) => [p.path, p.reason]))).toEqual({
        [first!]: 'front matter is not closed by ---',
        [second!]: 'is not valid UTF-8',
      });
    });
  });

  describe('message ids as people type them', () => {
    it('a unique prefix, with or without m-, in any case, names its message', () => {
      const { board } = open();
      const first = sendMessage(board, { from: 'alice', to: 'bob', body: 'question' }).sent[0]!.id;
      board.clock.advance(1000);
      const second = sendMessage(board, { from: 'alice', to: 'bob', body: 'another' }).sent[0]!.id;
      let length = 3;
      while (second.startsWith(first.slice(0, length))) length++;
      const prefix = first.slice(0, length);
      for (const typed of [first, prefix, prefix.slice(2).toLowerCase(), `M-${prefix.slice(2)}`]) {
        expect(resolveMessageId(board, typed)).toBe(first);
      }
    });

    it('a prefix matching only the copies of one fan-out is that message: the recipient’s copy, else the first', () => {
      const { board } = open();
      const copies = sendMessage(board, { from: 'alice', to: ['bob', 'carol'], body: 'standup?' }).sent;
      const shared = copies[0]!.id.slice(0, 12);
      expect(copies[1]!.id.startsWith(shared)).toBe(true);
      const sorted = copies.map((c) => c.id).sort();
      expect(resolveMessageId(board, shared)).toBe(sorted[0]);
      expect(resolveMessageId(board, shared, { recipient: 'carol' })).toBe(copies[1]!.id);
    });

    it('an ambiguous prefix lists the candidates; no match, a card id, a malformed id say what to do', () => {
      const { board, store } = open();
      const a = sendMessage(board, { from: 'alice', to: 'bob', body: 'one' }).sent[0]!.id;
      board.clock.advance(1);
      const b = sendMessage(board, { from: 'carol', to: 'dave', body: 'two' }).sent[0]!.id;
      let common = 2;
      while (a[common] === b[common]) common++;
      const prefix = a.slice(0, common);
      const before = storeSnapshot(store);
      expect(caught(() => resolveMessageId(board, prefix))).toEqual({
        code: 'ambiguous',
        message: `message id ${prefix} is ambiguous: it matches 2 messages: ${a} (alice → bob), ${b} (carol → dave) — give more of the id`,
      });
      expect(caught(() => resolveMessageId(board, 'm-0000'))).toEqual({
        code: 'not_found',
        message: `no message m-0000 on ${board.root} — see \`baton inbox\` for ids`,
      });
      expect(caught(() => resolveMessageId(board, 'm-01M8P1ZDQDQA0HSZZ7R976HZ20')).code).toBe('not_found');
      expect(caught(() => resolveMessageId(board, 'c-01JDX4'))).toEqual({
        code: 'invalid_input',
        message: 'c-01JDX4 is a card, not a message — use `baton card read c-01JDX4`',
      });
      expect(caught(() => resolveMessageId(board, 'nope'))).toEqual({
        code: 'invalid_input',
        message: 'malformed message id "nope" — ids look like m-01JDX3K9ZQ7W8R2N4V6B… (see `baton inbox`)',
      });
      expect(storeSnapshot(store)).toEqual(before);
    });

    it('on a board that does not exist, an id is no_board and nothing is created', () => {
      const { board, store } = open();
      expect(caught(() => resolveMessageId(board, 'm-01')).code).toBe('no_board');
      expect(store.rootState()).toEqual({ kind: 'missing' });
    });
  });

  describe('pollMessages: claim → show → acknowledge', () => {
    it('delivers each message once, oldest first, in batches of at most max', () => {
      const t = open();
      sendMany(t, 7);
      const first = pollMessages(t.board, 'bob', { max: 5 });
      expect(first.messages.map((m) => m.body)).toEqual(['n0\n', 'n1\n', 'n2\n', 'n3\n', 'n4\n']);
      expect(first.more).toBe(2);
      first.acknowledge();
      const second = pollMessages(t.board, 'bob', { max: 5 });
      expect(second.messages.map((m) => m.body)).toEqual(['n5\n', 'n6\n']);
      second.acknowledge();
      expect(pollMessages(t.board, 'bob').messages).toEqual([]);
      expect(names(t.store, spoolDir(t.board, 'bob', 'new'))).toEqual([]);
      expect(names(t.store, spoolDir(t.board, 'bob', 'claimed'))).toEqual([]);
    });

    it('a held batch is claimed: its messages are unread but not given to anyone else', () => {
      const t = open();
      sendMany(t, 2);
      const held = pollMessages(t.board, 'bob');
      expect(held.messages).toHaveLength(2);
      expect(names(t.store, spoolDir(t.board, 'bob', 'claimed'))).toHaveLength(2);
      expect(unreadIds(t.board, 'bob')).toEqual(held.messages.map((m) => m.id));
      expect(pollMessages(t.board, 'bob').messages).toEqual([]);
      held.acknowledge();
      expect(unreadIds(t.board, 'bob')).toEqual([]);
    });

    it('a cut batch is marked delivered only up to what was shown', () => {
      const t = open();
      sendMany(t, 5);
      pollMessages(t.board, 'bob', { max: 5 }).acknowledge(2);
      expect(pollMessages(t.board, 'bob', { max: 5 }).messages.map((m) => m.body)).toEqual([
        'n2\n',
        'n3\n',
        'n4\n',
      ]);
    });

    it('a released batch is delivered again; settling a batch twice does nothing more', () => {
      const t = open();
      sendMany(t, 2);
      const batch = pollMessages(t.board, 'bob');
      batch.release();
      batch.acknowledge();
      expect(pollMessages(t.board, 'bob').messages).toHaveLength(2);
    });

    it('two pollers holding batches at once never get the same message', () => {
      const t = open();
      sendMany(t, 8);
      const a = pollMessages(t.board, 'bob', { max: 5 });
      const b = pollMessages(t.board, 'bob', { max: 5 });
      const ids = [...a.messages, ...b.messages].map((m) => m.id);
      expect(ids).toHaveLength(8);
      expect(new Set(ids).size).toBe(8);
    });

    it('a poller that claims between another’s listing and its claim: each message goes to exactly one', () => {
      const t = open();
      sendMany(t, 6);
      let other: ReturnType<typeof pollMessages> | undefined;
      // The first poller has listed the queue and reads its first message; meanwhile the second takes three.
      const racing = interleaved(t.store, /\.md$/, () => {
        other = pollMessages(t.board, 'bob', { max: 3 });
      });
      const first = pollMessages(t.reopen({ store: racing }), 'bob', { max: 6 });
      const ids = [...first.messages, ...other!.messages].map((m) => m.id);
      expect(other!.messages).toHaveLength(3);
      expect(first.messages).toHaveLength(3);
      expect(new Set(ids).size).toBe(6);
      first.acknowledge();
      other!.acknowledge();
      expect(unreadIds(t.board, 'bob')).toEqual([]);
    });

    it('a claim that lost the race is no claim', () => {
      const t = open();
      sendMany(t, 1);
      const [id] = queuedIds(t.board, 'bob');
      expect(claimId(t.board, 'bob', id!)).toMatchObject({ id });
      expect(claimId(t.board, 'bob', id!)).toBeUndefined();
    });

    it('a poller that died before acknowledging gets its claims redelivered after the lease', () => {
      const t = open();
      sendMany(t, 1);
      const crashed = pollMessages(t.board, 'bob');
      expect(crashed.messages).toHaveLength(1); // never acknowledged
      expect(pollMessages(t.board, 'bob').messages).toHaveLength(0);
      const claimed = spoolDir(t.board, 'bob', 'claimed');
      for (const name of names(t.store, claimed)) t.store.setMtime(join(claimed, name), 0);
      expect(pollMessages(t.board, 'bob').messages.map((m) => m.body)).toEqual(['n0\n']);
    });

    it('delivers a message that arrives late with an older timestamp', () => {
      const t = open();
      sendMany(t, 1);
      pollMessages(t.board, 'bob').acknowledge();
      // A sender whose clock is an hour behind (or that stalled) writes after the newer one was delivered.
      const behind = t.reopen({ clock: () => t.board.clock() - 3_600_000 });
      sendMessage(behind, { from: 'carol', to: ['bob'], body: 'late' });
      expect(pollMessages(t.board, 'bob').messages.map((m) => m.body)).toEqual(['late\n']);
    });

    it('skips a queued id whose message is not written yet, and drops it once it is clearly orphaned', () => {
      const t = open();
      sendMany(t, 1);
      pollMessages(t.board, 'bob').acknowledge();
      const orphan = newId('m');
      const queue = spoolDir(t.board, 'bob', 'new');
      t.store.touch(join(queue, orphan));
      const early = pollMessages(t.board, 'bob');
      expect(early.messages).toEqual([]);
      expect(early.inFlight).toBe(1);
      expect(names(t.store, queue)).toEqual([orphan]);
      t.store.setMtime(join(queue, orphan), 0);
      expect(pollMessages(t.board, 'bob')).toMatchObject({ messages: [], inFlight: 0 });
      expect(names(t.store, queue)).toEqual([]);
    });

    it('reports a corrupt queued message and still delivers the others', () => {
      const t = open();
      sendMany(t, 2);
      const [first] = listMessages(t.board, { agent: 'bob' }).messages;
      const path = join(t.board.root, 'messages', 'bob', first!.at.slice(0, 10), `${first!.id}.md`);
      t.store.write(path, formatRecord({ id: first!.id }, 'torn'));
      const batch = pollMessages(t.board, 'bob');
      expect(batch.messages.map((m) => m.body)).toEqual(['n1\n']);
      expect(batch.problems).toEqual([{ path, reason: 'missing "from"' }]);
    });

    it('never creates a board', () => {
      const { board, store } = open();
      expect(pollMessages(board, 'bob').messages).toEqual([]);
      expect(redeliver(board, 'bob')).toBe(0);
      expect(store.rootState()).toEqual({ kind: 'missing' });
    });

    it('a bad agent name is refused before anything is read or written', () => {
      const t = open();
      sendMany(t, 1);
      const before = storeSnapshot(t.store);
      expect(caught(() => pollMessages(t.board, '../bob'))).toEqual({
        code: 'invalid_name',
        message: 'invalid agent name "../bob": must not contain path separators',
      });
      expect(caught(() => redeliver(t.board, 'a/b')).code).toBe('invalid_name');
      expect(storeSnapshot(t.store)).toEqual(before);
    });

    it('a folder in place of a queue marker is never claimed: poll neither crashes nor pushes it forever', () => {
      const t = open();
      const { sent } = sendMessage(t.board, { from: 'alice', to: ['bob'], body: 'once' });
      const marker = join(spoolDir(t.board, 'bob', 'new'), sent[0]!.id);
      t.store.remove(marker);
      t.store.write(join(marker, 'x'), '');
      const first = pollMessages(t.board, 'bob');
      expect(first.messages).toEqual([]);
      first.acknowledge();
      redeliver(t.board, 'bob');
      expect(pollMessages(t.board, 'bob').messages).toEqual([]);
      expect(names(t.store, marker)).toEqual(['x']);
    });
  });

  describe('redeliver', () => {
    it('queues delivered messages again, those after an id only, and never one twice', () => {
      const t = open();
      sendMany(t, 3);
      pollMessages(t.board, 'bob').acknowledge();
      const [, second] = listMessages(t.board, { agent: 'bob' }).messages;
      expect(redeliver(t.board, 'bob', { after: second!.id })).toBe(1);
      expect(redeliver(t.board, 'bob')).toBe(2);
      expect(redeliver(t.board, 'bob')).toBe(0);
      expect(pollMessages(t.board, 'bob').messages.map((m) => m.body)).toEqual(['n0\n', 'n1\n', 'n2\n']);
    });
  });
});
