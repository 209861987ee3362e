import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRecord, parseRecord } from '../../../src/core/store/front-matter.js';

describe('front matter', () => {
  it('writes plain scalars plainly and quotes what YAML would misread', () => {
    const text = formatRecord(
      { id: 'm-1', from: 'alice', subject: 'yes', n: 'a: b', empty: '', list: ['x', 'y z'], skip: undefined },
      'body\n',
    );
    expect(text).toBe(
      '---\nid: m-1\nfrom: alice\nsubject: "yes"\nn: "a: b"\nempty: ""\nlist: ["x", "y z"]\n---\nbody\n',
    );
  });

  it('reads hand-written YAML through the full parser (block lists, single quotes, comments)', () => {
    const parsed = parseRecord("---\ntitle: 'it''s'\n# note\nfiles:\n  - a.ts\n  - b.ts\n---\nhi\n");
    expect(parsed).toEqual({ ok: true, fields: { title: "it's", files: ['a.ts', 'b.ts'] }, body: 'hi\n' });
  });

  it('reports a missing or unclosed header instead of throwing', () => {
    expect(parseRecord('hello')).toEqual({
      ok: false,
      reason: 'no front matter (the file must start with ---)',
    });
    expect(parseRecord('---\nid: x\n')).toEqual({ ok: false, reason: 'front matter is not closed by ---' });
    const bad = parseRecord('---\n: [\n---\n');
    expect(bad.ok).toBe(false);
  });

  it('round-trips any string values and any body', () => {
    const key = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,10}$/);
    const value = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string(),
      fc.array(fc.string({ unit: 'binary' }), { maxLength: 4 }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(key, value, { maxKeys: 6 }),
        fc.string({ unit: 'binary' }),
        (fields, body) => {
          const parsed = parseRecord(formatRecord(fields, body));
          expect(parsed).toEqual({ ok: true, fields, body });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        parseRecord(`---\n${a}\n---\n${b}`);
        parseRecord(a);
      }),
      { numRuns: 3000 },
    );
  });
});
