// Output written straight to a file descriptor, for the short hot commands (a hook, `send`, `poll`): no stream
// object, so neither `net` nor the stream machinery is loaded for a pipe (milliseconds a hook does not have), and
// nothing is left buffered when the process ends. A reader that went away ends the output, as EPIPE does a stream.
import { writeSync } from 'node:fs';

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `text` to `fd`; false when the reader is gone (or the descriptor is unusable), nothing more sent. */
export function writeAllSync(fd: number, text: string): boolean {
  let data = Buffer.from(text, 'utf8');
  while (data.length > 0) {
    try {
      data = data.subarray(writeSync(fd, data));
    } catch (error) {
      // A non-blocking pipe that is full: wait for the reader a moment, as a blocking write would.
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') Atomics.wait(pause, 0, 0, 2);
      else return false;
    }
  }
  return true;
}
