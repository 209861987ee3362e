// A note's conclusion when it has none in its front matter: taken from its text (the degraded notes themselves, on
// both stores: test/core/contract/notes-list.test.ts).
import { describe, expect, it } from 'vitest';
import { conclusionFromBody } from '../../../src/core/notes/note.js';
import { BODY } from './bodies.js';

describe('degraded notes', () => {
  it('a note without front matter gets a conclusion from its text', () => {
    expect(conclusionFromBody(BODY)).toBe('Froze time per test.');
    expect(conclusionFromBody('just one line of prose')).toBe('just one line of prose');
    expect(conclusionFromBody('# Only a heading\n')).toBeUndefined();
    expect(conclusionFromBody('x'.repeat(300))).toBe(`${'x'.repeat(199)}…`);
  });
});
