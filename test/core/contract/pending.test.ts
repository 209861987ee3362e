// Two-phase writes through the core API, on disk and in memory alike: request → pending file → commit from a reply;
// the TTL from config.json; malformed replies write nothing.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../src/core/board/config.js';
import { createCard, deleteCard, listCards, readCard } from '../../../src/core/cards/index.js';
import {
  commitPending,
  parseDuration,
  pendingTtl,
  readPending,
  requestCardEntry,
  requestHandoff,
} from '../../../src/core/pending/index.js';
import {
  cleanExpiredPendings,
  listOpenPendings,
  listPendingProblems,
} from '../../../src/core/pending/pending.js';
import { projectKeyOf } from '../../../src/core/sessions/project.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { caught } from '../cards/helpers.js';
import { names, readText, STORES, storeSnapshot, type TestBoard } from './boards.js';

const fence = '```';

function addSession(board: TestBoard, id: string, agent = 'claude-3f2a9c') {
  const at = new Date(board.clock()).toISOString();
  writeSession(board, {
    id,
    harness: 'claude',
    agent,
    cwd: board.cwd,
    projectKey: projectKeyOf(board.cwd),
    parentSession: '',
    startedAt: at,
    lastSeen: at,
  });
}

describe.each(STORES)('%s store', (_name, open) => {
  const testBoard = () => open().board;

  function boardWithSession(id = 'sess-1', agent = 'claude-3f2a9c') {
    const board = testBoard();
    addSession(board, id, agent);
    return board;
  }

  describe('requestCardEntry', () => {
    it('stores the pending write for the latest live session and builds the prompt', () => {
      const board = boardWithSession();
      const { card } = createCard(board, { title: 'Flaky login test', by: 'you' });
      const result = requestCardEntry(board, {
        card: card.id.slice(0, 10),
        intent: 'write down what you found',
        requestedBy: 'you',
      });
      expect(result.pending).toEqual({
        version: 1,
        session: 'sess-1',
        block: 'board-entry',
        target: { kind: 'card-entry', card: card.id, title: 'Flaky login test' },
        intent: 'write down what you found',
        requestedBy: 'you',
        agent: 'claude-3f2a9c',
        createdAt: '2026-11-30T11:00:00.000Z',
        expiresAt: '2026-11-30T11:30:00.000Z',
      });
      expect(result.path).toBe(join(board.root, 'pending', 'sess-1.json'));
      expect(JSON.parse(readText(board.store, result.path))).toEqual(result.pending);
      expect(result.prompt).toBe(
        [
          `Your operator asks you (claude-3f2a9c) to write an entry for the baton card ${card.id} "Flaky login test".`,
          'Request: write down what you found',
          '',
          'Reply with only one fenced ```board-entry block in exactly this shape (type is one of note, finding, question, answer):',
          '',
          '```board-entry',
          'type: finding',
          '---',
          '<the entry, in Markdown>',
          '```',
          '',
          'If the entry contains ``` code blocks, open and close the outer block with ```` (four backticks) instead.',
          'baton writes the block to the board when you reply (this request expires at 2026-11-30T11:30:00.000Z).',
          '',
        ].join('\n'),
      );
    });

    it('asks for a title when the agent is to create the card', () => {
      const board = boardWithSession();
      const { prompt, pending } = requestCardEntry(board, {
        intent: 'summarise the bug',
        requestedBy: 'you',
      });
      expect(pending.target).toEqual({ kind: 'card-new' });
      expect(prompt).toContain('```board-entry\ntitle: <a short title for the card>\ntype: finding\n---\n');
    });

    it('uses the TTL from config.json; "0" never expires; a bad value is reported and the default used', () => {
      const board = boardWithSession();
      board.store.write(join(board.root, 'config.json'), '{"pending": {"ttl": "2h"}}');
      expect(requestCardEntry(board, { intent: 'x', requestedBy: 'you' }).pending.expiresAt).toBe(
        '2026-11-30T13:00:00.000Z',
      );
      board.store.write(join(board.root, 'config.json'), '{"pending": {"ttl": "0"}}');
      expect(requestCardEntry(board, { intent: 'x', requestedBy: 'you' }).pending.expiresAt).toBeUndefined();
      board.store.write(join(board.root, 'config.json'), '{"index": {}}');
      expect(pendingTtl(board)).toBe(30 * 60 * 1000);
      board.store.write(join(board.root, 'config.json'), '{"pending": {"ttl": "soon"}}');
      expect(pendingTtl(board)).toBe(30 * 60 * 1000);
      expect(loadSettings(board).problems).toEqual([
        `${join(board.root, 'config.json')}: pending.ttl "soon" is not a duration — use e.g. "30m", "2h", "30d" or "0" (never expire); the default is used`,
      ]);
      expect([parseDuration('90s'), parseDuration('1.5h'), parseDuration(250), parseDuration('-1m')]).toEqual(
        [90_000, 5_400_000, 250, undefined],
      );
    });

    it('with no live session and no --session: not_found, nothing written', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'x', by: 'you' });
      const before = storeSnapshot(board.store);
      expect(
        caught(() => requestCardEntry(board, { card: card.id, intent: 'x', requestedBy: 'you' })),
      ).toEqual({
        code: 'not_found',
        message: `no live agent session for this project on ${board.root} — start one (its hooks register it), or pass --session <id>`,
      });
      expect(
        caught(() => requestCardEntry(board, { session: 'nope', intent: 'x', requestedBy: 'you' })),
      ).toEqual({
        code: 'not_found',
        message: `no session nope on ${board.root} — check the id, or leave out --session to use the latest live session`,
      });
      expect(storeSnapshot(board.store)).toEqual(before);
    });

    it('refuses to ask for an entry on a malformed card', () => {
      const board = boardWithSession();
      const { card } = createCard(board, { title: 'x', by: 'you' });
      board.store.write(card.path, 'garbage');
      const before = storeSnapshot(board.store);
      expect(
        caught(() => requestCardEntry(board, { card: card.id, intent: 'x', requestedBy: 'you' })).code,
      ).toBe('corrupt');
      expect(storeSnapshot(board.store)).toEqual(before);
    });
  });

  describe('commitPending', () => {
    it('appends the entry from a reply with prose around the block, clears the pending write', () => {
      const board = boardWithSession();
      const { card } = createCard(board, { title: 'Flaky login test', by: 'you' });
      requestCardEntry(board, { card: card.id, intent: 'what did you find?', requestedBy: 'you' });
      board.clock.advance(5 * 60_000);
      const reply = `Looked into it.\n\n${fence}board-entry\ntype: finding\n---\nIt depends on wall-clock time.\n${fence}\n\nLet me know.`;
      const result = commitPending(board, { session: 'sess-1', reply });
      expect(result.status).toBe('committed');
      if (result.status !== 'committed') return;
      expect(result.created).toBe(false);
      expect(result.entry).toMatchObject({
        type: 'finding',
        author: 'claude-3f2a9c',
        body: 'It depends on wall-clock time.',
      });
      expect(readCard(board, card.id).entries).toEqual([result.entry]);
      expect(readPending(board, 'sess-1')).toEqual({ state: 'none' });
      expect(commitPending(board, { session: 'sess-1', reply })).toEqual({
        status: 'none',
        session: 'sess-1',
      });
      expect(readCard(board, card.id).entries).toHaveLength(1);
    });

    it('creates the card with its first entry in one write when asked for a new card', () => {
      const board = boardWithSession();
      requestCardEntry(board, { intent: 'open a card about the flake', requestedBy: 'you' });
      const reply = `${fence}board-entry\ntitle: Flaky login test\ntype: question\n---\nFreeze time globally or per test?\n${fence}`;
      const result = commitPending(board, { session: 'sess-1', reply });
      expect(result.status).toBe('committed');
      if (result.status !== 'committed') return;
      expect(result.created).toBe(true);
      expect(result.card).toMatchObject({
        title: 'Flaky login test',
        createdBy: 'claude-3f2a9c',
        entries: 1,
      });
      const read = readCard(board, result.card.id);
      expect(read.problem).toBeUndefined();
      expect(read.entries).toEqual([result.entry]);
    });

    const malformed: [string, string, string][] = [
      [
        'missing block',
        'I think it is the clock.',
        'the reply has no ```board-entry block — reply with exactly one',
      ],
      [
        'two blocks',
        `${fence}board-entry\ntype: note\n---\na\n${fence}\nand\n${fence}board-entry\ntype: note\n---\nb\n${fence}`,
        'the reply has 2 ```board-entry blocks — reply with exactly one',
      ],
      [
        'unknown type',
        `${fence}board-entry\ntype: bug\n---\nx\n${fence}`,
        'unknown type "bug" — use one of note, finding, question, answer',
      ],
      ['empty body', `${fence}board-entry\ntype: note\n---\n\n${fence}`, 'the entry body below --- is empty'],
      [
        'title on an existing card',
        `${fence}board-entry\ntitle: Other\ntype: note\n---\nx\n${fence}`,
        'title: is only for a new card — this entry goes to the existing card CARD; drop the title line',
      ],
    ];

    it.each(malformed)(
      '%s → rejected with a warning, nothing written, pending kept',
      (_name, reply, warning) => {
        const board = boardWithSession();
        const { card } = createCard(board, { title: 'x', by: 'you' });
        const { pending } = requestCardEntry(board, { card: card.id, intent: 'x', requestedBy: 'you' });
        const before = storeSnapshot(board.store);
        expect(commitPending(board, { session: 'sess-1', reply })).toEqual({
          status: 'rejected',
          session: 'sess-1',
          pending,
          warning: warning.replace('CARD', card.id),
        });
        expect(storeSnapshot(board.store)).toEqual(before);
        expect(readPending(board, 'sess-1')).toEqual({ state: 'open', pending });
      },
    );

    it('a valid block that the card cannot take (too long) is rejected too, pending kept', () => {
      const board = boardWithSession();
      requestCardEntry(board, { intent: 'x', requestedBy: 'you' });
      const before = storeSnapshot(board.store);
      const reply = `${fence}board-entry\ntitle: ${'t'.repeat(300)}\ntype: note\n---\nx\n${fence}`;
      const result = commitPending(board, { session: 'sess-1', reply });
      expect(result).toMatchObject({
        status: 'rejected',
        warning:
          'card title too long: 300 characters (at most 200) — keep the title short and put the detail in an entry',
      });
      expect(storeSnapshot(board.store)).toEqual(before);
      expect(listCards(board).cards).toEqual([]);
    });

    it('a card deleted meanwhile → rejected naming it; an expired pending write is ignored and cleaned', () => {
      const board = boardWithSession();
      const { card } = createCard(board, { title: 'x', by: 'you' });
      requestCardEntry(board, { card: card.id, intent: 'x', requestedBy: 'you' });
      deleteCard(board, card.id);
      const reply = `${fence}board-entry\ntype: note\n---\nx\n${fence}`;
      expect(commitPending(board, { session: 'sess-1', reply })).toMatchObject({
        status: 'rejected',
        warning: `no card ${card.id} on ${board.root} — list cards with \`baton card list\``,
      });
      board.clock.advance(30 * 60_000);
      const result = commitPending(board, { session: 'sess-1', reply });
      expect(result).toMatchObject({ status: 'none', session: 'sess-1', expired: { session: 'sess-1' } });
      expect(names(board.store, join(board.root, 'pending'))).toEqual([]);
    });

    it('a new request replaces the open one; expired ones of other sessions are cleaned on request', () => {
      const board = boardWithSession();
      addSession(board, 'sess-2');
      const { card } = createCard(board, { title: 'x', by: 'you' });
      const first = requestCardEntry(board, {
        session: 'sess-1',
        card: card.id,
        intent: 'one',
        requestedBy: 'you',
      });
      const second = requestCardEntry(board, {
        session: 'sess-1',
        card: card.id,
        intent: 'two',
        requestedBy: 'you',
      });
      expect(second.replaced).toEqual(first.pending);
      requestCardEntry(board, { session: 'sess-2', card: card.id, intent: 'other', requestedBy: 'you' });
      board.clock.advance(31 * 60_000);
      const third = requestCardEntry(board, {
        session: 'sess-1',
        card: card.id,
        intent: 'three',
        requestedBy: 'you',
      });
      expect(third.replaced).toBeUndefined();
      expect(readPending(board, 'sess-1')).toMatchObject({ state: 'open', pending: { intent: 'three' } });
      expect(names(board.store, join(board.root, 'pending'))).toEqual(['sess-1.json']);
    });

    it('no pending folder at all → none, nothing created', () => {
      const board = boardWithSession();
      const before = storeSnapshot(board.store);
      expect(commitPending(board, { session: 'sess-1', reply: 'x' })).toEqual({
        status: 'none',
        session: 'sess-1',
      });
      expect(storeSnapshot(board.store)).toEqual(before);
    });
  });

  describe('hand-edited and handoff pending writes', () => {
    it('a pending file that is not one is read as corrupt, refused by commit naming it, listed, and left in place', () => {
      const board = boardWithSession();
      addSession(board, 'sess-2');
      requestCardEntry(board, { session: 'sess-2', intent: 'x', requestedBy: 'you' });
      const broken = join(board.root, 'pending', 'sess-1.json');
      board.store.write(broken, '{"version": 1, "session": "sess-1"}');
      board.store.write(join(board.root, 'pending', 'notes.txt'), 'x');
      board.store.ensureFolder(join(board.root, 'pending', 'dir.json'));
      const before = storeSnapshot(board.store);
      expect(readPending(board, 'sess-1')).toEqual({
        state: 'corrupt',
        path: broken,
        reason: 'not a pending write (bad JSON or wrong session)',
      });
      expect(caught(() => commitPending(board, { session: 'sess-1', reply: 'x' }))).toEqual({
        code: 'corrupt',
        message: `pending write ${broken} is unreadable (not a pending write (bad JSON or wrong session)) — remove it`,
      });
      expect(listOpenPendings(board).map((p) => p.session)).toEqual(['sess-2']);
      expect(listPendingProblems(board).map((p) => [p.path.slice(board.root.length + 1), p.reason])).toEqual(
        expect.arrayContaining([
          [
            'pending/sess-1.json',
            'not a pending write (bad JSON, or its session does not match the file name)',
          ],
          ['pending/notes.txt', 'not a pending write (pending/<session>.json)'],
          ['pending/dir.json', 'is not a regular file'],
        ]),
      );
      expect(listPendingProblems(board)).toHaveLength(3);
      expect(storeSnapshot(board.store)).toEqual(before);
      // Expired ones go; the corrupt one and the folder stay.
      board.clock.advance(31 * 60_000);
      expect(cleanExpiredPendings(board)).toBe(1);
      expect(names(board.store, join(board.root, 'pending'))).toEqual([
        'dir.json',
        'notes.txt',
        'sess-1.json',
      ]);
    });

    it('a handoff asked of a session is written as its note from the reply, and the pending write cleared', () => {
      const board = boardWithSession();
      const { prompt } = requestHandoff(board, { intent: 'the parser work', requestedBy: 'you' });
      expect(prompt).toContain('```handoff');
      const sections = [
        '## Goal\nPort the parser.',
        '## Done\nThe lexer.',
        '## State and open questions\nGreen.',
        '## Decisions and rejected options\nNo regexes.',
        '## Pitfalls and blockers\nNone.',
        '## Next steps and read-first list\nThe grammar.',
      ].join('\n\n');
      const result = commitPending(board, {
        session: 'sess-1',
        reply: `Here.\n\n${fence}handoff\n${sections}\n${fence}\n`,
      });
      expect(result.status).toBe('noted');
      if (result.status !== 'noted') return;
      expect(result.note).toMatchObject({
        session: 'sess-1',
        agent: 'claude-3f2a9c',
        title: 'Port the parser.',
      });
      expect(readText(board.store, result.path)).toContain('## Next steps and read-first list\nThe grammar.');
      expect(readPending(board, 'sess-1')).toEqual({ state: 'none' });
    });
  });
});
