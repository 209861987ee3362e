// Result notes through the core API, on disk and in memory alike: a delegated task's result — fields and defaults,
// redaction, status rules, observed artifacts winning over reported ones, task trimming, every bad input refused with
// nothing written — and a long deliverable: whole (redacted) up to RESULT_LIMITS.bodyBytes, listed from its front
// matter and read back whole; past it, the head with the full size and where the whole is, never nothing.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Board, ensureBoard } from '../../../src/core/board/open-board.js';
import { NOTE_LIMITS } from '../../../src/core/notes/note.js';
import { listNotes, readNote } from '../../../src/core/notes/read.js';
import { RESULT_LIMITS, writeResult } from '../../../src/core/notes/write-result.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { fakeClock } from '../cards/helpers.js';
import { readText, STORES, storeSnapshot, withProject } from './boards.js';

const T0 = Date.parse('2026-11-30T12:00:00.000Z');
const DELIVERABLE =
  '# Audit of the login flow\n\nTwo endpoints skip the CSRF check:\n\n- POST /login\n- POST /logout\n';

/** The delegating session's record. */
function delegating(board: Board, project: string) {
  ensureBoard(board);
  writeSession(board, {
    id: 'sess-parent',
    harness: 'claude',
    agent: 'claude-3f2a9c',
    cwd: project,
    projectKey: 'my-proj',
    parentSession: 'sess-grandparent',
    startedAt: '2026-11-30T10:00:00.000Z',
    lastSeen: '2026-11-30T10:00:00.000Z',
  });
}

/** The message of what `run` throws ('' when it throws nothing). */
function thrownBy(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

/** The note files on the board (relative paths). */
function notesOf(board: Board): string[] {
  return Object.keys(storeSnapshot(board.store, join(board.root, 'notes'))).filter(
    (path) => !path.endsWith('/'),
  );
}

const MIB = 1024 * 1024;
const TOKEN = `ghp_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3h2'}`;
const TRANSCRIPT = '/home/me/.claude/projects/shop/3f2a9c11/subagents/agent-a485154.jsonl';

/**
 * A deliverable of exactly `size` UTF-8 bytes: numbered Markdown lines (some with non-ASCII text), a token in the
 * middle, padded to the byte.
 */
function deliverable(size: number): string {
  const lines: string[] = ['# Audit of the session code', ''];
  let bytes = Buffer.byteLength(lines.join('\n')) + 1;
  for (let n = 0; bytes < size / 2; n++) {
    const line = `- finding ${n}: expiry compared local time with UTC — 过期时间比较错误 (src/server/session.ts:${n})`;
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  lines.push(`Pushed the fix with ${TOKEN} by mistake; rotate it.`);
  const prose = 'prose '.repeat(12).trimEnd();
  const start = `${lines.join('\n')}\n`;
  const count = Math.floor((size - Buffer.byteLength(start) - 80) / (prose.length + 1));
  const text = start + `${prose}\n`.repeat(count);
  return `${text}${'x'.repeat(size - Buffer.byteLength(text) - 1)}\n`;
}

const redacted = (text: string) => text.replace(TOKEN, '[REDACTED:github-token]');

describe.each(STORES)('%s store', (_name, open) => {
  const setup = (env: Record<string, string> = {}) => withProject(open, { env, clock: fakeClock(T0) });
  const large = () => open();

  describe('writeResult', () => {
    it('stores the full deliverable as the body and the summary in front matter', () => {
      const { board, project } = setup();
      delegating(board, project);
      const { note, path, redacted, droppedArtifacts } = writeResult(board, {
        body: DELIVERABLE,
        title: 'Login audit',
        conclusion: '  Two endpoints skip the CSRF check.  ',
        facts: ['POST /login has no token check', '  ', 'POST /logout  neither'],
        artifacts: ['docs/audit.md'],
        task: 'Audit the login flow for CSRF',
        session: 'agent-a485154',
        parentSession: 'sess-parent',
        files: [join(project, 'src', 'login.ts')],
      });
      expect(path).toBe(join(board.root, 'notes', 'my-proj', `${note.id}.md`));
      expect(note).toMatchObject({
        kind: 'result',
        projectKey: 'my-proj',
        session: 'agent-a485154',
        parentSession: 'sess-parent',
        agent: 'claude-3f2a9c',
        harness: 'claude',
        createdAt: '2026-11-30T12:00:00.000Z',
        title: 'Login audit',
        status: 'ok',
        conclusion: 'Two endpoints skip the CSRF check.',
        facts: ['POST /login has no token check', 'POST /logout neither'],
        artifacts: ['docs/audit.md'],
        files: ['src/login.ts'],
        task: 'Audit the login flow for CSRF',
        provenance: 'curated',
        // The checkout's revision, as a handoff records it (one origin for every note).
        rev: '0123456',
        body: DELIVERABLE,
      });
      expect(note.degraded).toBeUndefined();
      expect({ redacted, droppedArtifacts }).toEqual({ redacted: 0, droppedArtifacts: [] });
      expect(readText(board.store, path).endsWith(`\n---\n${DELIVERABLE}`)).toBe(true);
      // What the reader sees is what the writer returned.
      expect(readNote(board, note.id)).toMatchObject({ kind: 'result', task: note.task, body: DELIVERABLE });
    });

    it('defaults: the current session is the delegating one; title from the task, else the body', () => {
      const { board, project } = setup({ BATON_SESSION: 'sess-parent' });
      delegating(board, project);
      const fromTask = writeResult(board, {
        body: DELIVERABLE,
        task: '\n  Audit the login\n flow.\nDetails…',
      });
      expect(fromTask.note).toMatchObject({
        session: fromTask.note.id,
        parentSession: 'sess-parent',
        agent: 'claude-3f2a9c',
        harness: 'claude',
        projectKey: 'my-proj',
        title: 'Audit the login',
        task: 'Audit the login flow. Details…',
        status: 'ok',
        artifacts: [],
        facts: [],
      });
      expect(fromTask.note.conclusion).toBeUndefined();
      const fromBody = writeResult(board, { body: DELIVERABLE });
      expect(fromBody.note.title).toBe('Audit of the login flow');
      expect(fromBody.note.task).toBeUndefined();
    });

    it('with no session anywhere: its own session, first of its line, written by you from the cli', () => {
      const { board } = setup();
      const { note } = writeResult(board, { body: 'done' });
      expect(note).toMatchObject({ session: note.id, parentSession: '', agent: 'you', harness: 'cli' });
    });

    it('a recorded session given explicitly supplies its own parent and agent', () => {
      const { board, project } = setup({ BATON_SESSION: 'sess-parent' });
      delegating(board, project);
      const { note } = writeResult(board, { body: 'x', session: 'sess-parent' });
      expect(note).toMatchObject({ session: 'sess-parent', parentSession: 'sess-grandparent' });
    });

    it('redacts a secret in the body, the task and the facts before storing', () => {
      const { board } = setup();
      const token = `ghp_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3h2'}`;
      const { note, path, redacted, redactedKinds } = writeResult(board, {
        body: `Pushed with ${token}\n`,
        task: `push using ${token}`,
        facts: [`token ${token}`],
      });
      expect(readText(board.store, path)).not.toContain(token);
      expect(note.body).toBe('Pushed with [REDACTED:github-token]\n');
      expect(note.task).toBe('push using [REDACTED:github-token]');
      expect(note.facts).toEqual(['token [REDACTED:github-token]']);
      expect(redacted).toBe(4); // body, task, fact, and the title taken from the task
      expect(redactedKinds).toEqual(['github-token']);
    });

    it('status error is kept (the caller says the delegation failed)', () => {
      const { board } = setup();
      expect(writeResult(board, { body: 'timed out after 3 retries', status: 'error' }).note.status).toBe(
        'error',
      );
    });

    it('observed artifacts win: reported ones the system did not see are dropped and returned', () => {
      const { board } = setup();
      const { note, droppedArtifacts } = writeResult(board, {
        body: 'wrote the spec',
        artifacts: ['docs/spec.md', 'docs/imagined.md', 'docs/spec.md'],
        observedArtifacts: ['docs/spec.md', 'src/cli.ts', 'src/cli.ts'],
      });
      expect(note.artifacts).toEqual(['docs/spec.md', 'src/cli.ts']);
      expect(droppedArtifacts).toEqual(['docs/imagined.md']);
      // Observed and empty: the system saw nothing, so nothing reported stands.
      const none = writeResult(board, { body: 'x', artifacts: ['a.md'], observedArtifacts: [] });
      expect(none.note.artifacts).toEqual([]);
      expect(none.droppedArtifacts).toEqual(['a.md']);
    });

    it('trims a long task to 500 characters ending in …', () => {
      const { board } = setup();
      const task = `${'word '.repeat(200)}END`;
      const { note } = writeResult(board, { body: 'x', task, title: 'T' });
      expect([...(note.task ?? '')]).toHaveLength(RESULT_LIMITS.taskChars);
      expect(note.task?.endsWith('…')).toBe(true);
      expect(note.task?.startsWith('word word')).toBe(true);
      expect(note.task).not.toContain('END');
    });

    it('every write gets its own file, whatever the title', () => {
      const { board } = setup();
      const paths = new Set(
        Array.from({ length: 20 }, () => writeResult(board, { body: 'same', title: 'Same title' }).path),
      );
      expect(paths.size).toBe(20);
      expect(notesOf(board)).toHaveLength(20);
    });

    describe('bad input writes nothing', () => {
      const cases: [string, Record<string, unknown>, string][] = [
        [
          'an empty body',
          { body: '' },
          'empty result — nothing was written: give the full deliverable on stdin or with --file (an abandoned delegation writes no note)',
        ],
        [
          'a whitespace body',
          { body: ' \n\t\n' },
          'empty result — nothing was written: give the full deliverable on stdin or with --file (an abandoned delegation writes no note)',
        ],
        [
          'status degraded',
          { status: 'degraded' },
          'unknown status "degraded" — use ok or error (degraded is set by readers)',
        ],
        [
          'status paused',
          { status: 'paused' },
          'unknown status "paused" — use ok or error (degraded is set by readers)',
        ],
        [
          'too many facts',
          { facts: Array.from({ length: 21 }, (_, i) => `fact ${i}`) },
          'too many facts: 21 (at most 20) — facts are short and droppable; put the rest in the body. Nothing was written',
        ],
        [
          'a long fact',
          { facts: ['x'.repeat(301)] },
          `fact too long: 301 characters (at most 300) — "${'x'.repeat(40)}…"; put the detail in the body. Nothing was written`,
        ],
        [
          'a long conclusion',
          { conclusion: 'c'.repeat(1001) },
          'conclusion too long: 1001 characters (at most 1000) — the body holds the full text. Nothing was written',
        ],
        [
          'an artifact with a control character',
          { artifacts: ['a\u0007b'] },
          'artifact "a\\u0007b" has control characters — nothing was written',
        ],
        [
          'a bad parent session',
          { parentSession: '../x' },
          'invalid session name "../x": must not contain path separators',
        ],
        ['an empty title', { title: '   ' }, 'empty title'],
        [
          'a file outside the project',
          { files: ['/etc/passwd'] },
          'file "/etc/passwd" is outside the project <project> — list files of this project only; nothing was written',
        ],
      ];
      it.each(cases)('%s', (_name, options, message) => {
        const { board, project } = setup();
        expect(thrownBy(() => writeResult(board, { body: 'deliverable', ...options } as never))).toBe(
          message.replace('<project>', project),
        );
        expect(notesOf(board)).toEqual([]);
      });
    });
  });

  describe('writeResult: a long deliverable', () => {
    it(`keeps ${RESULT_LIMITS.bodyBytes} bytes whole (redacted); lists it from its front matter and reads it whole`, () => {
      const { board } = large();
      const body = deliverable(RESULT_LIMITS.bodyBytes);
      expect(Buffer.byteLength(body)).toBe(4 * MIB);
      const result = writeResult(board, { body, task: 'Audit the session code', transcriptPath: TRANSCRIPT });
      expect(result.cut).toBeUndefined();
      expect(result.redactedKinds).toEqual(['github-token']);
      const stored = readText(board.store, result.path);
      expect(stored).not.toContain(TOKEN);
      expect(result.note.body).toBe(redacted(body));
      expect(result.note).toMatchObject({ status: 'ok', title: 'Audit the session code' });
      expect(result.note.truncated).toBeUndefined();
      const read = readNote(board, result.note.id);
      expect(read.body).toBe(redacted(body));
      expect(read.degraded).toBeUndefined();
      const listed = listNotes(board, { frontMatterOnly: true });
      expect(listed.problems).toEqual([]);
      expect(listed.notes.map((note) => [note.id, note.title, note.body])).toEqual([
        [result.note.id, 'Audit the session code', ''],
      ]);
    });

    it('past the limit, keeps the head, the full size and the transcript — in the body and the front matter', () => {
      const { board } = large();
      const body = deliverable(5 * MIB + 3);
      const result = writeResult(board, { body, transcriptPath: TRANSCRIPT });
      const bytes = Buffer.from(body);
      const keptBytes = bytes.lastIndexOf(0x0a, RESULT_LIMITS.bodyBytes - 1) + 1;
      const head = bytes.toString('utf8', 0, keptBytes);
      expect(keptBytes).toBeLessThanOrEqual(RESULT_LIMITS.bodyBytes);
      expect(keptBytes).toBeGreaterThan(RESULT_LIMITS.bodyBytes - 100);
      expect(result.cut).toEqual({
        fullBytes: 5 * MIB + 3,
        keptBytes,
        reason: 'size',
        wholeAt: `the transcript ${TRANSCRIPT}`,
      });
      const notice = `\n\n---\n\n**[baton] This result was cut to its head.** The deliverable was ${(5 * MIB + 3).toLocaleString('en-US')} bytes, more than the 4,194,304 bytes (4 MiB) a result note keeps whole, so only its first ${keptBytes.toLocaleString('en-US')} bytes are above. The whole deliverable is in the transcript ${TRANSCRIPT}.\n`;
      const read = readNote(board, result.note.id);
      expect(read.body).toBe(redacted(head) + notice);
      expect(read).toMatchObject({
        status: 'degraded',
        truncated: true,
        fullBytes: 5 * MIB + 3,
        transcriptPath: TRANSCRIPT,
        title: 'Audit of the session code',
      });
      expect(read.degraded).toBeUndefined();
      const stored = readText(board.store, result.path);
      expect(stored).toContain(`\nstatus: degraded\ntruncated: true\nfullBytes: ${5 * MIB + 3}\n`);
      expect(listNotes(board, { frontMatterOnly: true }).problems).toEqual([]);
    });

    it('one byte over is cut too; an error result stays error; a file named by the caller is where the whole is', () => {
      const { board } = large();
      const body = deliverable(RESULT_LIMITS.bodyBytes + 1);
      const result = writeResult(board, { body, status: 'error', wholeAt: '/home/me/out/audit.md' });
      expect(result.note).toMatchObject({
        status: 'error',
        truncated: true,
        fullBytes: RESULT_LIMITS.bodyBytes + 1,
      });
      expect(result.note.body.endsWith('The whole deliverable is in /home/me/out/audit.md.\n')).toBe(true);
      const unnamed = writeResult(board, { body });
      expect(unnamed.note.body.endsWith(' bytes are above. baton kept no copy of the rest.\n')).toBe(true);
    });

    it('a body that redaction lengthens past a note file keeps the head of its redacted text', () => {
      const { board } = large();
      // Every value is a password: each marker is longer than what it hides (the body grows 2.2×, past 8 MiB).
      const body = 'password=Zq8!xK2v '.repeat(Math.floor(RESULT_LIMITS.bodyBytes / 18));
      const result = writeResult(board, { body, transcriptPath: TRANSCRIPT });
      expect(result.cut).toMatchObject({ fullBytes: Buffer.byteLength(body), reason: 'redaction' });
      expect(result.redacted).toBeGreaterThan(200_000);
      expect(board.store.stat(result.path).size).toBeLessThanOrEqual(NOTE_LIMITS.fileBytes);
      const read = readNote(board, result.note.id);
      expect(read.body).not.toContain('Zq8!xK2v');
      expect(read.body.startsWith('password=[REDACTED:')).toBe(true);
      expect(read.body).toContain('grew past what a note file holds once its credentials were redacted');
      expect(read).toMatchObject({ status: 'degraded', truncated: true, fullBytes: Buffer.byteLength(body) });
    });

    it('a note file that would be longer than readers open is refused, and nothing is written', () => {
      const { board } = large();
      const notes = () => notesOf(board);
      // 500 artifacts of 4,096 four-byte characters: 8 MB of front matter, with the files over the 8 MiB a reader opens.
      const artifacts = Array.from(
        { length: 500 },
        (_, i) => `${'😀'.repeat(4093)}${String(i).padStart(3, '0')}`,
      );
      const files = Array.from({ length: 500 }, (_, i) => `src/${'deep/'.repeat(100)}${i}.ts`);
      let message = '';
      try {
        writeResult(board, { body: 'the deliverable', artifacts, files });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(
        /^n-[0-9A-HJKMNP-TV-Z]{26}\.md would be \d+ bytes once redacted, more than the 8388608 its readers open — nothing was written$/,
      );
      expect(Number(/would be (\d+)/.exec(message)?.[1])).toBeGreaterThan(NOTE_LIMITS.fileBytes);
      expect(notes()).toEqual([]);
    });
  });
});
