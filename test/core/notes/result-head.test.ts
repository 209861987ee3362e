// The head of a result too long for one note: cut at a line's end (else a space) near the limit, never inside a
// character; the notice and the line readers print say the full size and where the whole is.
import { describe, expect, it } from 'vitest';
import type { NoteRecord } from '../../../src/core/notes/note.js';
import { cutLine, cutNotice, cutSummary, headOf } from '../../../src/core/notes/result-head.js';

const bytes = (text: string) => Buffer.byteLength(text);

describe('headOf', () => {
  it('gives back a text within the limit as it is', () => {
    expect(headOf('one\ntwo\n', 8)).toBe('one\ntwo\n');
  });

  it("ends at the last line's end before the limit", () => {
    expect(headOf('first line\nsecond line\nthird line\n', 30)).toBe('first line\nsecond line\n');
  });

  it('ends after a space when no line ends within 64 KiB of the limit', () => {
    const text = `${'x'.repeat(50_000)}\n${'word '.repeat(30_000)}`;
    const head = headOf(text, 150_000);
    expect(head.endsWith('word ')).toBe(true);
    // Byte 150,000 is a space too, but it would be the 150,001st.
    expect(bytes(head)).toBe(149_996);
    expect(text.startsWith(head)).toBe(true);
  });

  it('cuts exactly at the limit when no boundary is near', () => {
    const text = 'a'.repeat(200_000);
    expect(headOf(text, 100_000)).toBe('a'.repeat(100_000));
  });

  it('never ends inside a character (2-, 3- and 4-byte ones)', () => {
    for (const char of ['é', '中', '😀']) {
      const text = char.repeat(100_000);
      for (const limit of [99_999, 100_000, 100_001, 100_002]) {
        const head = headOf(text, limit);
        expect(text.startsWith(head)).toBe(true);
        expect(head).not.toContain('\ufffd');
        expect(bytes(head)).toBeLessThanOrEqual(limit);
        expect(bytes(head)).toBeGreaterThan(limit - bytes(char));
      }
    }
  });
});

describe('what a cut note says', () => {
  it('the notice gives the full size, the kept size and the transcript', () => {
    expect(
      cutNotice(
        {
          fullBytes: 5_242_881,
          keptBytes: 4_194_300,
          reason: 'size',
          wholeAt: 'the transcript /t/agent-a.jsonl',
        },
        4 * 1024 * 1024,
      ),
    ).toBe(
      '\n\n---\n\n**[baton] This result was cut to its head.** The deliverable was 5,242,881 bytes, more than the 4,194,304 bytes (4 MiB) a result note keeps whole, so only its first 4,194,300 bytes are above. The whole deliverable is in the transcript /t/agent-a.jsonl.\n',
    );
  });

  it('without a copy elsewhere, it says there is none; a cut made by redaction says so', () => {
    expect(cutNotice({ fullBytes: 10, keptBytes: 4, reason: 'redaction' }, 4 * 1024 * 1024)).toBe(
      '\n\n---\n\n**[baton] This result was cut to its head.** The deliverable (10 bytes) grew past what a note file holds once its credentials were redacted, so only its first 4 bytes are above. baton kept no copy of the rest.\n',
    );
    expect(cutSummary({ fullBytes: 6_000_000, keptBytes: 4_194_000, reason: 'size' }, 4 * 1024 * 1024)).toBe(
      'the result is 6,000,000 bytes, more than the 4 MiB a note keeps whole: the note keeps its first 4,194,000 bytes (truncated: true, status degraded unless error); baton kept no copy of the rest',
    );
  });

  it('a reader says it of a note marked truncated, and of no other', () => {
    const note = { id: 'n-01', truncated: true, fullBytes: 5_000_000, transcriptPath: '/t/a.jsonl' };
    expect(cutLine(note as NoteRecord)).toBe(
      'note n-01 holds only the head of a longer result of 5,000,000 bytes (truncated: true); the whole is in the transcript /t/a.jsonl',
    );
    expect(cutLine({ id: 'n-01' } as NoteRecord)).toBeUndefined();
  });
});
