// Reading a request body with a cap: an oversized body is never buffered whole, and is refused once the client is
// done sending it (within bounds).
import type { IncomingMessage } from 'node:http';

export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * Past the cap, the rest of a body is read and dropped — up to this much more, for at most DRAIN_MS — before the
 * refusal is answered: a server that answers and closes while the client is still writing resets the connection,
 * and the client sees a broken pipe instead of the 413 (seen with fetch on a loaded machine).
 */
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/** Collects at most `maxBytes`; past it (a larger Content-Length, or a longer stream) the rest is read and dropped. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes)
    return refusedAfterDrain(req, declared > maxBytes + DRAIN_BYTES);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off('data', onData);
        req.off('end', onEnd);
        chunks.length = 0;
        resolve(refusedAfterDrain(req, false));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8') });
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('aborted', () => resolve({ ok: false, reason: 'aborted' }));
    req.once('error', () => resolve({ ok: false, reason: 'aborted' }));
  });
}

/** Too large: once the rest of the body is read and dropped (unless `now`, or past the drain's bounds). */
function refusedAfterDrain(req: IncomingMessage, now: boolean): Promise<BodyRead> {
  const refused: BodyRead = { ok: false, reason: 'too_large' };
  if (now || req.readableEnded) {
    req.resume();
    return Promise.resolve(refused);
  }
  return new Promise((resolve) => {
    let drained = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', done);
      req.off('close', done);
      req.off('error', done);
      resolve(refused);
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > DRAIN_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MS);
    timer.unref();
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}
