// Board text rendered as Markdown: the tree markdown-parse.ts makes of markdown-it's tokens, mapped to Preact elements
// (never markdown-it's HTML renderer, never innerHTML). Never raw HTML:
// every string reaches the DOM as a text node or as an href that `safeHref` accepted, and every text as `visible`
// shows it (a bidi override as `\u202e`) — after parsing, so an escape never changes what the Markdown means.
import { type ComponentChild, Fragment, type JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import {
  type Align,
  type Block,
  type Inline,
  type Item,
  parseMarkdown,
  shownLevel,
} from './markdown-parse.js';
import { visible } from './visible.js';

const HEADINGS = { 2: 'h2', 3: 'h3', 4: 'h4', 5: 'h5', 6: 'h6' } as const;

export function Markdown(props: { text: string }): JSX.Element {
  const blocks = useMemo(() => parseMarkdown(props.text), [props.text]);
  return <div class="md">{blocks.map((b, i) => block(b, i, false))}</div>;
}

function block(b: Block, key: number, tight: boolean): ComponentChild {
  switch (b.t) {
    case 'heading': {
      const Tag = HEADINGS[shownLevel(b.level)];
      return <Tag key={key}>{inlines(b.children)}</Tag>;
    }
    case 'paragraph':
      return tight ? (
        <Fragment key={key}>{inlines(b.children)}</Fragment>
      ) : (
        <p key={key}>{inlines(b.children)}</p>
      );
    case 'code':
      return (
        <div key={key} class="md-code">
          {b.info ? <span class="md-code-info">{visible(b.info)}</span> : null}
          <pre>
            <code>{visible(b.text)}</code>
          </pre>
        </div>
      );
    case 'quote':
      return <blockquote key={key}>{b.children.map((c, i) => block(c, i, false))}</blockquote>;
    case 'list': {
      const items = b.items.map((item, i) => listItem(item, i, b.tight));
      return b.ordered ? (
        <ol key={key} start={b.start === 1 ? undefined : b.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'hr':
      return <hr key={key} />;
    case 'table':
      return (
        <table key={key} class="md-table">
          <thead>
            <tr>{b.head.map((cell, i) => tableCell('th', cell, b.align[i], i))}</tr>
          </thead>
          <tbody>
            {b.rows.map((row, r) => (
              <tr key={r}>{row.map((cell, i) => tableCell('td', cell, b.align[i], i))}</tr>
            ))}
          </tbody>
        </table>
      );
    case 'truncated':
      return (
        <p key={key} class="md-truncated">
          … (truncated)
        </p>
      );
  }
}

function listItem(item: Item, key: number, tight: boolean): JSX.Element {
  const box =
    item.checked === undefined ? null : (
      <input type="checkbox" class="md-task" disabled checked={item.checked} />
    );
  return (
    <li key={key} class={box ? 'md-task-item' : undefined}>
      {box}
      {item.children.map((c, i) => block(c, i, tight))}
    </li>
  );
}

// Alignment by class, not a style attribute, so a strict style-src CSP needs no exception.
function tableCell(Tag: 'th' | 'td', cell: Inline[], align: Align, key: number): JSX.Element {
  return (
    <Tag key={key} class={align ? `md-align-${align}` : undefined}>
      {inlines(cell)}
    </Tag>
  );
}

function inlines(nodes: Inline[]): ComponentChild[] {
  return nodes.map(inline);
}

function inline(n: Inline, key: number): ComponentChild {
  switch (n.t) {
    case 'text':
      return visible(n.text);
    case 'code':
      return <code key={key}>{visible(n.text)}</code>;
    case 'br':
      return <br key={key} />;
    case 'em':
      return <em key={key}>{inlines(n.children)}</em>;
    case 'strong':
      return <strong key={key}>{inlines(n.children)}</strong>;
    case 'del':
      return <del key={key}>{inlines(n.children)}</del>;
    case 'link':
      // An image is never loaded: it is a link to the picture, labelled with its alt text (or the URL).
      return (
        <a
          key={key}
          href={n.href}
          rel="noopener noreferrer nofollow"
          target="_blank"
          class={n.image ? 'md-image' : undefined}
          title={n.image ? visible(n.href) : undefined}
        >
          {n.children.length > 0 ? inlines(n.children) : visible(n.href)}
        </a>
      );
  }
}
