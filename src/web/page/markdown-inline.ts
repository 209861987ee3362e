// Inline Markdown (code spans, emphasis, links, breaks) → a small node tree, in linear time; pure and DOM-free.
// It follows CommonMark's delimiter-stack algorithm (openers-bottom and the bracket stack keep it linear), with
// GFM strikethrough and bare URLs. A link exists only when `safeHref` accepts its URL; anything else stays text.

import { ASCII_PUNCT, autolink, bareUrl, isPunct, isSpace, linkTarget, safeHref } from './markdown-url.js';

export type Inline =
  | { t: 'text'; text: string }
  | { t: 'code'; text: string }
  | { t: 'br' }
  | { t: 'em' | 'strong' | 'del'; children: Inline[] }
  | { t: 'link'; href: string; image?: true; children: Inline[] };

/** Emphasis and links nest at most this deep; deeper markers show as their literal characters. */
export const MAX_NEST = 16;

type Kind = 'em' | 'strong' | 'del';
interface Mark {
  id: number;
  kind: Kind;
  size: number;
}
interface Delim {
  char: string;
  len: number;
  left: number;
  pos: number;
  canOpen: boolean;
  canClose: boolean;
  /** Matches made here (few runs get any, so made on the first). */
  opens?: Mark[];
  closes?: Mark[];
  prev?: Delim;
  next?: Delim;
}
interface Bracket {
  image: boolean;
  bottom: Delim;
  link?: { id: number; href: string };
}
type Piece = { text: string } | { node: Inline } | { delim: Delim } | { bracket: Bracket } | { end: number };

const SPECIAL = new Uint8Array(128);
for (const ch of '\\`*_~[]!<\nhH') SPECIAL[ch.charCodeAt(0)] = 1;
/** Parses one paragraph's (or heading's, or table cell's) text. */
export function parseInline(src: string): Inline[] {
  const pieces: Piece[] = [];
  const brackets: Bracket[] = [];
  const head: Delim = {
    char: '',
    len: 0,
    left: 0,
    pos: -1,
    canOpen: false,
    canClose: false,
  };
  let tail = head;
  let inactiveBelow = 0; // brackets under this index cannot form links (no links inside links)
  let ids = 0;
  let pos = 0;
  let text = '';
  const flush = () => {
    if (text) pieces.push({ text });
    text = '';
  };
  const closer = backtickCloser(src);
  let i = 0;
  while (i < src.length) {
    let j = i;
    while (j < src.length && SPECIAL[src.charCodeAt(j)] !== 1) j++;
    // Spaces before a newline are dropped here rather than trimmed off `text`, which would flatten it (quadratic).
    let k = j;
    while (src[j] === '\n' && k > i && src[k - 1] === ' ') k--;
    text += src.slice(i, k);
    const spaces = j - k;
    i = j;
    if (i >= src.length) break;
    const ch = src[i]!;
    const next = src[i + 1] ?? '';
    if (ch === '\\') {
      if (next === '\n') {
        flush();
        pieces.push({ node: { t: 'br' } });
      } else if (ASCII_PUNCT.test(next)) text += next;
      else text += '\\';
      i += next === '\n' || ASCII_PUNCT.test(next) ? 2 : 1;
    } else if (ch === '\n') {
      if (spaces >= 2) {
        flush();
        pieces.push({ node: { t: 'br' } });
      } else text += '\n';
      i++;
    } else if (ch === '`') {
      const n = runLength(src, i);
      const end = closer(n, i + n);
      if (end < 0) text += src.slice(i, i + n);
      else {
        flush();
        pieces.push({ node: { t: 'code', text: codeText(src.slice(i + n, end)) } });
      }
      i = end < 0 ? i + n : end + n;
    } else if (ch === '*' || ch === '_' || ch === '~') {
      const n = runLength(src, i);
      if (ch === '~' && n > 2) text += src.slice(i, i + n);
      else {
        flush();
        const d = delimiter(src, i, n, pos++);
        d.prev = tail;
        tail.next = d;
        tail = d;
        pieces.push({ delim: d });
      }
      i += n;
    } else if (ch === '[' || (ch === '!' && next === '[')) {
      flush();
      const b = { image: ch === '!', bottom: tail };
      brackets.push(b);
      pieces.push({ bracket: b });
      i += ch === '!' ? 2 : 1;
    } else if (ch === ']') {
      const b = brackets.pop();
      const active = brackets.length >= inactiveBelow;
      inactiveBelow = Math.min(inactiveBelow, brackets.length);
      const target = b && active && next === '(' ? linkTarget(src, i + 2) : undefined;
      if (!b || !target) {
        text += ']';
        i++;
        continue;
      }
      flush();
      processEmphasis(b.bottom, () => ids++);
      tail = b.bottom;
      tail.next = undefined;
      b.link = { id: ids++, href: target.href };
      pieces.push({ end: b.link.id });
      if (!b.image) inactiveBelow = brackets.length;
      i = target.end;
    } else if (ch === '<') {
      const auto = autolink(src, i);
      if (auto) {
        flush();
        pieces.push({ node: { t: 'link', href: auto.href, children: [{ t: 'text', text: auto.label }] } });
        i = auto.end;
      } else {
        text += ch;
        i++;
      }
    } else {
      const url = ch === 'h' || ch === 'H' ? bareUrl(src, i) : undefined;
      const href = url === undefined ? undefined : safeHref(url);
      if (url === undefined || href === undefined) {
        text += ch;
        i++;
      } else {
        flush();
        pieces.push({ node: { t: 'link', href, children: [{ t: 'text', text: url }] } });
        i += url.length;
      }
    }
  }
  flush();
  processEmphasis(head, () => ids++);
  return build(pieces);
}

function runLength(src: string, i: number): number {
  let n = 1;
  while (src[i + n] === src[i]) n++;
  return n;
}

/** Finds, for a backtick run of length n, the next run of exactly that length at or after `from` (-1: none). */
function backtickCloser(src: string): (n: number, from: number) => number {
  const starts = new Map<number, number[]>();
  for (let i = src.indexOf('`'); i >= 0; i = src.indexOf('`', i)) {
    const n = runLength(src, i);
    const list = starts.get(n) ?? [];
    list.push(i);
    starts.set(n, list);
    i += n;
  }
  const cursor = new Map<number, number>();
  return (n, from) => {
    const list = starts.get(n) ?? [];
    let c = cursor.get(n) ?? 0;
    while (c < list.length && list[c]! < from) c++;
    cursor.set(n, c);
    return list[c] ?? -1;
  };
}

function codeText(raw: string): string {
  const s = raw.replaceAll('\n', ' ');
  return s.length > 2 && s.startsWith(' ') && s.endsWith(' ') && s.trim() !== '' ? s.slice(1, -1) : s;
}

function delimiter(src: string, i: number, n: number, pos: number): Delim {
  const before = src[i - 1] ?? ' ';
  const after = src[i + n] ?? ' ';
  const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
  const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
  const under = src[i] === '_';
  return {
    char: src[i]!,
    len: n,
    left: n,
    pos,
    canOpen: under ? left && (!right || isPunct(before)) : left,
    canClose: under ? right && (!left || isPunct(after)) : right,
  };
}

function matches(op: Delim, cl: Delim): boolean {
  if (!op.canOpen || op.char !== cl.char) return false;
  if (cl.char === '~') return op.left === cl.left;
  const oddPair = (op.canClose || cl.canOpen) && (op.len + cl.len) % 3 === 0;
  return !oddPair || (op.len % 3 === 0 && cl.len % 3 === 0);
}

/** CommonMark's "process emphasis" over the delimiters above `bottom`; matches are recorded on the delimiters. */
function processEmphasis(bottom: Delim, newId: () => number): void {
  const floors = new Map<number, number>();
  const unlink = (d: Delim) => {
    if (d.prev) d.prev.next = d.next;
    if (d.next) d.next.prev = d.prev;
  };
  let cur = bottom.next;
  while (cur) {
    if (!cur.canClose) {
      cur = cur.next;
      continue;
    }
    // Openers below a failed search's floor cannot match a later closer of the same kind: CommonMark's openers_bottom.
    const key =
      cur.char.charCodeAt(0) * 16 + (cur.canOpen ? 8 : 0) + (cur.char === '~' ? cur.len : cur.len % 3);
    const floor = Math.max(floors.get(key) ?? bottom.pos, bottom.pos);
    let op = cur.prev;
    while (op && op.pos > floor && !matches(op, cur)) op = op.prev;
    if (op && op.pos > floor) {
      const size = cur.char === '~' ? cur.left : op.left >= 2 && cur.left >= 2 ? 2 : 1;
      const kind: Kind = cur.char === '~' ? 'del' : size === 2 ? 'strong' : 'em';
      const mark = { id: newId(), kind, size };
      op.opens = [...(op.opens ?? []), mark];
      cur.closes = [...(cur.closes ?? []), mark];
      op.left -= size;
      cur.left -= size;
      op.next = cur;
      cur.prev = op;
      if (op.left === 0) unlink(op);
      if (cur.left === 0) {
        unlink(cur);
        cur = cur.next;
      }
    } else {
      floors.set(key, cur.prev?.pos ?? bottom.pos);
      if (!cur.canOpen) unlink(cur);
      cur = cur.next;
    }
  }
  bottom.next = undefined;
}

/** Turns the flat pieces and their recorded matches into a tree, flattening past MAX_NEST and links in links. */
function build(pieces: Piece[]): Inline[] {
  const root: Inline[] = [];
  const stack: { id: number; children: Inline[]; literal: string; link: boolean; real: boolean }[] = [];
  const open = new Set<number>();
  let depth = 0;
  let links = 0;
  const here = () => stack.at(-1)?.children ?? root;
  const add = (node: Inline) => {
    const into = here();
    const last = into.at(-1);
    if (node.t === 'text' && last?.t === 'text') last.text += node.text;
    else into.push(node);
  };
  const push = (id: number, node: Inline & { children: Inline[] }, literal: string) => {
    const link = node.t === 'link';
    const real = depth < MAX_NEST && !(link && links > 0);
    if (real) add(node);
    else if (literal) add({ t: 'text', text: literal });
    stack.push({ id, children: real ? node.children : here(), literal, link, real });
    open.add(id);
    if (real) depth++;
    if (real && link) links++;
  };
  const pop = (id: number) => {
    if (!open.has(id)) return;
    for (let f = stack.pop(); f; f = stack.pop()) {
      open.delete(f.id);
      if (f.real) depth--;
      if (f.real && f.link) links--;
      if (!f.real && f.literal) add({ t: 'text', text: f.literal });
      if (f.id === id) return;
    }
  };
  for (const piece of pieces) {
    if ('text' in piece) add({ t: 'text', text: piece.text });
    else if ('node' in piece) add(piece.node);
    else if ('end' in piece) pop(piece.end);
    else if ('bracket' in piece) {
      const { link, image } = piece.bracket;
      if (!link) add({ t: 'text', text: image ? '![' : '[' });
      else push(link.id, { t: 'link', href: link.href, children: [], ...(image ? { image: true } : {}) }, '');
    } else {
      const d = piece.delim;
      for (const mark of d.closes ?? []) pop(mark.id);
      if (d.left > 0) add({ t: 'text', text: d.char.repeat(d.left) });
      for (let m = (d.opens?.length ?? 0) - 1; m >= 0; m--) {
        const mark = d.opens![m]!;
        push(mark.id, { t: mark.kind, children: [] }, d.char.repeat(mark.size));
      }
    }
  }
  return root;
}
