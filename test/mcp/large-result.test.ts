// A 4 MiB result note over MCP: read_handoff and baton://note/{id} return it whole (framed); a note that holds only
// the head of a longer result says so first; write_result with a body past the limit writes the head and says so.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ensureBoard, openBoard } from '../../src/core/board/open-board.js';
import { BODY_GUTTER } from '../../src/core/display/visible-text.js';
import { listNotes } from '../../src/core/notes/read.js';
import { RESULT_LIMITS, writeResult } from '../../src/core/notes/write-result.js';
import { testdir } from '../helpers/testdir.js';
import { boardIn, call, connect, resourceText, textOf } from './helpers.js';

const MIB = 1024 * 1024;
const LINE = '- the retry loop in src/net/fetch.ts never backs off — 重试从不退避\n';

/** Lines of Markdown, exactly `size` bytes. */
function deliverable(size: number): string {
  const lines = LINE.repeat(Math.floor((size - 20) / Buffer.byteLength(LINE)));
  return `# Retry audit\n${lines}${'.'.repeat(size - Buffer.byteLength(lines) - 15)}\n`;
}

function seed(dir: string, body: string, transcriptPath?: string) {
  const board = openBoard(boardIn(dir));
  ensureBoard(board);
  return writeResult(board, { body, transcriptPath });
}

describe('a long result over MCP', () => {
  it('read_handoff and the note resource give a 4 MiB note whole, every line framed', async () => {
    const dir = testdir();
    const body = deliverable(RESULT_LIMITS.bodyBytes);
    expect(Buffer.byteLength(body)).toBe(RESULT_LIMITS.bodyBytes);
    const { note } = seed(dir, body);
    const stored = readFileSync(note.path, 'utf8');
    const client = await connect({ board: boardIn(dir), agent: 'alice' });
    for (const text of [
      textOf(await call(client, 'read_handoff', { id: note.id })),
      await resourceText(client, `baton://note/${note.id}`),
    ]) {
      const framed = text.slice(text.indexOf(`\n${BODY_GUTTER}---\n`) + 1);
      expect(framed.split('\n').map((line) => line.slice(BODY_GUTTER.length))).toEqual(
        stored.replace(/\n$/, '').split('\n'),
      );
      expect(text).not.toContain('holds only the head');
    }
  });

  it('a note cut to its head says so before it, with its full size and transcript', async () => {
    const dir = testdir();
    const { note } = seed(dir, deliverable(5 * MIB), '/t/agent-a1.jsonl');
    const client = await connect({ board: boardIn(dir), agent: 'alice' });
    const text = textOf(await call(client, 'read_handoff', { id: note.id }));
    expect(text.split('\n')[0]).toBe(
      `note ${note.id} holds only the head of a longer result of 5,242,880 bytes (truncated: true); the whole is in the transcript /t/agent-a1.jsonl`,
    );
    expect(text).toContain(`--- ${note.id} · result · degraded · `);
    expect(text).toContain(
      `${BODY_GUTTER}**[baton] This result was cut to its head.** The deliverable was 5,242,880 bytes`,
    );
  });

  it('write_result with a body past the limit writes the head and says so', async () => {
    const dir = testdir();
    const client = await connect({ board: boardIn(dir), agent: 'alice', profile: 'notes' });
    const body = deliverable(5 * MIB);
    const result = await call(client, 'write_result', { body, title: 'Retry audit' });
    expect(result.isError).toBeFalsy();
    const [note, ...more] = listNotes(openBoard(boardIn(dir))).notes;
    expect(more).toEqual([]);
    const kept = Buffer.from(body).lastIndexOf(0x0a, RESULT_LIMITS.bodyBytes - 1) + 1;
    expect(textOf(result).split('\n')[0]).toBe(
      `wrote result ${note?.id} as alice — the result is 5,242,880 bytes, more than the 4 MiB a note keeps whole: the note keeps its first ${kept.toLocaleString('en-US')} bytes (truncated: true, status degraded unless error); baton kept no copy of the rest`,
    );
    expect(note).toMatchObject({ status: 'degraded', truncated: true, fullBytes: 5 * MIB });
    expect(note?.body.startsWith(body.slice(0, 1000))).toBe(true);
  });
});
