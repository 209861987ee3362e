// Reading git's output piece by piece: pieces that straddle chunks, a piece too long to keep (skipped through its
// delimiter), a stream that ends mid-piece, and blobs read into one reused buffer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteReader } from '../../../src/core/sync/byte-reader.js';

/** A stream of `bytes` cut into chunks at `cuts` (offsets), as a pipe hands them over. */
async function* chunked(bytes: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let at = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    yield bytes.subarray(at, cut);
    at = cut;
  }
  yield bytes.subarray(at);
}

describe('ByteReader', () => {
  it('reads NUL-ended pieces and sized blobs the same whatever the chunks are', async () => {
    const records = ['a', '', 'cards/c-1.md', 'x'.repeat(300)];
    const blob = Buffer.from('héllo\nwörld\n'.repeat(50));
    const stream = Buffer.concat([
      Buffer.from(`${records.join('\0')}\0`),
      Buffer.from(`id blob ${blob.length}\n`),
      blob,
      Buffer.from('\n'),
    ]);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(stream.length), { maxLength: 40 }), async (cuts) => {
        const reader = new ByteReader(chunked(stream, cuts));
        for (const record of records) expect((await reader.until(0, 1000))?.toString()).toBe(record);
        expect((await reader.until(0x0a, 100))?.toString()).toBe(`id blob ${blob.length}`);
        expect((await reader.bytes(blob.length)).equals(blob)).toBe(true);
        expect((await reader.bytes(1)).toString()).toBe('\n');
        expect(await reader.until(0, 10)).toBeUndefined();
        expect(await reader.atEnd()).toBe(true);
      }),
    );
  });

  it('skips a piece longer than its cap through its delimiter, keeping none of it, and reads on', async () => {
    const long = 'y'.repeat(10_000);
    for (const cuts of [
      [],
      [3],
      [5000],
      [9999, 10_000, 10_001],
      Array.from({ length: 100 }, (_, i) => i * 97),
    ]) {
      const reader = new ByteReader(chunked(Buffer.from(`short\0${long}\0after\0`), cuts));
      expect((await reader.until(0, 64))?.toString()).toBe('short');
      expect(await reader.until(0, 64)).toBe('too_long');
      expect((await reader.until(0, 64))?.toString()).toBe('after');
      expect(await reader.until(0, 64)).toBeUndefined();
    }
  });

  it('a stream that ends in the middle of a piece is an error, not a short piece', async () => {
    const partial = new ByteReader(chunked(Buffer.from('complete\0half'), [4]));
    expect((await partial.until(0, 64))?.toString()).toBe('complete');
    await expect(partial.until(0, 64)).rejects.toThrow(
      'git’s output ended in the middle of a record — run `baton sync` again',
    );
    const short = new ByteReader(chunked(Buffer.from('12345'), [2]));
    await expect(short.bytes(6)).rejects.toThrow('ended in the middle of a record');
  });

  it('reads each blob into the buffer it is given, so one buffer serves every blob', async () => {
    const reader = new ByteReader(chunked(Buffer.from('first-blob|second'), [3, 8, 12]));
    const buffer = Buffer.alloc(16);
    const first = await reader.bytes(10, buffer);
    expect(first.toString()).toBe('first-blob');
    expect(first.buffer).toBe(buffer.buffer);
    await reader.bytes(1);
    const second = await reader.bytes(6, buffer);
    expect(second.toString()).toBe('second');
    expect(second.buffer).toBe(buffer.buffer);
  });
});
