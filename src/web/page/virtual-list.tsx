// A windowed list: of thousands of rows only those near the viewport are in the DOM, between two paddings that stand
// for the rest (their heights measured with a ResizeObserver once a row has been shown, estimated before). The rows
// are the caller's own elements, direct children of the list element (role tree, list…), one element per item.
//
// It scrolls with whatever scrolls it (the list pane on a wide screen, the main area on a narrow one: the nearest
// scrolling ancestor, looked for again on resize). `activeIndex` (the roving-tabindex row, the selection) is kept in
// the DOM even when scrolled far away, so the focus and the list's one tab stop are never lost; `scrollToIndex`
// brings a row into view (a deep link, a keyboard move), correcting for heights it learns on the way.
// Rows must not use `content-visibility: auto` (an off-screen row would be measured at its placeholder size).
import { Component, type ComponentChildren, createRef, type JSX } from 'preact';
import { type Align, rowOffsets, rowRange, scrollFor } from './virtual-rows.js';

export interface VirtualListProps<T> {
  items: readonly T[];
  itemKey: (item: T, index: number) => string;
  /** One element per item (it becomes a direct child of the list element; give it a `key`-free root). */
  renderItem: (item: T, index: number) => ComponentChildren;
  /** A row's height before it is measured (px), for all rows or per row. */
  estimate: number | ((index: number) => number);
  /** Pixels rendered beyond each edge of the viewport (default 800). */
  overscan?: number;
  /** This row stays rendered wherever the list is scrolled (the focusable one). */
  activeIndex?: number;
  class?: string;
  role?: JSX.HTMLAttributes<HTMLDivElement>['role'];
  label?: string;
  testId?: string;
}

interface State {
  start: number;
  end: number;
  /** Bumped when a measured height changes (the offsets are computed again). */
  measured: number;
}

export interface ScrollOptions {
  align?: Align;
  /** Focus the row once it is in place. */
  focus?: boolean;
}

const DEFAULT_OVERSCAN = 800;
/** A scroll that has not settled after this many frames gives up (heights still changing under it). */
const SETTLE_FRAMES = 8;

export class VirtualList<T> extends Component<VirtualListProps<T>, State> {
  override state: State = { start: 0, end: 0, measured: 0 };
  private readonly list = createRef<HTMLDivElement>();
  private heights = new Map<string, number>();
  private keys: string[] = [];
  private offsets: Float64Array = new Float64Array(1);
  private offsetsFor: { items?: readonly T[]; measured: number } = { measured: -1 };
  private scroller: HTMLElement | null = null;
  private sizeObserver?: ResizeObserver;
  private rowObserver?: ResizeObserver;
  private observed = new Map<Element, string>();
  private pending?: { index: number; options: ScrollOptions; frames: number };
  private frame = 0;
  private rendered = { start: 0, end: 0, pinned: -1, first: 0 };
  private lastItems?: readonly T[];

  /** Brings row `index` into view (default: centred), rendering it first; `focus` focuses it once there. */
  scrollToIndex(index: number, options: ScrollOptions = {}): void {
    if (index < 0 || index >= this.props.items.length) return;
    this.pending = { index, options, frames: 0 };
    this.settle();
  }

  /** The rendered element of row `index`, if it is in the DOM (each item renders one element, in order). */
  element(index: number): HTMLElement | undefined {
    const list = this.list.current;
    const { start, end, pinned, first } = this.rendered;
    if (!list) return undefined;
    if (index === pinned)
      return (list.children[first === 1 ? 0 : end - start] as HTMLElement | undefined) ?? undefined;
    if (index < start || index >= end) return undefined;
    return (list.children[first + index - start] as HTMLElement | undefined) ?? undefined;
  }
  /** Whether row `index` is in the window (not only kept as the pinned active row). */
  private inWindow(index: number): boolean {
    return index >= this.rendered.start && index < this.rendered.end;
  }

  override componentDidMount(): void {
    this.sizeObserver = new ResizeObserver(() => this.update());
    this.rowObserver = new ResizeObserver((entries) => this.measure(entries));
    this.attach();
    window.addEventListener('resize', this.onResize);
    this.afterRender();
    this.update();
  }

  override componentDidUpdate(): void {
    this.afterRender();
  }

  override componentWillUnmount(): void {
    this.scroller?.removeEventListener('scroll', this.onScroll);
    window.removeEventListener('scroll', this.onScroll);
    window.removeEventListener('resize', this.onResize);
    this.sizeObserver?.disconnect();
    this.rowObserver?.disconnect();
    cancelAnimationFrame(this.frame);
  }

  override render() {
    const { items, renderItem, activeIndex } = this.props;
    const offsets = this.layout();
    const n = items.length;
    const start = Math.min(this.state.start, n);
    const end = Math.min(Math.max(this.state.end, start), n);
    const rows: ComponentChildren[] = [];
    const pinned = activeIndex !== undefined && activeIndex >= 0 && activeIndex < n ? activeIndex : -1;
    // Outside the window the active row stays the same element, a child like the others (moved to another parent it
    // would lose the focus); afterRender takes it out of the flow, where it would be.
    const pin = (index: number) => <Slot key={this.keys[index]}>{renderItem(items[index]!, index)}</Slot>;
    const before = pinned >= 0 && pinned < start;
    const after = pinned >= end;
    if (before) rows.push(pin(pinned));
    for (let i = start; i < end; i++) rows.push(<Slot key={this.keys[i]}>{renderItem(items[i]!, i)}</Slot>);
    if (after) rows.push(pin(pinned));
    this.rendered = { start, end, pinned: before || after ? pinned : -1, first: before ? 1 : 0 };
    return (
      <div
        ref={this.list}
        class={this.props.class}
        {...{ role: this.props.role, 'aria-label': this.props.label }}
        data-testid={this.props.testId}
        data-virtual-rows={n}
        style={{
          position: 'relative',
          paddingTop: `${offsets[start] ?? 0}px`,
          paddingBottom: `${(offsets[n] ?? 0) - (offsets[end] ?? 0)}px`,
        }}
      >
        {rows}
      </div>
    );
  }

  private layout(): Float64Array {
    const { items, itemKey, estimate } = this.props;
    if (this.offsetsFor.items !== items || this.offsetsFor.measured !== this.state.measured) {
      if (this.offsetsFor.items !== items) this.keys = items.map(itemKey);
      this.offsets = rowOffsets(this.keys, this.heights, estimate);
      this.offsetsFor = { items, measured: this.state.measured };
    }
    return this.offsets;
  }

  private readonly onScroll = () => this.update();

  private readonly onResize = () => {
    this.attach();
    this.update();
  };

  /** Listens to the nearest scrolling ancestor (or the window). */
  private attach(): void {
    const list = this.list.current;
    if (!list) return;
    const found = scrollingAncestor(list);
    if (found === this.scroller) return;
    this.scroller?.removeEventListener('scroll', this.onScroll);
    window.removeEventListener('scroll', this.onScroll);
    this.sizeObserver?.disconnect();
    this.scroller = found;
    if (found) found.addEventListener('scroll', this.onScroll, { passive: true });
    else window.addEventListener('scroll', this.onScroll, { passive: true });
    this.sizeObserver?.observe(found ?? document.documentElement);
  }

  /** The part of the list in view: px from the list's top, and the viewport's height. */
  private view(): { top: number; height: number } {
    const list = this.list.current!;
    const rect = list.getBoundingClientRect();
    if (this.scroller) {
      const box = this.scroller.getBoundingClientRect();
      return { top: box.top + this.scroller.clientTop - rect.top, height: this.scroller.clientHeight };
    }
    return { top: -rect.top, height: window.innerHeight };
  }

  /** Renders the rows the viewport needs now. */
  private update(): void {
    const list = this.list.current;
    if (!list) return;
    const offsets = this.layout();
    const view = this.view();
    const overscan = this.props.overscan ?? DEFAULT_OVERSCAN;
    const wanted = rowRange(offsets, view.top, view.top + view.height, overscan);
    const { start, end } = this.state;
    // Rendered rows that still cover the viewport with half the overscan to spare are kept: no render per pixel.
    const inner = rowRange(offsets, view.top, view.top + view.height, overscan / 2);
    const covered = start <= inner.start && end >= inner.end && end - start <= wanted.end - wanted.start + 40;
    if (covered && end <= this.props.items.length) return;
    if (wanted.start !== start || wanted.end !== end) this.setState(wanted);
  }

  /** After a render: watch the rows' sizes, and carry on with a scroll to a row. */
  private afterRender(): void {
    const list = this.list.current;
    if (!list || !this.rowObserver) return;
    const seen = new Set<Element>();
    const { start, end, first, pinned } = this.rendered;
    const held = pinned >= 0 ? this.element(pinned) : undefined;
    if (held) {
      Object.assign(held.style, {
        position: 'absolute',
        top: `${this.offsets[pinned]}px`,
        left: '0',
        right: '0',
      });
      held.dataset.vpinned = 'true';
    }
    for (let i = start; i < end; i++) {
      const child = list.children[first + i - start] as HTMLElement | undefined;
      const key = this.keys[i];
      if (!child || key === undefined) continue;
      if (child.dataset.vpinned) {
        Object.assign(child.style, { position: '', top: '', left: '', right: '' });
        delete child.dataset.vpinned;
      }
      seen.add(child);
      if (this.observed.get(child) !== key) {
        this.observed.set(child, key);
        this.rowObserver.observe(child);
      }
    }
    for (const element of this.observed.keys()) {
      if (!seen.has(element)) {
        this.rowObserver.unobserve(element);
        this.observed.delete(element);
      }
    }
    // Rows added or removed (a family opened) change what the viewport needs.
    if (this.lastItems !== this.props.items) {
      this.lastItems = this.props.items;
      this.update();
    }
    if (this.pending) this.settle();
  }

  private measure(entries: ResizeObserverEntry[]): void {
    let changed = false;
    for (const entry of entries) {
      const key = this.observed.get(entry.target);
      if (key === undefined || !(entry.target as HTMLElement).isConnected) continue;
      const height = entry.borderBoxSize?.[0]?.blockSize ?? (entry.target as HTMLElement).offsetHeight;
      if (height > 0 && this.heights.get(key) !== height) {
        this.heights.set(key, height);
        changed = true;
      }
    }
    if (changed)
      this.setState(
        (state) => ({ measured: state.measured + 1 }),
        () => this.update(),
      );
  }

  // One step of a scroll to a row: scroll where the offsets say, render what is there, and look again next frame
  // (the rows passed on the way are measured, which moves the target) until the row sits where it should.
  private settle(): void {
    const pending = this.pending;
    const list = this.list.current;
    if (!pending || !list) return;
    cancelAnimationFrame(this.frame);
    const offsets = this.layout();
    const view = this.view();
    const align = pending.options.align ?? 'center';
    const target = scrollFor(offsets, pending.index, view, align);
    const element = this.element(pending.index);
    const rendered = element !== undefined && this.inWindow(pending.index);
    if (target !== undefined && Math.abs(target - view.top) > 1) this.scrollBy(target - view.top);
    const wanted = rowRange(offsets, target ?? view.top, (target ?? view.top) + view.height, this.overscan());
    if (!rendered || wanted.start < this.state.start || wanted.end > this.state.end) {
      if (wanted.start !== this.state.start || wanted.end !== this.state.end) this.setState(wanted);
    }
    const settled = rendered && (target === undefined || Math.abs(target - view.top) <= 1);
    if (settled || ++pending.frames > SETTLE_FRAMES) {
      this.pending = undefined;
      // Not taken from a field the person has gone to type in meanwhile (the search box, opened by `/`).
      if (pending.options.focus && !isTypingIn(document.activeElement))
        (this.element(pending.index) ?? element)?.focus({ preventScroll: true });
      return;
    }
    this.frame = requestAnimationFrame(() => this.settle());
  }

  private overscan(): number {
    return this.props.overscan ?? DEFAULT_OVERSCAN;
  }

  private scrollBy(dy: number): void {
    if (this.scroller) this.scroller.scrollTop += dy;
    else window.scrollBy(0, dy);
  }
}

// A keyed place for the caller's row element: it adds nothing to the DOM.
function Slot({ children }: { children: ComponentChildren }) {
  return <>{children}</>;
}

function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let at = element.parentElement; at; at = at.parentElement) {
    if (at === document.body || at === document.documentElement) return null;
    const style = getComputedStyle(at);
    if (/(auto|scroll|overlay)/.test(style.overflowY)) return at;
  }
  return null;
}

function isTypingIn(element: Element | null): boolean {
  return (
    element instanceof HTMLElement &&
    (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName))
  );
}
