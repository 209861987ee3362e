// The first message of a continued session for a note missing sections (the rest of continuing a note, on both
// stores: test/core/contract/continuation.test.ts).
import { describe, expect, it } from 'vitest';
import { continuationText } from '../../../src/core/notes/continuation.js';
import { parseNote } from '../../../src/core/notes/note.js';

describe('continuationText', () => {
  it('a note missing sections still gives its whole body, saying what is missing', () => {
    const note = parseNote(
      '---\nid: n-01JDX6AAAAAAAAAAAAAAAAAAAA\nsession: s-1\n---\n## Goal\nonly this\n',
      '/b/notes/p/n-01JDX6AAAAAAAAAAAAAAAAAAAA.md',
    );
    const text = continuationText(note);
    expect(text).toContain('(The note is incomplete — the section "Done" is missing;');
    expect(text).toContain('## Goal\nonly this');
  });
});
