// Reading a note never fails and never returns nothing: empty, binary, front-matter-only, list-shaped and older
// notes each come back as a usable record, marked degraded — and nothing on disk is rewritten.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { conclusionFromBody } from '../../../src/core/notes/note.js';
import { listNotes, readNote } from '../../../src/core/notes/read.js';
import { snapshot, testdir } from '../../helpers/testdir.js';
import { BODY } from './bodies.js';

const KEY = 'home-me-shop';

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, 'board'), cwd: dir, env: {}, home: join(dir, 'home') });
  ensureBoard(board);
  mkdirSync(join(board.root, 'notes', KEY), { recursive: true });
  return board;
}

// Ids whose time is 2026-11-30T12:00:00.000Z (01M8P570G0 is that millisecond in Crockford base32).
const ID = (n: number) => `n-01M8P570G00000000000000${String(n).padStart(3, '0')}`;

/** The board's records: derived state (the front-matter cache under state/) may be written by any reader. */
function records(root: string): Record<string, string> {
  return Object.fromEntries(Object.entries(snapshot(root)).filter(([path]) => !path.startsWith('state/')));
}

function put(board: ReturnType<typeof setup>, n: number, content: string | Buffer): string {
  writeFileSync(join(board.root, 'notes', KEY, `${ID(n)}.md`), content);
  return ID(n);
}

describe('degraded notes', () => {
  it('an empty file, a binary file, front matter only and a YAML list each read as a distinct degraded record', () => {
    const board = setup();
    const empty = put(board, 1, '');
    const binary = put(board, 2, Buffer.from([0x00, 0xff, 0xfe, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]));
    const onlyHead = put(board, 3, `---\nid: ${ID(3)}\nkind: result\nstatus: ok\ntitle: Bare\n---\n`);
    const list = put(board, 4, `---\n- one\n- two\n---\n${BODY}`);
    const before = records(board.root);
    const whole = listNotes(board);
    const heads = listNotes(board, { frontMatterOnly: true });
    const shown = (notes: typeof whole.notes) =>
      notes.map((n) => ({ id: n.id, kind: n.kind, status: n.status, title: n.title, degraded: n.degraded }));
    const expected = [
      {
        id: empty,
        kind: 'handoff',
        status: 'degraded',
        title: empty,
        degraded: 'absent: no front matter (the file must start with ---)',
      },
      {
        id: binary,
        kind: 'handoff',
        status: 'degraded',
        title: binary,
        degraded: 'absent: the file is not text (UTF-8)',
      },
      {
        id: onlyHead,
        kind: 'result',
        status: 'degraded',
        title: 'Bare',
        degraded: 'absent: the note has front matter and no body',
      },
      {
        id: list,
        kind: 'handoff',
        status: 'degraded',
        title: 'Fix the flaky login test.',
        degraded: expect.stringMatching(/^absent: /),
      },
    ];
    expect(shown(whole.notes)).toEqual(expected);
    // The front-matter-only read (the timeline's, the index's) says the same, except the empty body it cannot see.
    expect(shown(heads.notes).filter((n) => n.id !== onlyHead)).toEqual(
      expected.filter((n) => n.id !== onlyHead),
    );
    expect(heads.notes.find((n) => n.id === onlyHead)?.degraded).toBeUndefined();
    for (const note of whole.notes) expect(note.createdAt).toBe('2026-11-30T12:00:00.000Z');
    expect(readNote(board, binary).body).toBe('');
    expect(whole.problems.map((p) => p.reason)).toEqual([
      'degraded note (absent: no front matter (the file must start with ---))',
      'degraded note (absent: the file is not text (UTF-8))',
      'degraded note (absent: the note has front matter and no body)',
      expect.stringMatching(/^degraded note \(absent: /),
    ]);
    expect(records(board.root)).toEqual(before);
  });

  it('an older layout (v1) is read with a synthesised summary, never rewritten', () => {
    const board = setup();
    const v1 = put(
      board,
      5,
      `---\ntype: result\ntitle: Port the parser\nauthor: alice\ncreated: 2026-10-01T08:00:00Z\n---\n# Summary\nPorted the parser to the new AST; 14 tests green.\n\nDetails follow.\n`,
    );
    const v1Summary = put(
      board,
      6,
      `---\ntitle: Old handoff\nsummary: Moved to per-test clocks.\n---\n${BODY}`,
    );
    const v1Bare = put(board, 7, `---\ntitle: Old handoff without a summary\n---\n${BODY}`);
    const before = records(board.root);
    const notes = new Map(listNotes(board).notes.map((n) => [n.id, n]));
    expect(notes.get(v1)).toMatchObject({
      kind: 'result',
      status: 'degraded',
      degraded: 'v1: an older layout without a summary; the summary is synthesised from its text',
      title: 'Port the parser',
      agent: 'alice',
      createdAt: '2026-10-01T08:00:00.000Z',
      conclusion: 'Ported the parser to the new AST; 14 tests green.',
    });
    expect(notes.get(v1Summary)).toMatchObject({
      kind: 'handoff',
      degraded: expect.stringMatching(/^v1: /),
      conclusion: 'Moved to per-test clocks.',
    });
    expect(notes.get(v1Bare)).toMatchObject({
      degraded: expect.stringMatching(/^v1: /),
      conclusion: 'Froze time per test.',
    });
    expect(listNotes(board, { frontMatterOnly: true }).notes.find((n) => n.id === v1)?.conclusion).toBe(
      'Ported the parser to the new AST; 14 tests green.',
    );
    expect(records(board.root)).toEqual(before);
  });

  it('a note without front matter gets a conclusion from its text', () => {
    expect(conclusionFromBody(BODY)).toBe('Froze time per test.');
    expect(conclusionFromBody('just one line of prose')).toBe('just one line of prose');
    expect(conclusionFromBody('# Only a heading\n')).toBeUndefined();
    expect(conclusionFromBody('x'.repeat(300))).toBe(`${'x'.repeat(199)}…`);
  });
});
