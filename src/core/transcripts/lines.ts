// Opening a transcript file the user named (a regular file only: never a FIFO, device or folder) and streaming it
// line by line with a cap per line, so memory stays bounded whatever the file's size.
import { constants, type ReadStream } from 'node:fs';
import { fsPromises } from '../builtins.js';
import { BatonError } from '../errors.js';

/** The longest line a reader parses (16 MiB); a longer one is skipped and counted, never buffered whole. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Opens `path` for streaming. Refuses (nothing read) a missing path, a folder, and anything that is not a regular
 * file: the file is opened with O_NONBLOCK, so a FIFO never blocks, and checked with fstat before any read.
 */
export async function openTranscript(path: string): Promise<{ stream: ReadStream; size: number }> {
  const { open, stat } = fsPromises();
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new BatonError('not_found', `no transcript at ${path} — check the path; nothing was written`);
    }
    throw new BatonError(
      'io',
      `cannot read the transcript ${path} (${code ?? 'error'}) — nothing was written`,
    );
  }
  if (info.isDirectory()) {
    throw new BatonError(
      'invalid_input',
      `${path} is a folder, not a transcript — pass the session's .jsonl file; nothing was written`,
    );
  }
  if (!info.isFile()) throw notRegular(path);
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK).catch((error) => {
    throw new BatonError(
      'io',
      `cannot open the transcript ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}) — nothing was written`,
    );
  });
  // The path may have been swapped between stat and open: what was opened is what counts.
  const opened = await handle.stat();
  if (!opened.isFile()) {
    await handle.close();
    throw notRegular(path);
  }
  // The stream closes the file when it ends or is destroyed (a reader that stops early destroys it).
  return { stream: handle.createReadStream({ highWaterMark: 256 * 1024 }), size: opened.size };
}

function notRegular(path: string): BatonError {
  return new BatonError(
    'invalid_input',
    `${path} is not a regular file (a FIFO, device or socket) — pass the session's .jsonl file; nothing was written`,
  );
}

export interface LineEvents {
  /** A complete line (without its newline, and without a trailing `\r`); `terminated` is false for a last line with no newline. */
  line(text: string, terminated: boolean): void;
  /** A line longer than the cap (skipped). */
  overlong(): void;
  /** The first chunk of the file, before any line (to refuse binary files early). */
  first?(chunk: Buffer): void;
}

/**
 * Streams `stream` as lines. At most `maxLineBytes` of one line are ever held: a longer line is dropped as it
 * streams and reported through `overlong`. Lines are decoded as UTF-8 (invalid bytes become U+FFFD).
 */
export async function readLines(
  stream: AsyncIterable<Buffer>,
  events: LineEvents,
  maxLineBytes = MAX_LINE_BYTES,
): Promise<void> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  let first = true;
  const emit = (buffer: Buffer, terminated: boolean) => {
    let end = buffer.length;
    if (end > 0 && buffer[end - 1] === 0x0d) end--;
    events.line(buffer.toString('utf8', 0, end), terminated);
  };
  for await (const chunk of stream) {
    if (first) {
      first = false;
      events.first?.(chunk);
    }
    let at = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, at);
      if (newline === -1) break;
      const length = newline - at;
      if (skipping) {
        skipping = false;
        events.overlong();
      } else if (pendingBytes + length > maxLineBytes) {
        events.overlong();
      } else if (pendingBytes === 0) {
        emit(chunk.subarray(at, newline), true);
      } else {
        pending.push(chunk.subarray(at, newline));
        emit(Buffer.concat(pending, pendingBytes + length), true);
      }
      pending = [];
      pendingBytes = 0;
      at = newline + 1;
    }
    if (at < chunk.length && !skipping) {
      const rest = chunk.length - at;
      if (pendingBytes + rest > maxLineBytes) {
        skipping = true;
        pending = [];
        pendingBytes = 0;
      } else {
        pending.push(chunk.subarray(at));
        pendingBytes += rest;
      }
    }
  }
  if (skipping) events.overlong();
  else if (pendingBytes > 0) emit(Buffer.concat(pending, pendingBytes), false);
}
