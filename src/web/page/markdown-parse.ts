// Markdown text → a small tree of blocks (pure, DOM-free; `markdown.tsx` maps it to elements), parsed by markdown-it:
// CommonMark with GFM tables, ~~strikethrough~~, task items and bare URLs. Board text is hostile: HTML is never
// recognised (it stays text), a link exists only where `safeHref` accepts its URL, the input is capped, and quotes
// and lists nest at most MAX_DEPTH deep, emphasis and links MAX_NEST deep — deeper markers show as text.
import MarkdownIt, { type Env, type Ruler, type StateBlock, type StateInline, type Token } from 'markdown-it';
import { safeHref } from './markdown-url.js';

export { safeHref } from './markdown-url.js';

/** Characters parsed; the rest is dropped and a `truncated` block says so. */
export const MAX_INPUT = 200_000;
/** Quotes and lists nest at most this deep; deeper markers show as text. */
export const MAX_DEPTH = 16;
/** Emphasis and links nest at most this deep; deeper markers show as their literal characters. */
export const MAX_NEST = 16;
/** Table columns shown; cells past them are dropped. */
const MAX_COLUMNS = 64;

export type Inline =
  | { t: 'text'; text: string }
  | { t: 'code'; text: string }
  | { t: 'br' }
  | { t: 'em' | 'strong' | 'del'; children: Inline[] }
  | { t: 'link'; href: string; image?: true; children: Inline[] };
export type Align = 'left' | 'center' | 'right' | undefined;
export interface Item {
  /** undefined: not a task item. */
  checked?: boolean;
  children: Block[];
}
export type Block =
  | { t: 'heading'; level: number; children: Inline[] }
  | { t: 'paragraph'; children: Inline[] }
  | { t: 'code'; info: string; text: string }
  | { t: 'quote'; children: Block[] }
  | { t: 'list'; ordered: boolean; start: number; tight: boolean; items: Item[] }
  | { t: 'hr' }
  | { t: 'table'; align: Align[]; head: Inline[][]; rows: Inline[][][] }
  | { t: 'truncated' };

/** The heading level to render for a `#` level: one smaller, so a note's `#` never outweighs the page (cap h6). */
export function shownLevel(level: number): 2 | 3 | 4 | 5 | 6 {
  return Math.min(Math.max(level + 1, 2), 6) as 2 | 3 | 4 | 5 | 6;
}

// maxNesting bounds markdown-it's own recursion. A block nested deeper is dropped, so it must clear MAX_DEPTH lists
// (two levels each); inline, it bounds the work per `[` of a run of unclosed brackets (the default, 100, is 2.5× slower).
const md = new MarkdownIt('default', {
  html: false,
  linkify: true,
  typographer: false,
  maxNesting: 2 * MAX_DEPTH + 8,
});
// A URL is judged as written (escapes and entities undone), never percent-encoded first: encoding would turn the
// space or the bidi control that `safeHref` refuses into `%20` or `%E2%80%AE`. Its text is shown as written too.
md.normalizeLink = (url) => url;
md.normalizeLinkText = (url) => url;
md.validateLink = (url) => safeHref(url) !== undefined;
// Bare URLs only with their scheme (`README.md` names a file, not a web site), and only schemes a link may have.
md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false }).add('ftp:', null).add('//', null);

interface DepthEnv extends Env {
  depth: number;
}
for (const name of ['blockquote', 'list']) {
  wrapRule(md.block.ruler, name, (rule) => (state: StateBlock, start, end, silent) => {
    const env = state.env as DepthEnv;
    if (env.depth >= MAX_DEPTH) return false;
    env.depth++;
    try {
      return rule(state, start, end, silent);
    } finally {
      env.depth--;
    }
  });
}
// GFM: a run of three or more tildes is text (markdown-it would strike the `x` of `~~~x~~~`).
wrapRule(md.inline.ruler, 'strikethrough', (rule) => (state: StateInline, silent) => {
  let end = state.pos;
  while (state.src.charCodeAt(end) === 0x7e) end++;
  if (silent || end - state.pos < 3) return rule(state, silent);
  state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
});

/** Replaces markdown-it's rule `name` by `wrap(rule)`, in every chain that holds it. */
function wrapRule<Args extends unknown[]>(
  ruler: Ruler<Args, boolean>,
  name: string,
  wrap: (rule: (...args: Args) => boolean) => (...args: Args) => boolean,
): void {
  const found = ruler.__rules__.find((r) => r.name === name);
  if (!found) throw new Error(`markdown-it has no rule ${name}`);
  ruler.at(name, wrap(found.fn), { alt: found.alt });
}

export function parseMarkdown(text: string): Block[] {
  let end = Math.min(text.length, MAX_INPUT);
  if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1]!)) end--;
  const env: DepthEnv = { depth: 0 };
  const blocks: Block[] = [];
  readBlocks(md.parse(text.slice(0, end), env), { i: 0 }, blocks);
  if (end < text.length) blocks.push({ t: 'truncated' });
  return blocks;
}

/**
 * Blocks from `at.i` to the end or to the token that closes their container (consumed). Returns whether a paragraph
 * among them shows as one: markdown-it hides the paragraphs of a tight list's items.
 */
function readBlocks(tokens: Token[], at: { i: number }, out: Block[]): boolean {
  let shownParagraph = false;
  while (at.i < tokens.length) {
    const token = tokens[at.i++]!;
    switch (token.type) {
      case 'heading_open':
        out.push({ t: 'heading', level: Number(token.tag.slice(1)), children: inlineAt(tokens, at) });
        break;
      case 'paragraph_open':
        out.push({ t: 'paragraph', children: inlineAt(tokens, at) });
        if (!token.hidden) shownParagraph = true;
        break;
      case 'fence':
      case 'code_block':
        out.push({
          t: 'code',
          info: md.utils.unescapeAll(token.info).trim(),
          text: token.content.replace(/\n$/, ''),
        });
        break;
      case 'hr':
        out.push({ t: 'hr' });
        break;
      case 'blockquote_open': {
        const children: Block[] = [];
        readBlocks(tokens, at, children);
        out.push({ t: 'quote', children });
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        out.push(readList(tokens, at, token));
        break;
      case 'table_open':
        out.push(readTable(tokens, at));
        break;
      default:
        if (token.nesting === -1) return shownParagraph;
    }
  }
  return shownParagraph;
}

/** The inline content at `at.i` (the token after a heading's, paragraph's or cell's open) and its close, read. */
function inlineAt(tokens: Token[], at: { i: number }): Inline[] {
  const children = inlines(tokens[at.i]!.children ?? []);
  at.i += 2;
  return children;
}

const TASK = /^\[([ xX])\](?=[ \t\n]|$)/;

function readList(tokens: Token[], at: { i: number }, open: Token): Block {
  const items: Item[] = [];
  let tight = true;
  while (tokens[at.i++]?.type === 'list_item_open') {
    // A task as written (`\[ ]` is text): the item's first paragraph starts with `[ ]` or `[x]`.
    const source = tokens[at.i]?.type === 'paragraph_open' ? tokens[at.i + 1]?.content : undefined;
    const task = source === undefined ? null : TASK.exec(source);
    const children: Block[] = [];
    if (readBlocks(tokens, at, children)) tight = false;
    items.push(task && dropBox(children) ? { checked: task[1] !== ' ', children } : { children });
  }
  const ordered = open.type === 'ordered_list_open';
  return { t: 'list', ordered, start: ordered ? Number(open.attrGet('start') ?? 1) : 1, tight, items };
}

/** Removes a task item's `[ ]` from the start of its text (the page shows a box instead); false: it is not there. */
function dropBox(children: Block[]): boolean {
  const paragraph = children[0];
  if (paragraph?.t !== 'paragraph') return false;
  const first = paragraph.children[0];
  if (first?.t !== 'text' || !TASK.test(first.text)) return false;
  first.text = first.text.slice(3).replace(/^[ \t]+/, '');
  if (!first.text) paragraph.children.shift();
  return true;
}

function readTable(tokens: Token[], at: { i: number }): Block {
  const align: Align[] = [];
  const rows: Inline[][][] = [];
  for (let token = tokens[at.i++]; token && token.type !== 'table_close'; token = tokens[at.i++]) {
    if (token.type === 'tr_open') rows.push([]);
    else if (token.type === 'th_open' || token.type === 'td_open') {
      const row = rows.at(-1)!;
      if (row.length < MAX_COLUMNS) {
        if (token.type === 'th_open') align.push(alignOf(token));
        row.push(inlineAt(tokens, at));
      } else at.i += 2;
    }
  }
  const [head = [], ...body] = rows;
  return { t: 'table', align, head, rows: body };
}

function alignOf(cell: Token): Align {
  const style = String(cell.attrGet('style') ?? '');
  return (/text-align:(left|center|right)/.exec(style)?.[1] as Align) ?? undefined;
}

/**
 * Inline tokens → nodes. Past MAX_NEST open marks, a mark shows as its characters; a link inside a link (an image in
 * one) shows as its text; a link whose href `safeHref` refuses (markdown-it keeps an empty `[x]()`) shows as its text.
 */
function inlines(tokens: Token[], inLink = false): Inline[] {
  const root: Inline[] = [];
  const stack: { children: Inline[]; literal: string; real: boolean; link: boolean }[] = [];
  let depth = 0;
  let links = inLink ? 1 : 0;
  const here = () => stack.at(-1)?.children ?? root;
  const text = (s: string) => {
    const into = here();
    const last = into.at(-1);
    if (last?.t === 'text') last.text += s;
    else if (s) into.push({ t: 'text', text: s });
  };
  const open = (node: (Inline & { children: Inline[] }) | undefined, literal: string) => {
    const link = node?.t === 'link';
    if (!node || depth >= MAX_NEST || (link && links > 0)) {
      text(literal);
      stack.push({ children: here(), literal, real: false, link: false });
      return;
    }
    here().push(node);
    stack.push({ children: node.children, literal, real: true, link });
    depth++;
    if (link) links++;
  };
  const close = () => {
    const frame = stack.pop();
    if (!frame?.real) text(frame?.literal ?? '');
    else {
      depth--;
      if (frame.link) links--;
    }
  };
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        text(token.content);
        break;
      case 'softbreak':
        text('\n');
        break;
      case 'hardbreak':
        here().push({ t: 'br' });
        break;
      case 'code_inline':
        here().push({ t: 'code', text: token.content });
        break;
      case 'em_open':
      case 'strong_open':
      case 's_open':
        open({ t: MARKS[token.type]!, children: [] }, token.markup);
        break;
      case 'link_open': {
        const href = safeHref(String(token.attrGet('href') ?? ''));
        open(href === undefined ? undefined : { t: 'link', href, children: [] }, '');
        break;
      }
      case 'image': {
        const href = safeHref(String(token.attrGet('src') ?? ''));
        const alt = inlines(token.children ?? [], true);
        if (href !== undefined && links === 0) here().push({ t: 'link', href, image: true, children: alt });
        else for (const node of alt) node.t === 'text' ? text(node.text) : here().push(node);
        break;
      }
      default:
        if (token.nesting === -1) close();
    }
  }
  return root;
}

const MARKS: Record<string, 'em' | 'strong' | 'del'> = {
  em_open: 'em',
  strong_open: 'strong',
  s_open: 'del',
};
