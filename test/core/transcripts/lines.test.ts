// The line splitter: lines across chunk boundaries, CRLF, a last line without a newline, and lines over the cap
// dropped as they stream.
import { describe, expect, it } from 'vitest';
import { readLines } from '../../../src/core/transcripts/lines.js';

async function split(chunks: string[], max = 1024) {
  const lines: [string, boolean][] = [];
  let overlong = 0;
  async function* stream() {
    for (const chunk of chunks) yield Buffer.from(chunk);
  }
  await readLines(
    stream(),
    { line: (text, terminated) => lines.push([text, terminated]), overlong: () => overlong++ },
    max,
  );
  return { lines, overlong };
}

describe('readLines', () => {
  it('joins a line split across chunks and strips CRLF', async () => {
    expect((await split(['{"a":', '1}\r\n{"b"', ':2}\n', '\n'])).lines).toEqual([
      ['{"a":1}', true],
      ['{"b":2}', true],
      ['', true],
    ]);
  });

  it('gives a last line without a newline as unterminated', async () => {
    expect((await split(['one\ntw', 'o'])).lines).toEqual([
      ['one', true],
      ['two', false],
    ]);
  });

  it('keeps a multi-byte character split between chunks whole', async () => {
    const bytes = Buffer.from('é\n');
    const lines: string[] = [];
    async function* stream() {
      yield bytes.subarray(0, 1);
      yield bytes.subarray(1);
    }
    await readLines(stream(), { line: (text) => lines.push(text), overlong: () => {} });
    expect(lines).toEqual(['é']);
  });

  it('skips lines longer than the cap, inside one chunk or across many, and counts them', async () => {
    const result = await split(
      ['short\n', 'x'.repeat(20), '\nok\n', 'y'.repeat(8), 'y'.repeat(8), 'y'.repeat(8), '\nend'],
      16,
    );
    expect(result.lines).toEqual([
      ['short', true],
      ['ok', true],
      ['end', false],
    ]);
    expect(result.overlong).toBe(2);
  });

  it('counts an overlong last line without a newline', async () => {
    const result = await split(['a\n', 'z'.repeat(40)], 16);
    expect(result.lines).toEqual([['a', true]]);
    expect(result.overlong).toBe(1);
  });

  it('a line of exactly the cap is kept', async () => {
    expect((await split([`${'q'.repeat(16)}\n`], 16)).lines).toEqual([['q'.repeat(16), true]]);
  });
});
