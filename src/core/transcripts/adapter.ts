// The shape every harness adapter has: how it recognises its transcripts, and a reader that turns lines into a digest.
import type { Harness, TranscriptDigest } from './digest.js';

export type Line = Record<string, unknown>;

export interface TranscriptReader {
  /** Reads one parsed line into the digest; returns a label for a line of a type it does not know (counted). */
  read(line: Line): string | undefined;
  /** After the last line: settle what only the whole transcript can tell. */
  finish?(): void;
}

export interface TranscriptAdapter {
  harness: Harness;
  /** Whether this parsed line shows the file is this harness's transcript (tried on the first lines only). */
  detects(line: Line): boolean;
  reader(digest: TranscriptDigest): TranscriptReader;
}

/** The `type` of a line as a label for the unknown-type count. */
export function typeLabel(line: Line, prefix = ''): string {
  const type = line.type;
  return `${prefix}${typeof type === 'string' ? type : type === undefined ? '(no type)' : `(${typeof type})`}`;
}
