// The search index: what it finds and in which order, fan-outs once, snippets that keep Markdown's lines, the places
// of matched words, hostile files skipped, and only changed files read again.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../src/core/board/open-board.js';
import { appendEntry, createCard } from '../../../src/core/cards/index.js';
import { sendMessage } from '../../../src/core/messages/send.js';
import { writeHandoff } from '../../../src/core/notes/write.js';
import { writeResult } from '../../../src/core/notes/write-result.js';
import { TEXT_CHARS } from '../../../src/core/search/documents.js';
import { type SearchHit, SearchIndex } from '../../../src/core/search/search-index.js';
import { LINE_CHARS } from '../../../src/core/search/snippet.js';
import { snapshot, testBoard } from '../cards/helpers.js';

const SECTIONS = {
  goal: 'Make the login test stable.',
  done: '- froze time per test\n- removed the retry',
  state: 'Suite green 20/20 runs.',
  decisions: 'Per test, not global.',
  pitfalls: '`vi.useFakeTimers` leaks between files.',
  next: 'Read test/login.spec.ts first.',
};

function handoff(board: Board, title: string, sections: Partial<typeof SECTIONS> = {}, session = title) {
  // The fake clock moves between writes, so ids and times are ordered.
  (board as Board & { clock: { advance(ms: number): void } }).clock.advance(1_000);
  return writeHandoff(board, {
    sections: { ...SECTIONS, ...sections },
    title,
    session: `s-${session.replace(/\W+/g, '-')}`,
    parentSession: '',
    agent: 'alice',
    harness: 'claude',
    currentSession: false,
  }).note;
}

function built(board: Board): SearchIndex {
  const index = new SearchIndex();
  index.refresh(board);
  return index;
}

/** What each hit's ranges mark, as text. */
function marked(hit: SearchHit): { title: string[]; snippet: string[] } {
  return {
    title: hit.ranges.title.map(([start, end]) => hit.title.slice(start, end)),
    snippet: hit.ranges.snippet.map(([start, end]) => hit.snippet.slice(start, end)),
  };
}

describe('finding', () => {
  it('every word must match; a title match ranks above a text match; prefixes and one typo match', () => {
    const board = testBoard();
    const inText = handoff(board, 'Clock work', { state: 'The zebra crossing is flaky.' });
    const inTitle = handoff(board, 'Zebra crossing repaint');
    handoff(board, 'Only a zebra here');
    const index = built(board);
    expect(index.search('zebra crossing').hits.map((hit) => hit.id)).toEqual([inTitle.id, inText.id]);
    expect(index.search('zebr').hits.map((hit) => hit.id)).toHaveLength(3);
    expect(
      index
        .search('crosing')
        .hits.map((hit) => hit.id)
        .sort(),
    ).toEqual([inText.id, inTitle.id].sort());
    expect(index.search('zebra nowhere').hits).toEqual([]);
    // Too short for a typo: "zebru" is one letter off but has five letters; "lgin" has four, so no typo for it.
    expect(index.search('lgin').total).toBe(0);
    expect(index.search('!!! ...').hits).toEqual([]);
  });

  it('finds notes, results, cards and messages; --type and project narrow it; names are searched', () => {
    const board = testBoard();
    const note = handoff(board, 'Paint the zebra');
    const result = writeResult(board, {
      body: '## Findings\n\nThe zebra paint dries in an hour.\n',
      task: 'How long does zebra paint take?',
      parentSession: '',
      agent: 'carol',
      harness: 'codex',
      currentSession: false,
    }).note;
    const { card } = createCard(board, { title: 'Road markings', as: 'dave' });
    appendEntry(board, card.id, { type: 'finding', as: 'erin', body: 'The zebra paint is worn.' });
    const message = sendMessage(board, { from: 'alice', to: 'bob', body: 'A zebra, again.' }).sent[0]!;
    const index = built(board);
    const types = (query: string, options = {}) =>
      index
        .search(query, options)
        .hits.map((hit) => `${hit.type}:${hit.id}`)
        .sort();
    expect(types('zebra')).toEqual(
      [`note:${note.id}`, `result:${result.id}`, `card:${card.id}`, `message:${message.id}`].sort(),
    );
    expect(types('zebra', { types: ['card', 'result'] })).toEqual(
      [`result:${result.id}`, `card:${card.id}`].sort(),
    );
    expect(types('zebra', { projects: [note.projectKey] })).toEqual(
      [`note:${note.id}`, `result:${result.id}`].sort(),
    );
    expect(types('zebra', { projects: ['another-project'] })).toEqual([]);
    expect(types('erin')).toEqual([`card:${card.id}`]);
    expect(types('codex')).toEqual([`result:${result.id}`]);
    expect(types('bob zebra')).toEqual([`message:${message.id}`]);
    const hit = index.search('zebra', { types: ['result'] }).hits[0]!;
    expect(hit).toMatchObject({
      type: 'result',
      id: result.id,
      project: result.projectKey,
      at: result.createdAt,
    });
  });

  it('a fan-out is one message to all its recipients, found once', () => {
    const board = testBoard();
    const sent = sendMessage(board, {
      from: 'alice',
      to: ['bob', 'carol', 'dave'],
      body: 'Standup moved.',
    }).sent;
    expect(sent).toHaveLength(3);
    const { hits, total } = built(board).search('standup');
    expect(total).toBe(1);
    // As the mail view shows it: the copies in id order.
    const copies = [...sent].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(hits[0]).toMatchObject({
      type: 'message',
      id: copies[0]!.id,
      title: `alice → ${copies.map((copy) => copy.to).join(', ')}`,
    });
  });

  it('limit keeps the best; total counts them all', () => {
    const board = testBoard();
    for (let i = 0; i < 5; i++) handoff(board, `Walrus ${i}`);
    const answer = built(board).search('walrus', { limit: 2 });
    expect(answer.hits).toHaveLength(2);
    expect(answer.total).toBe(5);
  });
});

describe('snippets and highlights', () => {
  it('keeps the heading above the match, bullets and code spans as written; marks the matched words', () => {
    const board = testBoard();
    handoff(board, 'Timers', {
      pitfalls:
        'Some context first.\n\n- `vi.useFakeTimers` leaks the Zebra clock between files\n- another bullet',
    });
    const hit = built(board).search('zebra clock').hits[0]!;
    expect(hit.snippet).toBe(
      'Some context first.\n- `vi.useFakeTimers` leaks the Zebra clock between files\n- another bullet',
    );
    expect(marked(hit)).toEqual({ title: [], snippet: ['Zebra', 'clock'] });
  });

  it('a heading just above is kept; matched words in the title are marked too', () => {
    const board = testBoard();
    handoff(board, 'Zebra walk', { pitfalls: 'The zebra bites.' });
    const hit = built(board).search('zebra').hits[0]!;
    expect(hit.snippet).toBe('## Pitfalls and blockers\nThe zebra bites.');
    expect(marked(hit)).toEqual({ title: ['Zebra'], snippet: ['zebra'] });
  });

  it('a long line is cut around the match, keeping its bullet; HTML and code fences are left out', () => {
    const board = testBoard();
    const long = `- ${'word '.repeat(100)}the ocelot sleeps ${'more '.repeat(100)}`;
    handoff(board, 'Cats', {
      state: `<div onclick="x()">held</div>\n\`\`\`js\n${long}\n\`\`\`\n<!-- hidden -->`,
    });
    const hit = built(board).search('ocelot').hits[0]!;
    const line = hit.snippet.split('\n').find((l) => l.includes('ocelot'))!;
    expect(line.startsWith('- …')).toBe(true);
    expect(line.endsWith('…')).toBe(true);
    expect(line.length).toBeLessThanOrEqual(LINE_CHARS);
    expect(hit.snippet).not.toMatch(/<|```|hidden/);
    expect(hit.snippet.split('\n')[0]).toBe('held');
    expect(marked(hit).snippet).toEqual(['ocelot']);
  });

  it('when only the title matches, the snippet is the start of the text; CJK words match by character', () => {
    const board = testBoard();
    handoff(board, 'Giraffe', { goal: 'First line.' });
    handoff(board, '登录测试不稳定', { goal: '修复登录测试。' });
    const index = built(board);
    expect(index.search('giraffe').hits[0]!.snippet).toBe('## Goal\nFirst line.');
    const cjk = index.search('登录').hits[0]!;
    expect(marked(cjk)).toEqual({ title: ['登录'], snippet: ['登录'] });
  });
});

describe('hostile and huge files', () => {
  it('links, FIFOs, binary and broken files are skipped and reported; the rest is found; nothing is written', () => {
    const board = testBoard();
    const good = handoff(board, 'Good zebra');
    const dir = join(board.root, 'notes', good.projectKey);
    writeFileSync(join(dir, 'n-01JDX60000000000000000000A.md'), Buffer.from([0xff, 0xfe, 0x00, 0x7a]));
    symlinkSync('/etc/passwd', join(dir, 'n-01JDX60000000000000000000B.md'));
    execFileSync('mkfifo', [join(dir, 'n-01JDX60000000000000000000C.md')]);
    writeFileSync(
      join(dir, 'n-01JDX60000000000000000000D.md'),
      '---\ntitle: [unclosed\n---\nzebra in a broken note',
    );
    mkdirSync(join(board.root, 'cards'), { recursive: true });
    writeFileSync(
      join(board.root, 'cards', 'c-01JDX60000000000000000000E-x.md'),
      'zebra without front matter',
    );
    const mailbox = join(board.root, 'messages', 'bob', '2026-11-30');
    mkdirSync(mailbox, { recursive: true });
    writeFileSync(join(mailbox, 'm-01JDX60000000000000000000F.md'), '---\nfrom: [\n---\nzebra');
    const before = snapshot(board.root);
    const index = new SearchIndex();
    const report = index.refresh(board);
    expect(snapshot(board.root)).toEqual(before);
    const found = index.search('zebra').hits.map((hit) => hit.id);
    expect(found).toContain(good.id);
    // The broken note is shown on the timeline (degraded), so it is searchable; the rest is not.
    expect(found.sort()).toEqual([good.id, 'n-01JDX60000000000000000000D'].sort());
    const reasons = report.problems.map((p) => `${p.path.slice(board.root.length)}: ${p.reason}`).join('\n');
    expect(reasons).toContain('n-01JDX60000000000000000000B.md');
    expect(reasons).toContain('n-01JDX60000000000000000000C.md');
    expect(reasons).toContain('c-01JDX60000000000000000000E-x.md');
    expect(reasons).toContain('m-01JDX60000000000000000000F.md');
  });

  it('a huge result is indexed up to its cap: a word past it is not found, one before it is', () => {
    const board = testBoard();
    const filler = `${'lorem ipsum dolor sit amet\n'.repeat(Math.ceil((TEXT_CHARS * 2) / 27))}`;
    writeResult(board, {
      body: `early pangolin\n${filler}late narwhal\n`,
      task: 'A very long deliverable',
      parentSession: '',
      agent: 'carol',
      currentSession: false,
    });
    const index = built(board);
    expect(index.search('pangolin').total).toBe(1);
    expect(index.search('narwhal').total).toBe(0);
  });
});

describe('kept current', () => {
  it('reads only what changed: a new note, an edited card, a removed message', () => {
    const board = testBoard();
    handoff(board, 'First');
    const { card } = createCard(board, { title: 'Lanes', as: 'dave' });
    const message = sendMessage(board, { from: 'alice', to: 'bob', body: 'Heron sighted.' }).sent[0]!;
    const index = built(board);
    expect(index.refresh(board).read).toBe(0);

    const second = handoff(board, 'Second', { goal: 'Catch the kingfisher.' });
    expect(index.refresh(board)).toMatchObject({ read: 1, removed: 0 });
    expect(index.search('kingfisher').hits.map((hit) => hit.id)).toEqual([second.id]);

    appendEntry(board, card.id, { type: 'finding', as: 'erin', body: 'A kingfisher nests here.' });
    expect(index.refresh(board, ['cards'])).toMatchObject({ read: 1, removed: 0 });
    expect(
      index
        .search('kingfisher')
        .hits.map((hit) => hit.type)
        .sort(),
    ).toEqual(['card', 'note']);

    expect(index.search('heron').total).toBe(1);
    rmSync(join(board.root, 'messages', 'bob'), { recursive: true });
    expect(index.refresh(board, ['messages'])).toMatchObject({ read: 0, removed: 1 });
    expect(index.search('heron').total).toBe(0);
    void message;

    rmSync(second.path);
    expect(index.refresh(board)).toMatchObject({ read: 0, removed: 1 });
    expect(index.search('kingfisher').hits.map((hit) => hit.type)).toEqual(['card']);
  });

  it('one copy of a fan-out removed: the message stays, to the others', () => {
    const board = testBoard();
    const sent = sendMessage(board, { from: 'alice', to: ['bob', 'carol'], body: 'Otter spotted.' }).sent;
    const index = built(board);
    const bobs = sent.find((copy) => copy.to === 'bob')!;
    rmSync(join(board.root, 'messages', 'bob'), { recursive: true });
    index.refresh(board, ['messages']);
    const { hits } = index.search('otter');
    expect(hits).toHaveLength(1);
    expect(hits[0]!.title).toBe('alice → carol');
    expect(hits[0]!.id).toBe(sent.find((copy) => copy !== bobs)!.id);
  });
});
