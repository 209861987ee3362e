// writeResult with a long deliverable: whole (redacted) up to RESULT_LIMITS.bodyBytes, listed from its front matter
// and read back whole; past it, the head with the full size and where the whole is — never nothing. A note file
// that would be longer than readers open is refused with nothing written.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../../src/core/board/open-board.js';
import { NOTE_LIMITS } from '../../../src/core/notes/note.js';
import { listNotes, readNote } from '../../../src/core/notes/read.js';
import { RESULT_LIMITS, writeResult } from '../../../src/core/notes/write-result.js';
import { filesUnder, testdir } from '../../helpers/testdir.js';

const MIB = 1024 * 1024;
const TOKEN = `ghp_${'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3h2'}`;
const TRANSCRIPT = '/home/me/.claude/projects/shop/3f2a9c11/subagents/agent-a485154.jsonl';

function setup() {
  const dir = testdir();
  const board = openBoard({ board: join(dir, 'board'), cwd: dir, env: {}, home: join(dir, 'home') });
  return { board, notes: () => filesUnder(join(board.root, 'notes')) };
}

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

describe('writeResult: a long deliverable', () => {
  it(`keeps ${RESULT_LIMITS.bodyBytes} bytes whole (redacted); lists it from its front matter and reads it whole`, () => {
    const { board } = setup();
    const body = deliverable(RESULT_LIMITS.bodyBytes);
    expect(Buffer.byteLength(body)).toBe(4 * MIB);
    const result = writeResult(board, { body, task: 'Audit the session code', transcriptPath: TRANSCRIPT });
    expect(result.cut).toBeUndefined();
    expect(result.redactedKinds).toEqual(['github-token']);
    const stored = readFileSync(result.path, 'utf8');
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
    const { board } = setup();
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
    const stored = readFileSync(result.path, 'utf8');
    expect(stored).toContain(`\nstatus: degraded\ntruncated: true\nfullBytes: ${5 * MIB + 3}\n`);
    expect(listNotes(board, { frontMatterOnly: true }).problems).toEqual([]);
  });

  it('one byte over is cut too; an error result stays error; a file named by the caller is where the whole is', () => {
    const { board } = setup();
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
    const { board } = setup();
    // Every value is a password: each marker is longer than what it hides (the body grows 2.2×, past 8 MiB).
    const body = 'password=Zq8!xK2v '.repeat(Math.floor(RESULT_LIMITS.bodyBytes / 18));
    const result = writeResult(board, { body, transcriptPath: TRANSCRIPT });
    expect(result.cut).toMatchObject({ fullBytes: Buffer.byteLength(body), reason: 'redaction' });
    expect(result.redacted).toBeGreaterThan(200_000);
    expect(statSync(result.path).size).toBeLessThanOrEqual(NOTE_LIMITS.fileBytes);
    const read = readNote(board, result.note.id);
    expect(read.body).not.toContain('Zq8!xK2v');
    expect(read.body.startsWith('password=[REDACTED:')).toBe(true);
    expect(read.body).toContain('grew past what a note file holds once its credentials were redacted');
    expect(read).toMatchObject({ status: 'degraded', truncated: true, fullBytes: Buffer.byteLength(body) });
  }, 120_000);

  it('a note file that would be longer than readers open is refused, and nothing is written', () => {
    const { board, notes } = setup();
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
  }, 60_000);
});
