// Listing notes through the core API, on disk and in memory alike: the front-matter-only read the timeline and the
// index use (the same notes as a whole read, bodies left out, through the derived front-matter cache), degraded notes
// that still come back, the newest notes of a project, and the families lineage builds from what is on the board.
// The caches' own files (hand-edited, deleted, set back in time) and planted links are a disk's: test/core/notes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Board, ensureBoard } from '../../../src/core/board/open-board.js';
import { buildTimeline, type TimelineNode, walkFamily } from '../../../src/core/notes/lineage.js';
import { listNotes, newestNoteFiles, readNote } from '../../../src/core/notes/read.js';
import { writeHandoff } from '../../../src/core/notes/write.js';
import { isLive, listSessions } from '../../../src/core/sessions/live.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { formatRecord } from '../../../src/core/store/front-matter.js';
import { newId } from '../../../src/core/store/ids.js';
import { BODY, bodyWithGoal } from '../notes/bodies.js';
import { sessionRecord } from '../sessions/helpers.js';
import { type ContractBoard, readText, STORES, storeSnapshot } from './boards.js';

const KEY = 'proj';

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

/** Both listings of the project: they must agree on everything but the bodies. */
function both(board: Board) {
  const whole = listNotes(board, { project: KEY });
  const head = listNotes(board, { project: KEY, frontMatterOnly: true });
  return { whole, head };
}

describe.each(STORES)('%s store', (_name, open) => {
  function made(): ContractBoard & { put: (name: string, text: string | Buffer) => string } {
    const t = open();
    ensureBoard(t.board);
    t.store.ensureFolder(join(t.root, 'notes', KEY));
    const put = (name: string, text: string | Buffer) => {
      const path = join(t.root, 'notes', KEY, name);
      t.store.write(path, text);
      return path;
    };
    return { ...t, put };
  }

  describe('listNotes with frontMatterOnly', () => {
    it('gives the same notes and problems as a whole read, with empty bodies', () => {
      const { board } = made();
      const written = [0, 1, 2].map(
        (i) =>
          writeHandoff(board, { body: BODY, session: `sess-${i}`, files: ['a.ts'], title: `T${i}` }).note,
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
      const { board, put } = made();
      const id = newId('n');
      const { title: _, ...untitled } = fields(id);
      put(`${id}.md`, formatRecord(untitled, BODY));
      const { whole, head } = both(board);
      expect(head.notes[0]?.title).toBe('Fix the flaky login test.');
      expect(head.notes).toEqual(whole.notes);
    });

    it('reads whole a note whose front matter does not end in the first 4 KB, or ends in CRLF', () => {
      const { board, put } = made();
      const long = newId('n');
      const files = Array.from({ length: 300 }, (_, i) => `src/deep/folder/file-${i}.ts`);
      put(`${long}.md`, formatRecord(fields(long, { files }), BODY));
      const crlf = newId('n');
      put(`${crlf}.md`, formatRecord(fields(crlf), BODY).replace(/\n/g, '\r\n'));
      const { whole, head } = both(board);
      expect(head.notes).toEqual(whole.notes);
      expect(head.notes[0]?.files).toHaveLength(300);
      expect(head.notes[1]?.title).toBe('A title');
      expect(head.notes[1]?.body).toContain('## Goal');
    });

    it('shows a note without front matter degraded, as the whole read does', () => {
      const { board, put } = made();
      put(`${newId('n')}.md`, BODY);
      const { whole, head } = both(board);
      expect(head.notes).toEqual(whole.notes);
      expect(head.notes[0]?.status).toBe('degraded');
      expect(head.problems).toEqual(whole.problems);
    });

    it('a file that is not UTF-8 is a degraded note and a folder in a note’s place a problem, as the whole read has them', () => {
      const { board, store, root, put } = made();
      const latin = newId('n');
      put(
        `${latin}.md`,
        Buffer.concat([Buffer.from('---\nid: '), Buffer.from([0xff, 0xfe]), Buffer.from('\n---\nbody\n')]),
      );
      store.ensureFolder(join(root, 'notes', KEY, `${newId('n')}.md`));
      const { whole, head } = both(board);
      expect(head.notes).toEqual(whole.notes);
      expect(head.notes.map((n) => [n.id, n.status, n.degraded, n.body])).toEqual([
        [latin, 'degraded', 'absent: the file is not text (UTF-8)', ''],
      ]);
      expect(head.problems).toEqual(whole.problems);
      expect(head.problems.map((p) => p.reason)).toEqual([
        'not a note file (notes/<project-key>/n-<id>.md)',
        'degraded note (absent: the file is not text (UTF-8))',
      ]);
    });

    it('through its cache: an edit at the same size is seen at once (a new file), and so is a removal', () => {
      const { board, store } = made();
      const notes = ['one', 'two', 'three'].map(
        (goal) => writeHandoff(board, { body: bodyWithGoal(goal) }).note,
      );
      const titles = () => listNotes(board, { frontMatterOnly: true }).notes.map((note) => note.title);
      expect(titles()).toEqual(['one', 'two', 'three']);
      expect(store.stat(join(board.root, 'state', 'note-heads', `${notes[0]!.projectKey}.json`)).kind).toBe(
        'file',
      );
      expect(titles()).toEqual(['one', 'two', 'three']);
      store.write(notes[1]!.path, readText(store, notes[1]!.path).replace('title: two', 'title: TWO'));
      expect(titles()).toEqual(['one', 'TWO', 'three']);
      store.remove(notes[0]!.path);
      expect(titles()).toEqual(['TWO', 'three']);
    });
  });

  describe('degraded notes', () => {
    // Ids whose time is 2026-11-30T12:00:00.000Z (01M8P570G0 is that millisecond in Crockford base32).
    const ID = (n: number) => `n-01M8P570G00000000000000${String(n).padStart(3, '0')}`;
    // The board's records: derived state (the front-matter cache under state/) may be written by any reader.
    const records = (t: ContractBoard) =>
      Object.fromEntries(
        Object.entries(storeSnapshot(t.store)).filter(([path]) => !path.startsWith('state/')),
      );

    it('an empty file, a binary file, front matter only and a YAML list each read as a distinct degraded record', () => {
      const t = made();
      const { board, put } = t;
      put(`${ID(1)}.md`, '');
      put(`${ID(2)}.md`, Buffer.from([0x00, 0xff, 0xfe, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]));
      put(`${ID(3)}.md`, `---\nid: ${ID(3)}\nkind: result\nstatus: ok\ntitle: Bare\n---\n`);
      put(`${ID(4)}.md`, `---\n- one\n- two\n---\n${BODY}`);
      const before = records(t);
      const whole = listNotes(board);
      const heads = listNotes(board, { frontMatterOnly: true });
      const shown = (notes: typeof whole.notes) =>
        notes.map((n) => ({
          id: n.id,
          kind: n.kind,
          status: n.status,
          title: n.title,
          degraded: n.degraded,
        }));
      const expected = [
        {
          id: ID(1),
          kind: 'handoff',
          status: 'degraded',
          title: ID(1),
          degraded: 'absent: no front matter (the file must start with ---)',
        },
        {
          id: ID(2),
          kind: 'handoff',
          status: 'degraded',
          title: ID(2),
          degraded: 'absent: the file is not text (UTF-8)',
        },
        {
          id: ID(3),
          kind: 'result',
          status: 'degraded',
          title: 'Bare',
          degraded: 'absent: the note has front matter and no body',
        },
        {
          id: ID(4),
          kind: 'handoff',
          status: 'degraded',
          title: 'Fix the flaky login test.',
          degraded: expect.stringMatching(/^absent: /),
        },
      ];
      expect(shown(whole.notes)).toEqual(expected);
      // The front-matter-only read (the timeline's, the index's) says the same, except the empty body it cannot see.
      expect(shown(heads.notes).filter((n) => n.id !== ID(3))).toEqual(
        expected.filter((n) => n.id !== ID(3)),
      );
      expect(heads.notes.find((n) => n.id === ID(3))?.degraded).toBeUndefined();
      for (const note of whole.notes) expect(note.createdAt).toBe('2026-11-30T12:00:00.000Z');
      expect(readNote(board, ID(2)).body).toBe('');
      expect(whole.problems.map((p) => p.reason)).toEqual([
        'degraded note (absent: no front matter (the file must start with ---))',
        'degraded note (absent: the file is not text (UTF-8))',
        'degraded note (absent: the note has front matter and no body)',
        expect.stringMatching(/^degraded note \(absent: /),
      ]);
      expect(records(t)).toEqual(before);
    });

    it('an older layout (v1) is read with a synthesised summary, never rewritten', () => {
      const t = made();
      const { board, put } = t;
      put(
        `${ID(5)}.md`,
        `---\ntype: result\ntitle: Port the parser\nauthor: alice\ncreated: 2026-10-01T08:00:00Z\n---\n# Summary\nPorted the parser to the new AST; 14 tests green.\n\nDetails follow.\n`,
      );
      put(`${ID(6)}.md`, `---\ntitle: Old handoff\nsummary: Moved to per-test clocks.\n---\n${BODY}`);
      put(`${ID(7)}.md`, `---\ntitle: Old handoff without a summary\n---\n${BODY}`);
      const before = records(t);
      const notes = new Map(listNotes(board).notes.map((n) => [n.id, n]));
      expect(notes.get(ID(5))).toMatchObject({
        kind: 'result',
        status: 'degraded',
        degraded: 'v1: an older layout without a summary; the summary is synthesised from its text',
        title: 'Port the parser',
        agent: 'alice',
        createdAt: '2026-10-01T08:00:00.000Z',
        conclusion: 'Ported the parser to the new AST; 14 tests green.',
      });
      expect(notes.get(ID(6))).toMatchObject({
        kind: 'handoff',
        degraded: expect.stringMatching(/^v1: /),
        conclusion: 'Moved to per-test clocks.',
      });
      expect(notes.get(ID(7))).toMatchObject({
        degraded: expect.stringMatching(/^v1: /),
        conclusion: 'Froze time per test.',
      });
      expect(listNotes(board, { frontMatterOnly: true }).notes.find((n) => n.id === ID(5))?.conclusion).toBe(
        'Ported the parser to the new AST; 14 tests green.',
      );
      expect(records(t)).toEqual(before);
    });
  });

  describe('newestNoteFiles', () => {
    it('gives the newest notes first and their count; a new note is seen at once, a folder in one’s place skipped', () => {
      const { board, store, root, put } = made();
      const add = (at: number) => {
        const id = newId('n', at);
        put(`${id}.md`, `---\nid: ${id}\n---\nx\n`);
        return id;
      };
      const ids = [1, 2, 3, 4].map((n) => add(Date.parse('2026-11-01T00:00:00Z') + n * 1000));
      const newest = () => newestNoteFiles(board, KEY, 3).files.map((f) => f.id);
      expect(newest()).toEqual(ids.slice(1).reverse());
      expect(newestNoteFiles(board, KEY, 3).total).toBe(4);
      const fresh = add(Date.parse('2026-11-02T00:00:00Z'));
      expect(newest()).toEqual([fresh, ids[3], ids[2]]);
      expect(newestNoteFiles(board, KEY, 3).total).toBe(5);
      // A folder in a note's place is a problem, and the next older note takes its place.
      store.ensureFolder(join(root, 'notes', KEY, `${newId('n', Date.parse('2026-11-03T00:00:00Z'))}.md`));
      const problems: { path: string; reason: string }[] = [];
      expect(newestNoteFiles(board, KEY, 3, problems).files.map((f) => f.id)).toEqual([
        fresh,
        ids[3],
        ids[2],
      ]);
      expect(problems.map((p) => p.reason)).toEqual(['not a regular file (a FIFO, socket or device)']);
      expect(newestNoteFiles(board, 'no-such-project', 3)).toEqual({ files: [], total: 0 });
    });
  });

  describe('lineage', () => {
    /** A family as indented lines: `<depth spaces><session>: kind, continued by N, in progress`. */
    const outline = (nodes: TimelineNode[]) =>
      nodes.flatMap((family) =>
        [...walkFamily(family)].map(({ node, depth }) => {
          const name = node.note ? node.note.session : `external ${node.external}`;
          const badges = [
            node.kind,
            node.continuedBy ? `continued by ${node.continuedBy}` : '',
            node.inProgress ? 'in progress' : '',
          ].filter(Boolean);
          return `${'  '.repeat(depth)}${name}: ${badges.join(', ')}`;
        }),
      );

    it('builds the families of the notes on the board, marking the session still live', () => {
      const { board } = made();
      const note = (session: string, parentSession: string) => {
        board.clock.advance(60_000);
        writeHandoff(board, { body: BODY, session, parentSession });
      };
      note('gen1-aaaaaaaa', '');
      note('gen2-bbbbbbbb', 'gen1-aaaaaaaa');
      note('gen3-cccccccc', 'gen2-bbbbbbbb');
      note('lone-ffffffff', '');
      writeSession(board, sessionRecord('gen3-cccccccc', { pid: process.pid }));
      const live = new Set(
        listSessions(board)
          .sessions.filter(isLive)
          .map((s) => s.id),
      );
      const timeline = buildTimeline(listNotes(board, { frontMatterOnly: true }).notes, (s) => live.has(s));
      expect(timeline.problems).toEqual([]);
      expect(outline(timeline.families)).toEqual([
        'lone-ffffffff: main',
        'gen1-aaaaaaaa: main, continued by 1',
        '  gen2-bbbbbbbb: main, continued by 1',
        '    gen3-cccccccc: main, in progress',
      ]);
    });
  });
});
