import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Block,
  type Inline,
  MAX_DEPTH,
  MAX_INPUT,
  MAX_NEST,
  parseMarkdown,
  safeHref,
  shownLevel,
} from '../../src/web/page/markdown-parse.js';
import { PATHOLOGICAL } from '../fixtures/markdown-pathological.js';

const t = (text: string): Inline => ({ t: 'text', text });
const para = (...children: Inline[]): Block => ({ t: 'paragraph', children });
const inline = (md: string): Inline[] => {
  const [first, ...rest] = parseMarkdown(md);
  expect(rest).toEqual([]);
  expect(first?.t).toBe('paragraph');
  return (first as { children: Inline[] }).children;
};

type Node = Block | Inline | { children: Block[] };
/** Every node of a tree, depth first. */
function walk(nodes: readonly Node[], visit: (n: Node) => void): void {
  for (const n of nodes) {
    visit(n);
    if ('children' in n) walk(n.children as Node[], visit);
    if ('items' in n) walk(n.items, visit);
    if ('head' in n) for (const cell of [...n.head, ...n.rows.flat()]) walk(cell, visit);
  }
}
const links = (md: string) => {
  const found: string[] = [];
  walk(parseMarkdown(md), (n) => 'href' in n && found.push(n.href));
  return found;
};
const plain = (md: string) => {
  let out = '';
  walk(parseMarkdown(md), (n) => {
    if ('text' in n) out += n.text;
  });
  return out;
};

describe('Markdown blocks', () => {
  it('parses ATX headings (levels 1–6, closing hashes dropped) and renders them one level smaller', () => {
    expect(parseMarkdown('# Title\n###### six ##\n####### seven')).toEqual([
      { t: 'heading', level: 1, children: [t('Title')] },
      { t: 'heading', level: 6, children: [t('six')] },
      para(t('####### seven')),
    ]);
    expect(parseMarkdown('#not a heading')[0]?.t).toBe('paragraph');
    expect([1, 2, 5, 6].map(shownLevel)).toEqual([2, 3, 6, 6]);
  });

  it('splits paragraphs on blank lines and keeps soft breaks; two trailing spaces or a backslash break a line', () => {
    expect(parseMarkdown('one\ntwo\n\nthree')).toEqual([para(t('one\ntwo')), para(t('three'))]);
    expect(inline('a  \nb\\\nc')).toEqual([t('a'), { t: 'br' }, t('b'), { t: 'br' }, t('c')]);
  });

  it('parses bullet and ordered lists, nesting by indentation, tight and loose', () => {
    const [list] = parseMarkdown('- a\n- b\n  - b1\n    - b2\n- c');
    expect(list).toMatchObject({ t: 'list', ordered: false, tight: true });
    const items = (list as { items: { children: Block[] }[] }).items;
    expect(items).toHaveLength(3);
    expect(items[1]!.children).toMatchObject([
      para(t('b')),
      {
        t: 'list',
        items: [{ children: [para(t('b1')), { t: 'list', items: [{ children: [para(t('b2'))] }] }] }],
      },
    ]);
    expect(parseMarkdown('3. x\n4. y')).toMatchObject([
      { t: 'list', ordered: true, start: 3, items: [{}, {}] },
    ]);
    expect(parseMarkdown('1. x\n   - nested under an ordered item\n2. y')).toMatchObject([
      { t: 'list', ordered: true, items: [{ children: [{}, { t: 'list', ordered: false }] }, {}] },
    ]);
    // Indented less than the item's text (3 columns after `1. `), a bullet starts a list of its own, as on GitHub.
    expect(parseMarkdown('1. x\n  - beside an ordered item\n2. y')).toMatchObject([
      { t: 'list', ordered: true, start: 1 },
      { t: 'list', ordered: false },
      { t: 'list', ordered: true, start: 2 },
    ]);
    expect(parseMarkdown('- a\n\n- b')).toMatchObject([{ t: 'list', tight: false }]);
    expect(parseMarkdown('- a\n+ b')).toMatchObject([{ t: 'list' }, { t: 'list' }]);
  });

  it('marks task list items checked or not', () => {
    expect(parseMarkdown('- [ ] todo\n- [x] done\n- [X] Done\n- plain')).toMatchObject([
      {
        t: 'list',
        items: [
          { checked: false, children: [para(t('todo'))] },
          { checked: true, children: [para(t('done'))] },
          { checked: true },
          { children: [para(t('plain'))] },
        ],
      },
    ]);
    expect('checked' in (parseMarkdown('- plain')[0] as { items: object[] }).items[0]!).toBe(false);
  });

  it('keeps fenced code (``` and ~~~) verbatim with its info string, and indented code', () => {
    const source =
      '```ts title\nconst a = `<b>` * 2; // **not bold**\n  <script>alert(1)</script>\n```\nafter';
    expect(parseMarkdown(source)).toEqual([
      {
        t: 'code',
        info: 'ts title',
        text: 'const a = `<b>` * 2; // **not bold**\n  <script>alert(1)</script>',
      },
      para(t('after')),
    ]);
    expect(parseMarkdown('~~~~\n~~~\n~~~~')).toEqual([{ t: 'code', info: '', text: '~~~' }]);
    expect(parseMarkdown('```\nnever closed\n\n# still code')).toEqual([
      { t: 'code', info: '', text: 'never closed\n\n# still code' },
    ]);
    expect(parseMarkdown('    npm test\n\n    npm run build\n\nafter')).toEqual([
      { t: 'code', info: '', text: 'npm test\n\nnpm run build' },
      para(t('after')),
    ]);
    expect(parseMarkdown('- item\n\n  ```sh\n  npm test\n  ```')).toMatchObject([
      { t: 'list', items: [{ children: [{}, { t: 'code', info: 'sh', text: 'npm test' }] }] },
    ]);
  });

  it('parses setext headings, and keeps an escaped task box as text', () => {
    expect(parseMarkdown('Title\n===\n\nSub\n---')).toEqual([
      { t: 'heading', level: 1, children: [t('Title')] },
      { t: 'heading', level: 2, children: [t('Sub')] },
    ]);
    expect(parseMarkdown('- \\[ ] not a task')).toEqual([
      {
        t: 'list',
        ordered: false,
        start: 1,
        tight: true,
        items: [{ children: [para(t('[ ] not a task'))] }],
      },
    ]);
  });

  it('parses blockquotes (nested, lazy continuation) and horizontal rules', () => {
    expect(parseMarkdown('> quoted\nlazy\n> > inner\n\n---\n* * *\n___')).toEqual([
      { t: 'quote', children: [para(t('quoted\nlazy')), { t: 'quote', children: [para(t('inner'))] }] },
      { t: 'hr' },
      { t: 'hr' },
      { t: 'hr' },
    ]);
  });

  it('parses simple GFM tables with alignment, escaped pipes and short rows', () => {
    expect(parseMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | `x\\|y` | **3** |\n| only |\n\nafter')).toEqual(
      [
        {
          t: 'table',
          align: ['left', 'center', 'right'],
          head: [[t('a')], [t('b')], [t('c')]],
          rows: [
            [[t('1')], [{ t: 'code', text: 'x|y' }], [{ t: 'strong', children: [t('3')] }]],
            [[t('only')], [], []],
          ],
        },
        para(t('after')),
      ],
    );
    expect(parseMarkdown('a | b\n--|--')[0]?.t).toBe('table');
    expect(parseMarkdown('a | b\n--|--|--')[0]?.t).toBe('paragraph');
  });

  it('caps the input at MAX_INPUT characters and says so', () => {
    const blocks = parseMarkdown(`${'a'.repeat(MAX_INPUT)}tail`);
    expect(blocks.at(-1)).toEqual({ t: 'truncated' });
    expect(plain(`${'a'.repeat(MAX_INPUT)}tail`)).toHaveLength(MAX_INPUT);
    expect(parseMarkdown('short').at(-1)?.t).toBe('paragraph');
  });

  it('flattens quotes and lists nested deeper than MAX_DEPTH into text', () => {
    let depth = 0;
    for (let b = parseMarkdown(`${'>'.repeat(1000)} deep`)[0]; b?.t === 'quote'; b = b.children[0]) depth++;
    expect(depth).toBe(MAX_DEPTH);
    expect(plain(`${'>'.repeat(1000)} deep`)).toBe(`${'>'.repeat(1000 - MAX_DEPTH)} deep`);
    const nested = Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    let lists = 0;
    walk(parseMarkdown(nested), (n) => {
      if ('t' in n && n.t === 'list') lists++;
    });
    expect(lists).toBeLessThanOrEqual(MAX_DEPTH);
    expect(plain(nested)).toContain('level 39');
  });
});

describe('Markdown inlines', () => {
  it('parses code spans, emphasis, strong, strikethrough and their nesting', () => {
    expect(inline('`a*b*` and ``x ` y``')).toEqual([
      { t: 'code', text: 'a*b*' },
      t(' and '),
      { t: 'code', text: 'x ` y' },
    ]);
    expect(inline('*em* _em_ **strong** __strong__ ~~del~~')).toEqual([
      { t: 'em', children: [t('em')] },
      t(' '),
      { t: 'em', children: [t('em')] },
      t(' '),
      { t: 'strong', children: [t('strong')] },
      t(' '),
      { t: 'strong', children: [t('strong')] },
      t(' '),
      { t: 'del', children: [t('del')] },
    ]);
    // One tilde strikes nothing (GitHub would strike `1..HEAD` here): agents write `HEAD~1..HEAD~3`.
    expect(inline('git diff HEAD~1..HEAD~3, ~del~')).toEqual([t('git diff HEAD~1..HEAD~3, ~del~')]);
    expect(inline('***both*** **a *b* c**')).toEqual([
      { t: 'em', children: [{ t: 'strong', children: [t('both')] }] },
      t(' '),
      { t: 'strong', children: [t('a '), { t: 'em', children: [t('b')] }, t(' c')] },
    ]);
    expect(inline('snake_case_name 2 * 3 * 4 ~~~x~~~ `unclosed')).toEqual([
      t('snake_case_name 2 * 3 * 4 ~~~x~~~ `unclosed'),
    ]);
  });

  it('applies backslash escapes to ASCII punctuation only', () => {
    expect(inline('\\*not em\\* \\`not code\\` \\[not](https://a.example) \\a')).toEqual([
      t('*not em* `not code` [not]('),
      { t: 'link', href: 'https://a.example/', children: [t('https://a.example')] },
      t(') \\a'),
    ]);
  });

  it('makes links of [text](url), <autolinks> and bare URLs, and images into labelled links', () => {
    expect(
      inline('[the *docs*](https://example.com/a_b "title") <https://x.example/p> mail <me@x.example>'),
    ).toEqual([
      {
        t: 'link',
        href: 'https://example.com/a_b',
        children: [t('the '), { t: 'em', children: [t('docs')] }],
      },
      t(' '),
      { t: 'link', href: 'https://x.example/p', children: [t('https://x.example/p')] },
      t(' mail '),
      { t: 'link', href: 'mailto:me@x.example', children: [t('me@x.example')] },
    ]);
    expect(inline('see https://example.com/a_(b)_c, then (http://x.example/y).')).toEqual([
      t('see '),
      { t: 'link', href: 'https://example.com/a_(b)_c', children: [t('https://example.com/a_(b)_c')] },
      t(', then ('),
      { t: 'link', href: 'http://x.example/y', children: [t('http://x.example/y')] },
      t(').'),
    ]);
    expect(inline('![a chart](https://img.example/c.png)')).toEqual([
      { t: 'link', href: 'https://img.example/c.png', image: true, children: [t('a chart')] },
    ]);
    expect(inline('[![badge](https://img.example/b.svg)](https://ci.example)')).toEqual([
      { t: 'link', href: 'https://ci.example/', children: [t('badge')] },
    ]);
    expect(inline('[outer [inner](https://a.example)](https://b.example)')).toEqual([
      t('[outer '),
      { t: 'link', href: 'https://a.example/', children: [t('inner')] },
      t(']('),
      { t: 'link', href: 'https://b.example/', children: [t('https://b.example')] },
      t(')'),
    ]);
    expect(links('[relative](./notes.md) [none]() [spaced](<https://a.example/x y>)')).toEqual([
      'https://a.example/x',
    ]);
    // The bracket is no link (a space in its URL), but the bare URL inside it is, up to the space.
    expect(links('[spaced](https://a.example/x y)')).toEqual(['https://a.example/x']);
    expect(inline('[none]()')).toEqual([t('none')]);
  });

  it('links bare URLs only with a scheme, reference links only to safe URLs, and decodes entities into text', () => {
    expect(
      links('README.md www.example.com me@x.example ftp://x.example //x.example mailto:me@x.example'),
    ).toEqual(['mailto:me@x.example']);
    expect(parseMarkdown('[a][r] and [r]\n\n[r]: https://x.example/r "title"')).toEqual([
      para({ t: 'link', href: 'https://x.example/r', children: [t('a')] }, t(' and '), {
        t: 'link',
        href: 'https://x.example/r',
        children: [t('r')],
      }),
    ]);
    expect(parseMarkdown('[x][r]\n\n[r]: javascript:alert(1)')).toEqual([
      para(t('[x][r]')),
      para(t('[r]: javascript:alert(1)')),
    ]);
    // The override arrives as a character; the page shows it as `\u202e` (markdown.tsx: visible).
    expect(inline('&lt;script&gt; &#x202e; &amp;')).toEqual([t('<script> \u202e &')]);
  });

  it('flattens emphasis nested deeper than MAX_NEST into its literal markers', () => {
    const md = `${'*x '.repeat(40)}y${' z*'.repeat(40)}`;
    let depth = 0;
    for (let n = inline(md)[0]; n?.t === 'em'; n = n.children.find((c) => c.t === 'em')) depth++;
    expect(depth).toBe(MAX_NEST);
    const deeper = 40 - MAX_NEST;
    expect(plain(md)).toBe(
      `${'x '.repeat(MAX_NEST)}${'*x '.repeat(deeper)}y${' z*'.repeat(deeper)}${' z'.repeat(MAX_NEST)}`,
    );
  });
});

describe('hostile board text', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](java\nscript:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](java\\nscript:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](&#x6A;avascript:alert(1))',
    '[x]( javascript:alert(1))',
    '[x](<javascript:alert(1)>)',
    '[x](data:text/html,<script>alert(1)</script>)',
    '[x](vbscript:msgbox(1))',
    '[x](file:///etc/passwd)',
    '[x](//evil.example)',
    '<javascript:alert(1)>',
    '<JAVASCRIPT:alert(1)>',
    '![x](javascript:alert(1))',
    '![x](data:image/svg+xml,<svg onload=alert(1)>)',
    'javascript:alert(1)',
    'https\t://x.example',
    '[x](https://a.example\u0000)',
    '[x][r]\n\n[r]: javascript:alert(1)',
    '[x]\n\n[x]: data:text/html,<script>alert(1)</script>',
  ];

  it.each(payloads)(
    '%j gives no link but javascript, data, vbscript and file URLs, and keeps HTML as text',
    (md) => {
      for (const href of links(md)) expect(href).toMatch(/^(?:https?|mailto):/);
      expect(links(md)).toEqual([]);
      const text = plain(md);
      for (const tag of ['<script>', '<img', '<svg']) if (md.includes(tag)) expect(text).toContain(tag);
    },
  );

  it('accepts only http, https and mailto URLs in safeHref', () => {
    expect(safeHref('https://a.example/x?y=1#z')).toBe('https://a.example/x?y=1#z');
    expect(safeHref('HTTP://A.example')).toBe('http://a.example/');
    expect(safeHref('mailto:me@x.example')).toBe('mailto:me@x.example');
    for (const bad of [
      'javascript:alert(1)',
      ' https://a.example',
      'https://a.example\n',
      'ftp://a.example',
      '',
    ]) {
      expect(safeHref(bad)).toBeUndefined();
    }
    expect(safeHref(`https://a.example/${'x'.repeat(5000)}`)).toBeUndefined();
  });

  it('never links a URL holding a bidi override or isolate: the link text could hide where it goes', () => {
    for (const ch of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(safeHref(`https://a.example/${ch}gpj.exe`)).toBeUndefined();
      expect(
        links(`[x](https://a.example/${ch}y) <https://a.example/${ch}z> https://a.example/${ch}w`),
      ).toEqual([]);
    }
  });
});

describe('any text', () => {
  // Markdown's own characters, URL pieces and HTML, so the generator reaches links, code, emphasis and containers.
  const piece = fc.constantFrom(
    ...[
      '*',
      '_',
      '~',
      '`',
      '[',
      ']',
      '(',
      ')',
      '!',
      '<',
      '>',
      '\\',
      '\n',
      '\n\n',
      ' ',
      '  ',
      '\t',
      '#',
      '-',
      '|',
    ],
    ...['1.', '- [ ]', '```', '---', 'https://a.example', 'javascript:', 'mailto:', 'x', '&#106;', ':', '"'],
  );
  it('parses without throwing, and links only to http, https and mailto', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }).map((parts) => parts.join('')),
        (md) => {
          for (const href of links(md)) expect(href).toMatch(/^(?:https?:\/\/|mailto:)/);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('pathological input', () => {
  // Each parses (its time is the bench's: bench/markdown.mjs, < 500 ms).
  it.each(PATHOLOGICAL)('%s', (_, md) => {
    const tree = parseMarkdown(md);
    expect(tree.length).toBeGreaterThan(0);
  });
});
