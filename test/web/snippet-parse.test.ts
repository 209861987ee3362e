// A search snippet's Markdown as a reader sees it, the matched words still where the server's ranges put them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markedParts, type SnippetLine, snippetLines } from '../../src/web/page/snippet-parse.js';

/** The text a line shows, with styles as markers of their own: *b* strong, /e/ emphasis, |c| code. */
function shown(line: SnippetLine): string {
  return line.pieces
    .map((p) => (p.strong ? `*${p.text}*` : p.em ? `/${p.text}/` : p.code ? `|${p.text}|` : p.text))
    .join('');
}

describe('search snippets: Markdown shown as read', () => {
  it('headings lose their #s, bullets and task boxes become •, ☐ and ☑, quotes their >', () => {
    const lines = snippetLines(
      '## Goal\n- first\n  * nested\n- [ ] open task\n- [x] done task\n> quoted\n1. ordered',
    );
    expect(lines.map((line) => line.heading)).toEqual([true, false, false, false, false, false, false]);
    expect(lines.map(shown)).toEqual([
      'Goal',
      '• first',
      '  • nested',
      '☐ open task',
      '☑ done task',
      'quoted',
      '1. ordered',
    ]);
  });

  it('bold, emphasis, code spans and links lose their markers; what is not closed stays as written', () => {
    const [line] = snippetLines(
      'make the **login test** stable; see `test/login.spec.ts:40`, _really_ and [the issue](https://x.test/1)',
    );
    expect(shown(line!)).toBe(
      'make the *login test* stable; see |test/login.spec.ts:40|, /really/ and the issue',
    );
    expect(
      snippetLines('snake_case_name and 2 * 3 * 4 and **open and `tick')[0]!.pieces.map((p) => p.text),
    ).toEqual(['snake_case_name and 2 * 3 * 4 and **open and `tick']);
    expect(shown(snippetLines('``a `b` c`` and a__b__c stays')[0]!)).toBe('|a `b` c| and a__b__c stays');
  });

  it('keeps each piece where its text lies in the snippet, so the server’s ranges still mark the words', () => {
    const text = '## Goal\nGoal of it: make the **login test** stable.';
    const at = text.indexOf('login');
    const parts = snippetLines(text)
      .flatMap((line) => line.pieces)
      .flatMap((piece) => markedParts(piece, [[at, at + 5]]));
    expect(parts.filter((part) => part.marked).map((part) => part.text)).toEqual(['login']);
    expect(parts.map((part) => part.text).join('')).toBe('GoalGoal of it: make the login test stable.');
    // A range that spans a marker marks the text on both sides of it, never the marker.
    const both = text.indexOf('the **');
    const marked = snippetLines(text)
      .flatMap((line) => line.pieces)
      .flatMap((piece) => markedParts(piece, [[both, both + 11]]))
      .filter((part) => part.marked)
      .map((part) => part.text);
    expect(marked).toEqual(['the ', 'login']);
  });

  it('every piece is a slice of the snippet at its place, whatever the text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ' ', '*', '_', '`', '#', '-', '[', ']', '(', ')', '\n', '>', 'x'),
        }),
        (text) => {
          for (const line of snippetLines(text)) {
            for (const piece of line.pieces) {
              if (piece.at < 0) continue;
              expect(text.slice(piece.at, piece.at + piece.text.length)).toBe(piece.text);
            }
          }
        },
      ),
    );
  });
});
