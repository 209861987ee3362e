// Blobs out of git's object store for `baton sync`, one record at a time: each blob's size is asked first
// (`cat-file --batch-check`) and its bytes are read only when it fits its cap (`cat-file --batch`), straight off the
// pipe — so this process holds one record at a time, whatever the history holds. Ids go to git a batch at a time;
// the answers are read in order, each when the caller is ready for it.
import { BatonError } from '../errors.js';
import type { Git, GitProcess } from './git.js';

export interface WantedBlob {
  id: string;
  /** The most bytes it may have; a larger blob is never read. */
  cap: number;
}

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
// `<id> <type> <size>`: far shorter than this.
const HEADER_MAX = 256;

export class BlobReader {
  // Every blob is read into this one buffer (grown to the largest cap asked for): memory stays at one record.
  private buffer = Buffer.alloc(0);

  private constructor(
    private readonly sizes: GitProcess,
    private readonly contents: GitProcess,
  ) {}

  /** Starts the two `cat-file` processes in `cwd`; `close` (or `stop`) them when done. */
  static async open(git: Git, cwd: string): Promise<BlobReader> {
    const sizes = await git.start(cwd, ['cat-file', '--batch-check']);
    try {
      return new BlobReader(sizes, await git.start(cwd, ['cat-file', '--batch']));
    } catch (error) {
      sizes.stop();
      throw error;
    }
  }

  /**
   * Each wanted blob's bytes, in order — undefined for one larger than its cap, or not a blob here. A blob is read
   * from git only once the one before it has been taken, into the buffer the one before was in: use (or copy) each
   * before asking for the next. Take them all before the next call.
   */
  async *read(wanted: readonly WantedBlob[]): AsyncGenerator<Buffer | undefined> {
    if (wanted.length === 0) return;
    for (const { id } of wanted) {
      if (!OBJECT_ID.test(id))
        throw new BatonError('io', `git named an object "${id.slice(0, 80)}" — not an id`);
    }
    this.sizes.stdin.write(`${wanted.map((w) => w.id).join('\n')}\n`);
    const fits: boolean[] = [];
    for (const { id, cap } of wanted) {
      const head = await readHeader(this.sizes, id);
      fits.push(head.type === 'blob' && head.size <= cap);
    }
    const asked = wanted.filter((_, i) => fits[i]);
    if (asked.length > 0) this.contents.stdin.write(`${asked.map((w) => w.id).join('\n')}\n`);
    for (let i = 0; i < wanted.length; i++) {
      if (!fits[i]) {
        yield undefined;
        continue;
      }
      const { id, cap } = wanted[i] as WantedBlob;
      const head = await readHeader(this.contents, id);
      // The same object as a moment ago: anything else means the two processes no longer agree.
      if (head.type !== 'blob' || head.size > cap) throw unexpected(`${id} ${head.type} ${head.size}`);
      if (this.buffer.length < head.size) this.buffer = Buffer.allocUnsafe(Math.max(cap, head.size));
      const bytes = await this.contents.stdout.bytes(head.size, this.buffer);
      const end = await this.contents.stdout.bytes(1);
      if (end[0] !== 0x0a) throw unexpected('a blob not followed by a newline');
      yield bytes;
    }
  }

  /** Lets both processes finish (they exit once their input ends). */
  async close(): Promise<void> {
    this.sizes.stdin.end();
    this.contents.stdin.end();
    await Promise.all([this.sizes.done, this.contents.done]);
  }

  /** Stops both at once (after an error). */
  stop(): void {
    this.sizes.stop();
    this.contents.stop();
  }
}

async function readHeader(from: GitProcess, id: string): Promise<{ type: string; size: number }> {
  const line = await from.stdout.until(0x0a, HEADER_MAX);
  if (line === undefined || line === 'too_long')
    throw unexpected(line === undefined ? 'no answer' : 'a long line');
  const [name, type = '', size] = line.toString('utf8').split(' ');
  if (name !== id) throw unexpected(`an answer about ${name?.slice(0, 80)} for ${id}`);
  // `<id> missing`: not in this repository.
  if (size === undefined) return { type: 'missing', size: 0 };
  if (!/^\d{1,15}$/.test(size)) throw unexpected(`size "${size.slice(0, 20)}"`);
  return { type, size: Number(size) };
}

function unexpected(what: string): BatonError {
  return new BatonError('io', `git cat-file answered unexpectedly (${what}) — run \`baton sync\` again`);
}
