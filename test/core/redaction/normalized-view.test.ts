// The normalised view: built only when something disguises a token, and mapped back to whole original characters.

import { describe, expect, it } from 'vitest';
import { normalizedView, spansInOriginal } from '../../../src/core/redaction/normalized-view.js';
import { redact } from '../../../src/core/redaction/redact.js';
import { rand } from './random.js';

/** The original text a view span covers. */
function original(text: string, start: number, end: number): string {
  const view = normalizedView(text);
  if (view === undefined) throw new Error('no view');
  const [span] = spansInOriginal(view, [{ start, end, kind: 'x', rank: 0 }]);
  return text.slice(span!.start, span!.end);
}

describe('when a view is built', () => {
  it.each([
    ['ASCII text', 'const token = getToken(); // ghp_ prefix'],
    [
      'accents, dashes, quotes and ellipses',
      'caf\u00e9 \u2014 \u201cna\u00efve\u201d r\u00e9sum\u00e9\u2026 \u00bd',
    ],
    [
      'emoji with joiners and variation selectors',
      'done \u2714\ufe0f by \u{1f469}\u200d\u{1f4bb} \u{1f44d}\u{1f3fd}',
    ],
    ['CJK with full-width punctuation', '\u5bc6\u7801\uff1a\u8bf7\u8f93\u5165\uff0c\u8c22\u8c22'],
    ['an invisible character between spaces', 'a \u200b b'],
  ])('%s: none', (_, text) => {
    expect(normalizedView(text)).toBeUndefined();
  });

  it.each([
    ['a zero-width space inside a word', 'ab\u200bcd', 'abcd'],
    ['a soft hyphen after a letter', 'token\u00ad ', 'token '],
    ['full-width letters', '\uff47\uff48\uff50\uff3f1', 'ghp_1'],
    ['a full-width symbol between letters', 'a\uff3fb', 'a_b'],
    ['mathematical bold letters (astral)', 'x\u{1d400}\u{1d401}', 'xAB'],
    ['a ligature that expands', 'con\ufb01g', 'config'],
  ])('%s: normalised and stripped', (_, text, viewText) => {
    expect(normalizedView(text)?.text).toBe(viewText);
  });
});

describe('mapping back', () => {
  it('covers the invisible characters inside a span', () => {
    expect(original('x ab\u200bcd y', 2, 6)).toBe('ab\u200bcd');
  });

  it('covers whole surrogate pairs and whole expanded characters', () => {
    expect(original('x\u{1d400}\u{1d401}', 1, 3)).toBe('\u{1d400}\u{1d401}');
    // `ﬁ` becomes `fi`; a span that starts at its `i` still covers the whole ligature.
    expect(original('con\ufb01g', 4, 6)).toBe('\ufb01g');
  });

  it('redacts the original span: full-width, split and astral tokens leave nothing behind', () => {
    const token = `gh${'p'}_${rand(36)}`;
    const bold = [...token].map((c) =>
      /[A-Z]/.test(c) ? String.fromCodePoint(0x1d400 + c.charCodeAt(0) - 65) : c,
    );
    for (const disguised of [
      [...token].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(''),
      `${token.slice(0, 9)}\u2060${token.slice(9, 30)}\ufeff${token.slice(30)}`,
      bold.join(''),
    ]) {
      expect(redact(`before ${disguised} after`, { env: {} }).text).toBe(
        'before [REDACTED:github-token] after',
      );
    }
  });

  it('still finds a token that an invisible character joins to the word before it', () => {
    const token = `gh${'p'}_${rand(36)}`;
    // In the view `x` and the token are one word, which the token's lookbehind refuses; the original has them apart.
    expect(redact(`x\u200b${token}`, { env: {} }).text).toBe('x\u200b[REDACTED:github-token]');
  });
});
