// writeResult: a delegated task's result note — fields and defaults, redaction, status rules, observed artifacts
// winning over reported ones, task trimming, and every bad input refused with nothing written.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { readNote } from '../../../src/core/notes/read.js';
import { RESULT_LIMITS, writeResult } from '../../../src/core/notes/write-result.js';
import { writeSession } from '../../../src/core/sessions/session.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';

const T0 = Date.parse('2026-11-30T12:00:00.000Z');
const DELIVERABLE =
  '# Audit of the login flow\n\nTwo endpoints skip the CSRF check:\n\n- POST /login\n- POST /logout\n';

function setup(env: Record<string, string> = {}) {
  const dir = testdir();
  const project = join(dir, 'proj');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'HEAD'), '0123456789abcdef0123456789abcdef01234567\n');
  const board = openBoard({
    board: join(dir, 'board'),
    cwd: project,
    env,
    home: join(dir, 'home'),
    clock: () => T0,
  });
  return { dir, project, board };
}

/** The delegating session's record. */
function delegating(board: ReturnType<typeof setup>['board'], project: string) {
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

function notesOf(board: ReturnType<typeof setup>['board']): string[] {
  return filesUnder(join(board.root, 'notes'));
}

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
    expect(readFileSync(path, 'utf8').endsWith(`\n---\n${DELIVERABLE}`)).toBe(true);
    // What the reader sees is what the writer returned.
    expect(readNote(board, note.id)).toMatchObject({ kind: 'result', task: note.task, body: DELIVERABLE });
  });

  it('defaults: the current session is the delegating one; title from the task, else the body', () => {
    const { board, project } = setup({ BATON_SESSION: 'sess-parent' });
    delegating(board, project);
    const fromTask = writeResult(board, { body: DELIVERABLE, task: '\n  Audit the login\n flow.\nDetails…' });
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
    expect(readFileSync(path, 'utf8')).not.toContain(token);
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
