// Parsing an agent's reply: exactly one ```board-entry block; every malformed shape gets a problem naming the fix.
import { describe, expect, it } from 'vitest';
import { parseBoardEntryReply } from '../../../src/core/pending/board-entry.js';
import { findFencedBlocks } from '../../../src/core/pending/fenced-blocks.js';

const existing = { creating: false, card: 'c-01ABC' };
const fence = '```';

describe('parseBoardEntryReply', () => {
  it('takes the block out of prose around it', () => {
    const reply = `Sure — here is the entry.\n\n${fence}board-entry\ntype: finding\n---\nThe test reads \`Date.now()\`.\n\nSecond paragraph.\n${fence}\n\nAnything else?`;
    expect(parseBoardEntryReply(reply, existing)).toEqual({
      ok: true,
      entry: { type: 'finding', body: 'The test reads `Date.now()`.\n\nSecond paragraph.' },
    });
  });

  it('reads a title when creating a card, quotes optional', () => {
    const reply = `${fence}board-entry\ntitle: "Flaky login: time"\ntype: note\n---\nbody\n${fence}`;
    expect(parseBoardEntryReply(reply, { creating: true })).toEqual({
      ok: true,
      entry: { title: 'Flaky login: time', type: 'note', body: 'body' },
    });
  });

  it('keeps code blocks inside the entry (nested ```lang, or a four-backtick outer fence)', () => {
    const nested = `${fence}board-entry\ntype: finding\n---\nFix:\n${fence}ts\nvi.useFakeTimers();\n${fence}\nDone.\n${fence}`;
    expect(parseBoardEntryReply(nested, existing)).toEqual({
      ok: true,
      entry: { type: 'finding', body: `Fix:\n${fence}ts\nvi.useFakeTimers();\n${fence}\nDone.` },
    });
    const four = `\`\`\`\`board-entry\ntype: note\n---\n${fence}\nplain\n${fence}\n\`\`\`\``;
    expect(parseBoardEntryReply(four, existing)).toEqual({
      ok: true,
      entry: { type: 'note', body: `${fence}\nplain\n${fence}` },
    });
  });

  it('does not count a board-entry example quoted inside another code block', () => {
    const reply = `Format:\n\`\`\`\`markdown\n${fence}board-entry\ntype: note\n---\nexample\n${fence}\n\`\`\`\`\n${fence}board-entry\ntype: answer\n---\nreal\n${fence}`;
    expect(parseBoardEntryReply(reply, existing)).toEqual({
      ok: true,
      entry: { type: 'answer', body: 'real' },
    });
  });

  it.each([
    [
      'no block',
      'I looked into it; it is the clock.',
      'the reply has no ```board-entry block — reply with exactly one',
    ],
    [
      'a block of another language',
      `${fence}markdown\ntype: note\n---\nx\n${fence}`,
      'the reply has no ```board-entry block — reply with exactly one',
    ],
    [
      'two blocks',
      `${fence}board-entry\ntype: note\n---\na\n${fence}\n${fence}board-entry\ntype: note\n---\nb\n${fence}`,
      'the reply has 2 ```board-entry blocks — reply with exactly one',
    ],
    [
      'an unclosed block',
      `${fence}board-entry\ntype: note\n---\na`,
      'the ```board-entry block is not closed — end it with ``` on its own line',
    ],
    [
      'no --- line',
      `${fence}board-entry\ntype: note\nbody\n${fence}`,
      'the ```board-entry block has no --- line between its header (type:) and the body',
    ],
    [
      'no type',
      `${fence}board-entry\n---\nbody\n${fence}`,
      'the block has no type: line — use one of note, finding, question, answer',
    ],
    [
      'an unknown type',
      `${fence}board-entry\ntype: bug\n---\nbody\n${fence}`,
      'unknown type "bug" — use one of note, finding, question, answer',
    ],
    [
      'an unknown header key',
      `${fence}board-entry\ntype: note\nstatus: done\n---\nbody\n${fence}`,
      'unexpected header line "status: done" — only title: and type: go above ---',
    ],
    [
      'an empty body',
      `${fence}board-entry\ntype: note\n---\n\n   \n${fence}`,
      'the entry body below --- is empty',
    ],
    [
      'a title on an existing card',
      `${fence}board-entry\ntitle: New\ntype: note\n---\nbody\n${fence}`,
      'title: is only for a new card — this entry goes to the existing card c-01ABC; drop the title line',
    ],
  ])('%s → a problem naming the fix', (_name, reply, problem) => {
    expect(parseBoardEntryReply(reply, existing)).toEqual({ ok: false, problem });
  });

  it('a new card needs a title', () => {
    expect(
      parseBoardEntryReply(`${fence}board-entry\ntype: note\n---\nbody\n${fence}`, { creating: true }),
    ).toEqual({
      ok: false,
      problem: 'the block has no title: line — a new card needs a title',
    });
  });
});

describe('findFencedBlocks', () => {
  it('handles CRLF replies and tilde fences', () => {
    expect(findFencedBlocks('~~~board-entry\r\ntype: note\r\n~~~\r\n', 'board-entry')).toEqual([
      { content: 'type: note', line: 1, closed: true },
    ]);
  });
});
