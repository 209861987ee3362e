// The page shows board text by the CLI's rule: bidi overrides and isolates, controls and the other invisible
// characters visibleText escapes come out as their escapes; everything else, right-to-left scripts included, stays.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../src/core/display/visible-text.js';
import { visible } from '../../src/web/page/visible.js';

// Every character the CLI escapes (src/core/display/visible-text.ts), as the browser test checks the DOM for them.
const ESCAPED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

describe('visible', () => {
  it.each([
    ['\u202a', '\\u202a'],
    ['\u202b', '\\u202b'],
    ['\u202c', '\\u202c'],
    ['\u202d', '\\u202d'],
    ['\u202e', '\\u202e'],
    ['\u2066', '\\u2066'],
    ['\u2067', '\\u2067'],
    ['\u2068', '\\u2068'],
    ['\u2069', '\\u2069'],
  ])('shows the bidi control %j as %s', (char, shown) => {
    expect(visible(`Invoice ${char}fdp.exe`)).toBe(`Invoice ${shown}fdp.exe`);
  });

  it('shows a title that reorders itself in the order it is stored', () => {
    // Stored: "Invoice ", RLO, "fdp.exe", PDF — a browser would draw "Invoice exe.pdf".
    expect(visible('Invoice \u202efdp.exe\u202c')).toBe('Invoice \\u202efdp.exe\\u202c');
    expect(visible('a\u2067b\u2069c\u2066d\u2069')).toBe('a\\u2067b\\u2069c\\u2066d\\u2069');
  });

  it.each([
    ['\u0000', '\\x00'],
    ['\u0007', '\\x07'],
    ['\u0008', '\\x08'],
    ['\u000b', '\\v'],
    ['\u000c', '\\f'],
    ['\r', '\\r'],
    ['\u001b', '\\e'],
    ['\u001f', '\\x1f'],
    ['\u007f', '\\x7f'],
    ['\u0085', '\\x85'],
    ['\u009b', '\\x9b'],
    ['\u2028', '\\u2028'],
    ['\u2029', '\\u2029'],
    ['\ufeff', '\\ufeff'],
  ])('shows the control or invisible character %j as the CLI does (%s)', (char, shown) => {
    expect(visible(`a${char}b`)).toBe(`a${shown}b`);
  });

  it('keeps newlines and tabs (the page lays them out) and leaves everything else as written', () => {
    expect(visible('line one\n\tline two')).toBe('line one\n\tline two');
    // Right-to-left scripts, the bidi marks, zero-width joiners in emoji and a zero-width space are ordinary text
    // to the CLI too: they do not override the order of what surrounds them.
    for (const text of [
      'שלום עולם',
      'مرحبا بالعالم',
      'abc\u200fdef\u200e',
      '👩‍💻 and 🏳️‍🌈',
      'zero\u200bwidth',
      '中文 · ✓ …',
    ]) {
      expect(visible(text)).toBe(text);
    }
  });

  it('passes undefined through (an absent title attribute stays absent)', () => {
    expect(visible(undefined)).toBeUndefined();
  });

  it('is the CLI’s visibleText for any text: nothing it escapes is left, and showing twice changes nothing', () => {
    const special = fc.constantFrom(
      '\u202a',
      '\u202e',
      '\u2066',
      '\u2069',
      '\u0000',
      '\u001b',
      '\r',
      '\u2028',
      '\ufeff',
    );
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'grapheme' }), special), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (s) => {
        const shown = visible(s);
        expect(shown).toBe(visibleText(s));
        expect(shown).not.toMatch(ESCAPED);
        expect(visible(shown)).toBe(shown);
      }),
    );
  });
});
