// Reading a request body with a cap: an oversized body is refused as soon as it is known, never buffered whole.
import type { IncomingMessage } from 'node:http';

export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'aborted' };

/** Collects at most `maxBytes`; a larger Content-Length or stream stops early and the rest is discarded. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return Promise.resolve({ ok: false, reason: 'too_large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off('data', onData);
        chunks.length = 0;
        req.resume();
        resolve({ ok: false, reason: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve({ ok: true, text: Buffer.concat(chunks).toString('utf8') }));
    req.once('aborted', () => resolve({ ok: false, reason: 'aborted' }));
    req.once('error', () => resolve({ ok: false, reason: 'aborted' }));
  });
}
