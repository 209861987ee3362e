// Reading a stream of git's output a piece at a time — up to a delimiter (a header line, a NUL-ended path) or an
// exact number of bytes (a blob) — holding no more than the piece asked for and the chunk it ends in. The stream is
// pulled only when a piece is asked for, so a fast writer waits on the pipe instead of filling this process.
import { BatonError } from '../errors.js';

export class ByteReader {
  private readonly source: AsyncIterator<Buffer | string>;
  /** Unread chunks; the first is unread from `offset` on. */
  private chunks: Buffer[] = [];
  private offset = 0;
  private length = 0;
  private ended = false;

  constructor(stream: AsyncIterable<Buffer | string>) {
    this.source = stream[Symbol.asyncIterator]();
  }

  /**
   * The bytes before the next `delimiter` (which is consumed too); undefined when the stream ended cleanly.
   * `'too_long'` when more than `max` bytes come first: they are skipped, through the delimiter, without being kept.
   */
  async until(delimiter: number, max: number): Promise<Buffer | undefined | 'too_long'> {
    let scanned = 0;
    let skipped = false;
    for (;;) {
      const at = this.indexOf(delimiter, scanned);
      if (at !== -1) {
        if (skipped || at > max) {
          this.skip(at + 1);
          return 'too_long';
        }
        const bytes = this.take(at);
        this.skip(1);
        return bytes;
      }
      if (this.length > max) {
        skipped = true;
        this.skip(this.length);
      }
      scanned = this.length;
      if (!(await this.pull())) {
        if (this.length === 0 && !skipped) return undefined;
        throw truncated();
      }
    }
  }

  /**
   * Exactly `count` bytes; throws when the stream ends before. With `into` (at least `count` long) they are copied
   * there and a view of it returned, so a caller reading piece after piece reuses one buffer.
   */
  async bytes(count: number, into?: Buffer): Promise<Buffer> {
    while (this.length < count) if (!(await this.pull())) throw truncated();
    return this.take(count, into);
  }

  /** The stream has ended and every byte of it was read. */
  async atEnd(): Promise<boolean> {
    while (this.length === 0) if (!(await this.pull())) return true;
    return false;
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.length += chunk.length;
    }
    return true;
  }

  private indexOf(byte: number, from: number): number {
    let base = 0;
    for (let i = 0; i < this.chunks.length; i++) {
      const chunk = this.chunks[i] as Buffer;
      const start = i === 0 ? this.offset : 0;
      const size = chunk.length - start;
      if (from < base + size) {
        const found = chunk.indexOf(byte, start + Math.max(0, from - base));
        if (found !== -1) return base + found - start;
      }
      base += size;
    }
    return -1;
  }

  // The first `count` unread bytes (a view when they lie in one chunk, else one copy — into `into` when given).
  private take(count: number, into?: Buffer): Buffer {
    const first = this.chunks[0];
    if (!into && first && first.length - this.offset >= count) {
      const view = first.subarray(this.offset, this.offset + count);
      this.skip(count);
      return view;
    }
    const out = into ? into.subarray(0, count) : Buffer.allocUnsafe(count);
    let filled = 0;
    while (filled < count) {
      const chunk = this.chunks[0] as Buffer;
      const n = Math.min(count - filled, chunk.length - this.offset);
      chunk.copy(out, filled, this.offset, this.offset + n);
      filled += n;
      this.skip(n);
    }
    return out;
  }

  private skip(count: number): void {
    this.length -= count;
    while (count > 0) {
      const chunk = this.chunks[0] as Buffer;
      const left = chunk.length - this.offset;
      if (count < left) {
        this.offset += count;
        return;
      }
      count -= left;
      this.chunks.shift();
      this.offset = 0;
    }
  }
}

function truncated(): BatonError {
  return new BatonError('io', 'git’s output ended in the middle of a record — run `baton sync` again');
}
