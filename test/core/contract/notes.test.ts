// Handoff notes through the core API, on disk and in memory alike: writing (every field from the session record and
// the checkout, redacted, every bad input refused with nothing written), reading by id or prefix, a broken note read
// degraded. The board lies in a store; the project whose checkout a note records lies on disk either way. Writers
// racing in other processes are a disk's alone: test/core/notes.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard } from '../../../src/core/board/open-board.js';
import { listNotes, readNote } from '../../../src/core/notes/read.js';
import { writeHandoff } from '../../../src/core/notes/write.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { BODY, REVERSED } from '../notes/bodies.js';
import { readText, STORES, storeSnapshot, withProject } from './boards.js';

describe.each(STORES)('%s store', (_name, open) => {
  describe('writeHandoff', () => {
    it('fills every field from the session record and the checkout, and stores the body in canonical order', () => {
      const { board, store, project } = withProject(open, { env: { BATON_SESSION: 'sess-1' } });
      ensureBoard(board);
      writeSession(board, {
        id: 'sess-1',
        harness: 'claude',
        agent: 'claude-3f2a9c',
        cwd: project,
        projectKey: 'my-proj',
        parentSession: 'sess-0',
        startedAt: '2026-11-30T10:00:00.000Z',
        lastSeen: '2026-11-30T10:00:00.000Z',
        transcriptPath: '/t/sess-1.jsonl',
      });
      const { note, path } = writeHandoff(board, {
        body: REVERSED,
        files: ['test/login.spec.ts', join(project, 'src', 'a.ts')],
      });
      expect(path).toBe(join(board.root, 'notes', 'my-proj', `${note.id}.md`));
      expect(note).toMatchObject({
        kind: 'handoff',
        projectKey: 'my-proj',
        session: 'sess-1',
        parentSession: 'sess-0',
        agent: 'claude-3f2a9c',
        harness: 'claude',
        createdAt: '2026-11-30T11:00:00.000Z',
        title: 'Fix the flaky login test.',
        status: 'ok',
        files: ['test/login.spec.ts', 'src/a.ts'],
        provenance: 'curated',
        rev: '0123456',
        transcriptPath: '/t/sess-1.jsonl',
      });
      expect(note.degraded).toBeUndefined();
      expect(readText(store, path).split('\n---\n')[1]).toBe(BODY);
      expect(readNote(board, note.id)).toEqual(note);
    });

    it('without a session, the note is its own session and a person (you) wrote it', () => {
      const { board } = withProject(open);
      const { note } = writeHandoff(board, { body: BODY });
      expect(note).toMatchObject({ session: note.id, parentSession: '', agent: 'you', harness: 'cli' });
    });

    it.each([
      ['a file outside the project', { files: ['../elsewhere/x.ts'] }, 'is outside the project'],
      [
        'an absolute file outside the project',
        { files: ['/etc/passwd'] },
        'file "/etc/passwd" is outside the project',
      ],
      [
        'status degraded',
        { status: 'degraded' },
        'unknown status "degraded" — use ok or error (degraded is set by readers)',
      ],
      [
        'a missing section',
        { body: BODY.replace('## Done\nFroze time per test.\n\n', '') },
        'not a handoff: the section "Done" is missing — nothing was written',
      ],
      ['no body', { body: '  ' }, 'empty handoff — give the six sections'],
      ['a session id with a slash', { session: 'a/b' }, 'invalid session name "a/b"'],
      [
        'an agent that looks like a credential',
        { agent: `ghp_${'a1B2c3D4e5F6g7H8j9K0m1N2p3Q4r5S6t7U8'}` },
        'looks like a credential',
      ],
    ])('refuses %s and writes nothing', (_, options, message) => {
      const { board, store } = withProject(open);
      writeHandoff(board, { body: BODY });
      const before = storeSnapshot(store);
      expect(() => writeHandoff(board, { body: BODY, ...options })).toThrow(message);
      expect(storeSnapshot(store)).toEqual(before);
    });

    it('refuses bad input on a board not made yet without making it', () => {
      const { board, store } = withProject(open);
      expect(() => writeHandoff(board, { body: '' })).toThrow('empty handoff');
      expect(store.rootState()).toEqual({ kind: 'missing' });
    });

    it('redacts secrets in the body, the title and the fields', () => {
      const { board, store } = withProject(open);
      const token = `ghp_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3h2'}`;
      const { note, path, redacted } = writeHandoff(board, {
        body: BODY.replace('Froze time per test.', `Used ${token} to push.`),
        title: `Pushed with ${token}`,
      });
      expect(redacted).toBe(2);
      expect(readText(store, path)).not.toContain(token);
      expect(note.title).toBe('Pushed with [REDACTED:github-token]');
    });
  });

  describe('reading notes', () => {
    it('finds a note by any unique prefix; unknown and ambiguous ids say what to do', () => {
      const { board } = withProject(open);
      const a = writeHandoff(board, { body: BODY }).note;
      board.clock.advance(1);
      writeHandoff(board, { body: BODY });
      expect(readNote(board, a.id.slice(0, 20).toLowerCase()).id).toBe(a.id);
      expect(() => readNote(board, 'n-ZZZZ')).toThrow(
        `no note n-ZZZZ on ${board.root} — list notes with \`baton board --all\``,
      );
      expect(() => readNote(board, 'n-0')).toThrow('note id n-0 is ambiguous: it matches 2 notes');
      expect(() => readNote(board, 'c-01ABC')).toThrow('malformed note id "c-01ABC"');
    });

    it('a broken note is still read: marked degraded, with what could be read', () => {
      const { board, store } = withProject(open);
      const good = writeHandoff(board, { body: BODY }).note;
      const dir = join(board.root, 'notes', good.projectKey);
      const broken = join(dir, 'n-01M8RE00000000000000000000.md');
      store.write(broken, `no front matter\n\n${BODY}`);
      const typed = join(dir, 'n-01M8RE00000000000000000001.md');
      store.write(
        typed,
        `---\nid: n-01M8RE00000000000000000001\nkind: nonsense\nfacts:\n  - a block list (read by the full YAML parser)\nfiles: 42\n---\n${BODY}`,
      );
      const { notes, problems } = listNotes(board);
      const byId = new Map(notes.map((n) => [n.id, n]));
      expect(byId.get(good.id)?.degraded).toBeUndefined();
      expect(byId.get('n-01M8RE00000000000000000000')).toMatchObject({
        status: 'degraded',
        degraded: 'absent: no front matter (the file must start with ---)',
        title: 'Fix the flaky login test.',
      });
      expect(byId.get('n-01M8RE00000000000000000001')).toMatchObject({
        status: 'degraded',
        degraded: 'fields: kind, files',
        kind: 'handoff',
        files: [],
      });
      expect(problems.map((p) => p.path).sort()).toEqual([broken, typed]);
    });

    it('a note that cannot be read at all is corrupt, naming why; a folder in a note’s place is a problem', () => {
      const { board, store } = withProject(open);
      const good = writeHandoff(board, { body: BODY }).note;
      const dir = join(board.root, 'notes', good.projectKey);
      const folder = join(dir, 'n-01M8RE00000000000000000002.md');
      store.ensureFolder(folder);
      expect(listNotes(board).problems).toEqual([
        { path: folder, reason: 'not a note file (notes/<project-key>/n-<id>.md)' },
      ]);
      store.write(good.path, `${readText(store, good.path)}${'x'.repeat(8 * 1024 * 1024)}`);
      expect(() => readNote(board, good.id)).toThrow(
        `cannot read note ${good.id} (${good.path}): larger than 8388608 bytes`,
      );
    });
  });
});
