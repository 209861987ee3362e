// Cards through the core API, on disk and in memory alike: create, list, read, append, delete — and every bad input
// leaves the board as it was. A cards folder that is a link, and 20 processes appending at once, are disk-only
// (test/core/cards, test/cli/card.test.ts).
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpenBoardOptions } from '../../../src/core/board/open-board.js';
import { appendEntry, createCard, deleteCard, listCards, readCard } from '../../../src/core/cards/index.js';
import { caught } from '../cards/helpers.js';
import { readText, STORES, storeSnapshot } from './boards.js';

describe.each(STORES)('%s store', (_name, open) => {
  const testBoard = (options?: OpenBoardOptions) => open(options).board;

  describe('createCard', () => {
    it('writes one Markdown file named after the id and a slug of the title', () => {
      const board = testBoard();
      const { card, redacted } = createCard(board, { title: 'Flaky login test', by: 'you' });
      expect(redacted).toBe(0);
      expect(card).toMatchObject({
        title: 'Flaky login test',
        slug: 'flaky-login-test',
        createdBy: 'you',
        createdAt: '2026-11-30T11:00:00.000Z',
        lastActivity: '2026-11-30T11:00:00.000Z',
        entries: 0,
      });
      expect(card.id).toMatch(/^c-[0-9A-Z]{26}$/);
      expect(basename(card.path)).toBe(`${card.id}-flaky-login-test.md`);
      expect(readText(board.store, card.path)).toBe(
        `---\nid: ${card.id}\ntitle: Flaky login test\ncreated_by: you\ncreated_at: 2026-11-30T11:00:00.000Z\n---\n`,
      );
    });

    it('gives an emoji-only title the fallback slug "card" and keeps the title as written', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: '🔥🚀', by: 'you' });
      expect(basename(card.path)).toBe(`${card.id}-card.md`);
      expect(readCard(board, card.id).card.title).toBe('🔥🚀');
    });

    it('folds accents and keeps a CJK title readable in the file', () => {
      const board = testBoard();
      expect(createCard(board, { title: 'Café crème — été', by: 'you' }).card.slug).toBe('cafe-creme-ete');
      const { card } = createCard(board, { title: '登录测试不稳定', by: 'you' });
      expect(card.slug).toBe('card');
      expect(readText(board.store, card.path)).toContain('title: "登录测试不稳定"');
      expect(readCard(board, card.id).card.title).toBe('登录测试不稳定');
    });

    it('cuts a long slug at a word boundary', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'word '.repeat(39).trim(), by: 'you' });
      expect(card.slug.length).toBeLessThanOrEqual(60);
      expect(card.slug).toMatch(/^word(-word)*$/);
    });

    it('redacts the title before it becomes the file name', () => {
      const board = testBoard({
        redact: (text) => ({
          text: text.replaceAll('hunter2', '[REDACTED:password]'),
          count: text.includes('hunter2') ? 1 : 0,
          kinds: text.includes('hunter2') ? ['password'] : [],
        }),
      });
      const { card, redacted } = createCard(board, { title: 'login with hunter2 fails', by: 'you' });
      expect(redacted).toBe(1);
      expect(card.title).toBe('login with [REDACTED:password] fails');
      expect(card.path).not.toContain('hunter2');
      expect(readText(board.store, card.path)).not.toContain('hunter2');
    });

    it.each([
      [
        'a 10,000-character title',
        'x'.repeat(10_000),
        'too_large',
        'card title too long: 10000 characters (at most 200) — keep the title short and put the detail in an entry',
      ],
      ['a blank title', '   ', 'invalid_input', 'empty card title — pass one: baton card new "<title>"'],
      ['a two-line title', 'one\ntwo', 'invalid_input', 'card title must be one line'],
      [
        'a title with a control character',
        'bell\u0007',
        'invalid_input',
        'card title must not contain control characters',
      ],
    ])('refuses %s and writes nothing (not even the board)', (_name, title, code, message) => {
      const board = testBoard();
      expect(caught(() => createCard(board, { title, by: 'you' }))).toEqual({ code, message });
      expect(board.store.rootState()).toEqual({ kind: 'missing' });
      expect(storeSnapshot(board.store)).toEqual({});
    });

    it('refuses a bad author name and writes nothing', () => {
      const board = testBoard();
      createCard(board, { title: 'existing', by: 'you' });
      const before = storeSnapshot(board.store);
      expect(caught(() => createCard(board, { title: 'x', by: '../evil' }))).toEqual({
        code: 'invalid_name',
        message: 'invalid agent name "../evil": must not contain path separators',
      });
      expect(storeSnapshot(board.store)).toEqual(before);
    });
  });

  describe('finding a card by id', () => {
    it('accepts the full id, a prefix, the id without c-, lower case, and the file name', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'Only card', by: 'you' });
      for (const ref of [
        card.id,
        card.id.slice(0, 8),
        card.id.slice(2, 10),
        card.id.toLowerCase(),
        basename(card.path),
      ]) {
        expect(readCard(board, ref).card.id).toBe(card.id);
      }
    });

    it('an unknown id is not_found, naming the board and `baton card list`', () => {
      const board = testBoard();
      createCard(board, { title: 'Only card', by: 'you' });
      const before = storeSnapshot(board.store);
      const unknown = 'c-00000000000000000000000000';
      const expected = {
        code: 'not_found',
        message: `no card ${unknown} on ${board.root} — list cards with \`baton card list\``,
      };
      expect(caught(() => readCard(board, unknown))).toEqual(expected);
      expect(caught(() => appendEntry(board, unknown, { type: 'note', author: 'you', body: 'x' }))).toEqual(
        expected,
      );
      expect(caught(() => deleteCard(board, unknown))).toEqual(expected);
      expect(storeSnapshot(board.store)).toEqual(before);
    });

    it('an ambiguous prefix lists the candidates and writes nothing', () => {
      const board = testBoard();
      const a = createCard(board, { title: 'First', by: 'you' }).card;
      const b = createCard(board, { title: 'Second', by: 'you' }).card;
      // Same millisecond: the ids share the time part.
      const prefix = a.id.slice(0, 12);
      const before = storeSnapshot(board.store);
      const expected = {
        code: 'ambiguous',
        message: `card id ${prefix} is ambiguous: it matches 2 cards: ${a.id} (first), ${b.id} (second) — give more of the id`,
      };
      expect(caught(() => readCard(board, prefix))).toEqual(expected);
      expect(caught(() => appendEntry(board, prefix, { type: 'note', author: 'you', body: 'x' }))).toEqual(
        expected,
      );
      expect(caught(() => deleteCard(board, prefix))).toEqual(expected);
      expect(storeSnapshot(board.store)).toEqual(before);
    });

    it('a malformed id (path tricks) is invalid_input', () => {
      const board = testBoard();
      createCard(board, { title: 'x', by: 'you' });
      expect(caught(() => readCard(board, '../../etc/passwd'))).toEqual({
        code: 'invalid_input',
        message:
          'malformed card id "../../etc/passwd" — card ids look like c-01JDX4K9ZQ… (see `baton card list`)',
      });
    });

    it('on a board that does not exist yet, an id is not_found and nothing is created', () => {
      const board = testBoard();
      expect(caught(() => readCard(board, 'c-01')).code).toBe('not_found');
      expect(caught(() => appendEntry(board, 'c-01', { type: 'note', author: 'you', body: 'x' })).code).toBe(
        'not_found',
      );
      expect(board.store.rootState()).toEqual({ kind: 'missing' });
    });
  });

  describe('appendEntry', () => {
    it('appends entries with time-ordered ids, in file order, readable with cat', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'Flaky login test', by: 'you' });
      board.clock.advance(60_000);
      const first = appendEntry(board, card.id, {
        type: 'finding',
        author: 'claude-3f2a9c',
        body: '\n\nThe test depends on wall-clock time; see `test/login.spec.ts:40`.\n\n  ',
      });
      board.clock.advance(60_000);
      const second = appendEntry(board, card.id, {
        type: 'question',
        author: 'codex-77b1',
        body: 'Should we freeze time globally or per test?',
      });
      expect(first.entry.body).toBe('The test depends on wall-clock time; see `test/login.spec.ts:40`.');
      expect(second.entry.id > first.entry.id).toBe(true);
      expect(second.card).toMatchObject({ entries: 2, lastActivity: '2026-11-30T11:02:00.000Z' });
      const text = readText(board.store, card.path);
      expect(text).toBe(
        [
          '---',
          `id: ${card.id}`,
          'title: Flaky login test',
          'created_by: you',
          'created_at: 2026-11-30T11:00:00.000Z',
          '---',
          '',
          `### ${first.entry.id} · finding · claude-3f2a9c · 2026-11-30T11:01:00.000Z`,
          '',
          'The test depends on wall-clock time; see `test/login.spec.ts:40`.',
          '',
          `### ${second.entry.id} · question · codex-77b1 · 2026-11-30T11:02:00.000Z`,
          '',
          'Should we freeze time globally or per test?',
          '',
        ].join('\n'),
      );
      const read = readCard(board, card.id);
      expect(read.text).toBe(text);
      expect(read.problem).toBeUndefined();
      expect(read.entries).toEqual([first.entry, second.entry]);
    });

    it('a body line that looks like an entry heading does not split the entry and reads back identical', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'Quoting', by: 'you' });
      const other = appendEntry(board, card.id, { type: 'note', author: 'you', body: 'first' }).entry;
      const body = [
        'I copied this from another card:',
        `### ${other.id} · answer · alice · 2026-11-30T11:05:00.000Z`,
        '### e-not-even-an-id',
        `\\### ${other.id} · note · bob · 2026-11-30T11:05:00.000Z`,
        '\\\\### e-two backslashes',
        '```',
        '### e-inside a code fence',
        '```',
        'end.',
      ].join('\n');
      const { entry } = appendEntry(board, card.id, { type: 'finding', author: 'alice', body });
      const read = readCard(board, card.id);
      expect(read.problem).toBeUndefined();
      expect(read.entries).toHaveLength(2);
      expect(read.entries[1]).toEqual(entry);
      expect(read.entries[1]!.body).toBe(body);
      // On disk each such line carries one more backslash, so only real headings start with `### e-`.
      const headings = read.text.split('\n').filter((line) => line.startsWith('### e-'));
      expect(headings).toHaveLength(2);
      expect(read.text).toContain(`\n\\### ${other.id} · answer · alice`);
      expect(read.text).toContain('\n\\\\\\### e-two backslashes');
      // And the next append still works and lands after it.
      appendEntry(board, card.id, { type: 'answer', author: 'bob', body: 'ok' });
      expect(readCard(board, card.id).entries.map((e) => e.body)).toEqual(['first', body, 'ok']);
    });

    it('redacts the body and reports the count', () => {
      const board = testBoard({
        redact: (text) => {
          const count = text.split('AKIAIOSFODNN7EXAMPLE').length - 1;
          return {
            text: text.replaceAll('AKIAIOSFODNN7EXAMPLE', '[REDACTED:aws-key]'),
            count,
            kinds: count ? ['aws-key'] : [],
          };
        },
      });
      const { card } = createCard(board, { title: 'keys', by: 'you' });
      const result = appendEntry(board, card.id, {
        type: 'finding',
        author: 'you',
        body: 'key AKIAIOSFODNN7EXAMPLE leaked',
      });
      expect(result.redacted).toBe(1);
      expect(readText(board.store, card.path)).not.toContain('AKIAIOSFODNN7EXAMPLE');
      expect(result.entry.body).toBe('key [REDACTED:aws-key] leaked');
    });

    it('two writers appending in turn (one with a clock an hour behind) keep every entry, file order = id order', () => {
      const t = open();
      const { card } = createCard(t.board, { title: 'Shared', by: 'you' });
      const behind = t.reopen({ clock: () => t.board.clock() - 3_600_000 });
      for (let i = 0; i < 6; i++) {
        t.board.clock.advance(1000);
        appendEntry(i % 2 ? behind : t.board, card.id, {
          type: 'note',
          author: `agent-${i}`,
          body: `entry ${i}`,
        });
      }
      const { entries, text } = readCard(t.board, card.id);
      expect(entries.map((e) => e.body)).toEqual(Array.from({ length: 6 }, (_, i) => `entry ${i}`));
      expect(entries.map((e) => e.id)).toEqual(entries.map((e) => e.id).sort());
      expect(text.split('\n').filter((line) => line.startsWith('### e-'))).toHaveLength(6);
    });

    it('keeps ids increasing even when the clock steps back', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'clock', by: 'you' });
      const a = appendEntry(board, card.id, { type: 'note', author: 'you', body: 'a' }).entry;
      board.clock.advance(-3_600_000);
      const b = appendEntry(board, card.id, { type: 'note', author: 'you', body: 'b' }).entry;
      expect(b.id > a.id).toBe(true);
    });

    it.each([
      [
        'an unknown type',
        { type: 'bug', author: 'you', body: 'x' },
        'invalid_input',
        'unknown entry type "bug" — use one of note, finding, question, answer',
      ],
      [
        'an empty body',
        { type: 'note', author: 'you', body: ' \n\t\n' },
        'invalid_input',
        'empty entry body — pass --body <text> or pipe it on stdin',
      ],
      [
        'a 20,001-character body',
        { type: 'note', author: 'you', body: 'y'.repeat(20_001) },
        'too_large',
        'entry body too long: 20001 characters (at most 20000) — split it into several entries',
      ],
      [
        'a bad author',
        { type: 'note', author: 'a b', body: 'x' },
        'invalid_name',
        'invalid agent name "a b": may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@")',
      ],
    ])('refuses %s and writes nothing', (_name, options, code, message) => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'x', by: 'you' });
      const before = storeSnapshot(board.store);
      expect(caught(() => appendEntry(board, card.id, options))).toEqual({ code, message });
      expect(storeSnapshot(board.store)).toEqual(before);
    });
  });

  describe('a card edited by hand into something malformed', () => {
    const broken: [string, (text: string) => string, string][] = [
      [
        'unclosed front matter',
        (t) => t.replace(/\n---\n/, '\n'),
        'front matter: front matter is not closed by ---',
      ],
      [
        'no front matter',
        (t) => t.replace(/^---\n/, ''),
        'front matter: no front matter (the file must start with ---)',
      ],
      ['a mangled entry heading', (t) => t.replace(' · finding · ', ' - finding - '), 'line 8: "### e-'],
      ['an unknown type in a heading', (t) => t.replace(' · finding · ', ' · bug · '), 'unknown type "bug"'],
      [
        'an id that does not match the file name',
        (t) => t.replace(/^id: c-/m, 'id: c-X'),
        'does not match the file name',
      ],
    ];

    it.each(broken)(
      '%s: read verbatim works, write refuses, file unchanged, list reports it',
      (_name, edit, reason) => {
        const board = testBoard();
        const good = createCard(board, { title: 'Healthy', by: 'you' }).card;
        const { card } = createCard(board, { title: 'Broken', by: 'you' });
        appendEntry(board, card.id, { type: 'finding', author: 'alice', body: 'it flakes' });
        const text = edit(readText(board.store, card.path));
        board.store.write(card.path, text);
        const before = storeSnapshot(board.store);

        const read = readCard(board, card.id);
        expect(read.text).toBe(text);
        expect(read.card.id).toBe(card.id);
        expect(read.problem).toContain(reason);

        const error = caught(() =>
          appendEntry(board, card.id, { type: 'note', author: 'you', body: 'more' }),
        );
        expect(error.code).toBe('corrupt');
        expect(error.message).toBe(
          `card ${card.id} is malformed (${read.problem}) — nothing was written; fix ${card.path} by hand or start a new card`,
        );
        expect(readText(board.store, card.path)).toBe(text);
        expect(storeSnapshot(board.store)).toEqual(before);

        const list = listCards(board);
        expect(list.cards.map((c) => c.id)).toEqual([good.id]);
        expect(list.problems).toEqual([{ path: card.path, reason: read.problem }]);
      },
    );

    it('a person may add a note above the first entry: that is not malformed', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'Annotated', by: 'you' });
      board.store.write(
        card.path,
        `${readText(board.store, card.path)}\nContext: see the CI run from Monday.\n`,
      );
      const entry = appendEntry(board, card.id, { type: 'note', author: 'you', body: 'ok' }).entry;
      const read = readCard(board, card.id);
      expect(read.problem).toBeUndefined();
      expect(read.entries).toEqual([entry]);
      expect(read.text).toContain('\nContext: see the CI run from Monday.\n\n### e-');
    });

    it('a file without a final newline gets one before the appended entry', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'No newline', by: 'you' });
      appendEntry(board, card.id, { type: 'note', author: 'you', body: 'one' });
      board.store.write(card.path, readText(board.store, card.path).replace(/\n$/, ''));
      appendEntry(board, card.id, { type: 'note', author: 'you', body: 'two' });
      expect(readCard(board, card.id).entries.map((e) => e.body)).toEqual(['one', 'two']);
    });
  });

  describe('listCards', () => {
    it('lists newest activity first with entry counts, and reports stray files without failing', () => {
      const board = testBoard();
      const old = createCard(board, { title: 'Old but active', by: 'you' }).card;
      board.clock.advance(1000);
      const fresh = createCard(board, { title: 'Fresh', by: 'alice' }).card;
      board.clock.advance(1000);
      appendEntry(board, old.id, { type: 'note', author: 'you', body: 'bump' });
      board.store.write(join(board.root, 'cards', 'notes.txt'), 'stray');
      board.store.write(join(board.root, 'cards', `.${basename(old.path)}.123.abcd.baton-tmp`), 'temp');
      board.store.ensureFolder(join(board.root, 'cards', `${basename(old.path)}.lock`));
      const { cards, problems } = listCards(board);
      expect(cards.map((c) => [c.title, c.entries, c.lastActivity])).toEqual([
        ['Old but active', 1, '2026-11-30T11:00:02.000Z'],
        ['Fresh', 0, '2026-11-30T11:00:01.000Z'],
      ]);
      expect(problems).toEqual([
        {
          path: join(board.root, 'cards', 'notes.txt'),
          reason: 'not a card file (cards are cards/c-<id>-<slug>.md)',
        },
      ]);
      expect(fresh.createdBy).toBe('alice');
    });

    it('is empty (and creates nothing) when the board has no cards folder', () => {
      const board = testBoard();
      expect(listCards(board)).toEqual({ cards: [], problems: [] });
      expect(board.store.rootState()).toEqual({ kind: 'missing' });
    });
  });

  describe('deleteCard', () => {
    it('removes exactly that card, even a malformed one', () => {
      const board = testBoard();
      const keep = createCard(board, { title: 'Keep', by: 'you' }).card;
      const drop = createCard(board, { title: 'Drop', by: 'you' }).card;
      board.store.write(drop.path, 'not a card at all');
      const deleted = deleteCard(board, drop.id);
      expect(deleted.id).toBe(drop.id);
      expect(listCards(board)).toEqual({ cards: [keep], problems: [] });
    });
  });

  describe('cards on a hostile board', () => {
    it('a junk c-<id>-x.md beside a good card does not make the good one ambiguous', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'Good', by: 'you' });
      const junk = join(board.root, 'cards', `${card.id}-x.md`);
      board.store.write(junk, 'not a card');
      expect(readCard(board, card.id.slice(0, 8)).card.path).toBe(card.path);
      expect(
        appendEntry(board, card.id, { type: 'note', author: 'you', body: 'still works' }).card.entries,
      ).toBe(1);
      expect(listCards(board).problems.map((p) => p.path)).toEqual([junk]);
      // Two well-formed files with one id: neither is picked silently.
      board.store.write(junk, readText(board.store, card.path));
      expect(caught(() => readCard(board, card.id))).toEqual({
        code: 'conflict',
        message: `2 files carry card id ${card.id}: ${[card.path, junk].sort().join(', ')} — keep one and move the others away`,
      });
    });

    it('a heading-like line after \\r, U+2028 or U+2029 reads back byte for byte (no stray backslash)', () => {
      const board = testBoard();
      const { card } = createCard(board, { title: 'Bytes', by: 'you' });
      const body =
        'one\r### e-01ABCDEFGHJKMNPQRSTVWXYZ0 · note · x · y\u2028### e-x\u2029### e-y\n### e-z\nend';
      appendEntry(board, card.id, { type: 'note', author: 'you', body });
      const [entry] = readCard(board, card.id).entries;
      expect(entry?.body).toBe(body);
      expect(readText(board.store, card.path)).toContain('\n\\### e-z\n');
    });

    it('an author name that looks like a credential is refused, and nothing is written', () => {
      const board = testBoard();
      const token = `ghp_${'A1b2C3d4E5f6G7h8J9k0L1m2N3p4Q5r6S7t8'}`;
      const { card } = createCard(board, { title: 'T', by: 'you' });
      const before = storeSnapshot(board.store);
      expect(caught(() => createCard(board, { title: 'T', by: token })).message).toBe(
        'invalid agent name: it looks like a credential (github-token) — pick another name',
      );
      expect(caught(() => appendEntry(board, card.id, { type: 'note', author: token, body: 'x' })).code).toBe(
        'invalid_name',
      );
      expect(storeSnapshot(board.store)).toEqual(before);
    });
  });
});
