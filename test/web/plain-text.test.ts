// Previews and snippets show words, not Markdown's marks.
import { describe, expect, it } from 'vitest';
import { plainText } from '../../src/web/api/plain-text.js';

describe('plainText', () => {
  it.each([
    ['## Goal\nMake the login spec pass.', 'Goal Make the login spec pass.'],
    ['I will rebase on `src/db/orders.ts`.', 'I will rebase on src/db/orders.ts.'],
    ['- [x] froze **time** per *test*', 'froze time per test'],
    ['> quoted ~~old~~ text', 'quoted old text'],
    ['see [the docs](https://example.com) and ![a chart](x.png)', 'see the docs and a chart'],
    ['```ts\nconst a = 1;\n```', 'const a = 1;'],
    ['1. first\n2. second', 'first second'],
    ['snake_case_name stays', 'snake_case_name stays'],
    ['2 * 3 * 4', '2 * 3 * 4'],
  ])('%j → %j', (input, output) => {
    expect(plainText(input)).toBe(output);
  });
});
