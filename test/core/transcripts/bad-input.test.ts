// Transcripts that are not transcripts are refused with a clear error and nothing written; damaged ones (unknown
// line types, broken or overlong lines, a cut-off last line) are read around, and what was skipped is counted.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSession } from '../../../src/core/sessions/session.js';
import { draftHandoff } from '../../../src/core/transcripts/draft.js';
import { KNOWN_FORMATS, readTranscript } from '../../../src/core/transcripts/read-transcript.js';
import { snapshot } from '../../helpers/testdir.js';
import { draft, fixture, jsonl, project } from './helpers.js';

const SMALL = fixture('claude', '4c2ddfdc-b619-4525-8d03-1950fb1b0257.jsonl');
const REFUSED = 'not a transcript; nothing was written';

describe('refused transcripts (nothing written)', () => {
  const cases: [string, (dir: string) => string, (path: string) => string][] = [
    ['an empty file', (dir) => write(dir, 'empty.jsonl', ''), (path) => `${path} is empty — ${REFUSED}`],
    [
      'blank lines only',
      (dir) => write(dir, 'blank.jsonl', '\n\n  \n'),
      (path) => `${path} is empty (blank lines only) — ${REFUSED}`,
    ],
    [
      'plain text (not JSONL)',
      (dir) => write(dir, 'notes.txt', '# My notes\n\nnot json at all\n'),
      (path) => `${path} is not JSONL (its first line is not a JSON object) — ${REFUSED}`,
    ],
    [
      'pretty-printed JSON (not JSONL)',
      (dir) => write(dir, 'pretty.json', '{\n  "sessionId": "x",\n  "messages": []\n}\n'),
      (path) => `${path} is not JSONL (its first line is not a JSON object) — ${REFUSED}`,
    ],
    [
      'one line of text without a newline',
      (dir) => write(dir, 'one.txt', 'hello'),
      (path) => `${path} is not JSONL (its only line is not a JSON object) — ${REFUSED}`,
    ],
    [
      'a binary file',
      (dir) => {
        const path = join(dir, 'image.png');
        writeFileSync(
          path,
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
        );
        return path;
      },
      (path) => `${path} is binary (it holds NUL bytes) — ${REFUSED}`,
    ],
    [
      'JSONL of another shape',
      (dir) =>
        jsonl(dir, 'events.jsonl', [
          { event: 'click', at: 1 },
          { event: 'scroll', at: 2 },
        ]),
      unknownShape,
    ],
    [
      'JSONL of another shape, longer than the lines read to recognise a format',
      (dir) =>
        jsonl(
          dir,
          'log.jsonl',
          Array.from({ length: 200 }, (_, i) => ({ level: 'info', msg: `line ${i}` })),
        ),
      unknownShape,
    ],
    [
      'a JSON object with a type no harness writes',
      (dir) => jsonl(dir, 'other.jsonl', [{ type: 'checkpoint', id: 'x' }]),
      unknownShape,
    ],
  ];

  it.each(cases)('%s', async (_name, make, message) => {
    const { dir, board } = project();
    const path = make(dir);
    const before = snapshot(dir);
    await expect(draftHandoff(board, { transcript: path })).rejects.toMatchObject({
      code: 'invalid_input',
      message: message(path),
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it('a missing file', async () => {
    const { dir, board } = project();
    const before = snapshot(dir);
    const path = join(dir, 'gone.jsonl');
    await expect(draftHandoff(board, { transcript: path })).rejects.toMatchObject({
      code: 'not_found',
      message: `no transcript at ${path} — check the path; nothing was written`,
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it('a folder', async () => {
    const { dir, board } = project();
    const path = join(dir, 'sessions.jsonl');
    mkdirSync(path);
    const before = snapshot(dir);
    await expect(draftHandoff(board, { transcript: path })).rejects.toMatchObject({
      code: 'invalid_input',
      message: `${path} is a folder, not a transcript — pass the session's .jsonl file; nothing was written`,
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it.each([
    ['a FIFO (never opened for reading, so nothing waits for a writer)', 'fifo'],
    ['a device', 'device'],
  ])('%s', async (_name, kind) => {
    const { dir, board } = project();
    let path = '/dev/null';
    if (kind === 'fifo') {
      path = join(dir, 'transcript.jsonl');
      execFileSync('mkfifo', [path]);
    }
    const before = snapshot(dir);
    await expect(draftHandoff(board, { transcript: path })).rejects.toMatchObject({
      code: 'invalid_input',
      message: `${path} is not a regular file (a FIFO, device or socket) — pass the session's .jsonl file; nothing was written`,
    });
    expect(snapshot(dir)).toEqual(before);
  });

  it('--session: a session the board does not know, and one with no transcript path', async () => {
    const { dir, root, board } = project();
    writeSession(board, {
      id: 'sess-no-transcript',
      harness: 'claude',
      agent: 'alice',
      cwd: root,
      projectKey: 'proj',
      parentSession: '',
      startedAt: '2026-11-30T10:00:00.000Z',
      lastSeen: '2026-11-30T10:00:00.000Z',
    });
    const before = snapshot(dir);
    await expect(draftHandoff(board, { session: 'sess-unknown' })).rejects.toMatchObject({
      code: 'not_found',
      message:
        'no session sess-unknown on this board — `baton sessions` lists them; or pass --transcript <file>',
    });
    await expect(draftHandoff(board, { session: 'sess-no-transcript' })).rejects.toMatchObject({
      code: 'not_found',
      message:
        'session sess-no-transcript has no transcript path recorded — pass --transcript <file>; nothing was written',
    });
    await expect(draftHandoff(board, { session: '../x' })).rejects.toMatchObject({ code: 'invalid_name' });
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('damaged transcripts are read around', () => {
  it('lines of unknown type are skipped and counted by type', async () => {
    const { dir, board } = project();
    const lines = readFileSync(SMALL, 'utf8').trimEnd().split('\n');
    lines.splice(3, 0, '{"type":"hologram","data":1}', '{"type":"hologram"}', '{"kind":"no type"}');
    const path = write(dir, 'unknown.jsonl', `${lines.join('\n')}\n`);
    const { digest, sections } = await draft(board, path);
    expect(Object.fromEntries(digest.unknownTypes)).toEqual({ hologram: 2, '(no type)': 1 });
    expect(digest.unknownLines).toBe(3);
    expect(sections.goal).toContain('> create hello.py, md and js');
    expect(sections.state).toContain('; 28 lines read (skipped: 3 of unknown type).');
  });

  it('a cut-off last line is tolerated; a broken line in the middle is skipped and counted', async () => {
    const { dir, board } = project();
    const lines = readFileSync(SMALL, 'utf8').trimEnd().split('\n');
    const last = lines.pop()!;
    lines.splice(5, 0, '{"type":"assistant", "message": {');
    const path = write(dir, 'cut.jsonl', `${lines.join('\n')}\n${last.slice(0, last.length / 2)}`);
    const { digest, sections } = await draft(board, path);
    expect(digest.truncatedLastLine).toBe(true);
    expect(digest.invalidLines).toBe(1);
    // The cut line held the last reply ("Done! I've deleted hello.js."): the one before it is the last now.
    expect(sections.state).toMatch(/^The last assistant message:\n\n> Done! I've added a one-liner comment/);
    expect(sections.state).toContain('(skipped: 1 not JSON, a cut-off last line)');
  });

  it('a line longer than the cap is skipped as it streams and counted', async () => {
    const { dir } = project();
    const lines = readFileSync(SMALL, 'utf8').trimEnd().split('\n');
    const huge = JSON.stringify({
      type: 'user',
      message: { role: 'user', content: 'x'.repeat(5000) },
      sessionId: 's',
    });
    lines.splice(2, 0, huge);
    const path = write(dir, 'long.jsonl', `${lines.join('\n')}\n`);
    const digest = await readTranscript(path, { maxLineBytes: 4096 });
    expect(digest.overlongLines).toBe(1);
    expect(digest.lines).toBe(26);
    expect(digest.prompts.first).toBe('create hello.py, md and js');
  });

  it('a byte-order mark before the first line is not in the way', async () => {
    const { dir, board } = project();
    const path = write(dir, 'bom.jsonl', `\uFEFF${readFileSync(SMALL, 'utf8')}`);
    const { digest } = await draft(board, path);
    expect(digest.invalidLines).toBe(0);
    expect(digest.prompts.first).toBe('create hello.py, md and js');
  });

  it('a line of another harness inside a transcript is of unknown type, not read', async () => {
    const { dir, board } = project();
    const lines = readFileSync(SMALL, 'utf8').trimEnd().split('\n');
    lines.push(JSON.stringify({ type: 'event_msg', payload: { type: 'user_message', message: 'not mine' } }));
    const { digest } = await draft(board, write(dir, 'mixed.jsonl', `${lines.join('\n')}\n`));
    expect(Object.fromEntries(digest.unknownTypes)).toEqual({ event_msg: 1 });
    expect(digest.prompts.count).toBe(3);
  });
});

function write(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function unknownShape(path: string): string {
  return `${path} is not a transcript baton can read (${KNOWN_FORMATS} JSONL): none of its first lines is of a known type — nothing was written`;
}
