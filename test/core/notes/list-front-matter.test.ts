// listNotes({ frontMatterOnly }): the same notes as a whole read, bodies left out; any note whose front matter
// cannot stand alone (no title, too long, CRLF, broken) is read whole, and unreadable files stay problems.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { listNotes } from '../../../src/core/notes/read.js';
import { writeHandoff } from '../../../src/core/notes/write.js';
import { formatRecord } from '../../../src/core/store/front-matter.js';
import { newId } from '../../../src/core/store/ids.js';
import { testdir } from '../../helpers/testdir.js';
import { BODY } from './bodies.js';

const KEY = 'proj';

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, 'board'), cwd: dir, env: {}, home: join(dir, 'home') });
  ensureBoard(board);
  mkdirSync(join(board.root, 'notes', KEY), { recursive: true });
  return board;
}

function fields(id: string, extra: Record<string, string | string[]> = {}) {
  return {
    id,
    kind: 'handoff',
    projectKey: KEY,
    session: 'sess-1',
    parentSession: '',
    agent: 'alice',
    harness: 'claude',
    createdAt: '2026-11-30T10:00:00.000Z',
    title: 'A title',
    status: 'ok',
    files: [],
    artifacts: [],
    provenance: 'curated',
    ...extra,
  };
}

/** Both listings, bodies set aside: they must agree on everything else. */
function both(board: ReturnType<typeof setup>) {
  const whole = listNotes(board, { project: KEY });
  const head = listNotes(board, { project: KEY, frontMatterOnly: true });
  return { whole, head };
}

describe('listNotes with frontMatterOnly', () => {
  it('gives the same notes and problems as a whole read, with empty bodies', () => {
    const board = setup();
    const written = [0, 1, 2].map(
      (i) => writeHandoff(board, { body: BODY, session: `sess-${i}`, files: ['a.ts'], title: `T${i}` }).note,
    );
    const project = written[0]!.projectKey;
    const whole = listNotes(board, { project });
    const head = listNotes(board, { project, frontMatterOnly: true });
    expect(head.notes).toHaveLength(whole.notes.length);
    expect(whole.notes.map((note) => note.id)).toEqual(written.map((note) => note.id));
    expect(head.notes.map((note) => note.body)).toEqual(whole.notes.map(() => ''));
    expect(head.notes.map((note) => ({ ...note, body: '' }))).toEqual(
      whole.notes.map((note) => ({ ...note, body: '' })),
    );
    expect(head.problems).toEqual(whole.problems);
  });

  it('reads whole a note without a title field (its title comes from the body)', () => {
    const board = setup();
    const id = newId('n');
    const { title: _, ...untitled } = fields(id);
    writeFileSync(join(board.root, 'notes', KEY, `${id}.md`), formatRecord(untitled, BODY));
    const { whole, head } = both(board);
    expect(head.notes[0]?.title).toBe('Fix the flaky login test.');
    expect(head.notes).toEqual(whole.notes);
  });

  it('reads whole a note whose front matter does not end in the first 4 KB, or ends in CRLF', () => {
    const board = setup();
    const long = newId('n');
    const files = Array.from({ length: 300 }, (_, i) => `src/deep/folder/file-${i}.ts`);
    writeFileSync(join(board.root, 'notes', KEY, `${long}.md`), formatRecord(fields(long, { files }), BODY));
    const crlf = newId('n');
    writeFileSync(
      join(board.root, 'notes', KEY, `${crlf}.md`),
      formatRecord(fields(crlf), BODY).replace(/\n/g, '\r\n'),
    );
    const { whole, head } = both(board);
    expect(head.notes).toEqual(whole.notes);
    expect(head.notes[0]?.files).toHaveLength(300);
    expect(head.notes[1]?.title).toBe('A title');
    expect(head.notes[1]?.body).toContain('## Goal');
  });

  it('shows a note without front matter degraded, as the whole read does', () => {
    const board = setup();
    const id = newId('n');
    writeFileSync(join(board.root, 'notes', KEY, `${id}.md`), BODY);
    const { whole, head } = both(board);
    expect(head.notes).toEqual(whole.notes);
    expect(head.notes[0]?.status).toBe('degraded');
    expect(head.problems).toEqual(whole.problems);
  });

  it('reports a symlink; a file that is not UTF-8 is a degraded note, as the whole read has it', () => {
    const board = setup();
    const target = join(board.root, '..', 'elsewhere.md');
    writeFileSync(target, formatRecord(fields('n-x'), BODY));
    const link = newId('n');
    symlinkSync(target, join(board.root, 'notes', KEY, `${link}.md`));
    const latin = newId('n');
    writeFileSync(
      join(board.root, 'notes', KEY, `${latin}.md`),
      Buffer.concat([Buffer.from('---\nid: '), Buffer.from([0xff, 0xfe]), Buffer.from('\n---\nbody\n')]),
    );
    const { whole, head } = both(board);
    expect(head.notes).toEqual(whole.notes);
    expect(head.notes.map((n) => [n.id, n.status, n.degraded, n.body])).toEqual([
      [latin, 'degraded', 'absent: the file is not text (UTF-8)', ''],
    ]);
    expect(head.problems).toEqual(whole.problems);
    expect(head.problems.map((p) => p.reason)).toEqual([
      'is a symlink (not followed: baton follows no link inside the board)',
      'degraded note (absent: the file is not text (UTF-8))',
    ]);
  });
});
