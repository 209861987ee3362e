// The list | detail split every list view uses; each pane scrolls on its own. Narrow windows show one at a time.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from './i18n.js';
import type { Route } from './route.js';
import { href } from './route.js';

export function Split(props: {
  list: ComponentChildren;
  /** What the detail pane shows: an open item, or (open = false) a hint or a form. */
  detail: ComponentChildren;
  open: boolean;
  /** The detail pane shows something useful even with nothing open (kept in narrow windows). */
  keepDetail?: boolean;
  label: string;
  /** The open item's id: another one starts at the top of the pane. */
  openId?: string;
}) {
  const pane = useRef<HTMLElement>(null);
  const listPane = useRef<HTMLElement>(null);
  const before = useRef<string | undefined>(props.openId);
  useEffect(() => {
    const was = before.current;
    before.current = props.openId;
    if (pane.current) pane.current.scrollTop = 0;
    // In a narrow window the whole main area scrolls instead.
    const main = pane.current?.closest('.main');
    if (main && props.openId !== undefined) main.scrollTop = 0;
    keepFocus(listPane.current, pane.current, was, props.openId);
  }, [props.openId]);
  const cls = `split${props.open ? ' has-detail' : ''}${props.keepDetail ? ' keep-detail' : ''}`;
  return (
    <div class={cls}>
      <section ref={listPane} class="pane list-pane" aria-label={props.label}>
        {props.list}
      </section>
      <section
        ref={pane}
        class="pane detail-pane"
        data-testid={props.open ? 'detail' : undefined}
        tabIndex={-1}
      >
        {props.detail}
      </section>
    </div>
  );
}

const shown = (el: Element | null | undefined): el is HTMLElement =>
  el instanceof HTMLElement && el.getClientRects().length > 0;

/**
 * Where the focus goes when an item opens or closes. In a wide window both panes stay and so does the focus (on the
 * opened row). In a narrow one the detail replaces the list: opening moves the focus into the detail (the row it was
 * on is hidden), and going back puts it on the row that was open, scrolled into view — the list position is kept.
 */
function keepFocus(
  list: HTMLElement | null,
  detail: HTMLElement | null,
  was: string | undefined,
  now: string | undefined,
): void {
  const at = document.activeElement;
  const lost = !at || at === document.body || !at.isConnected || !shown(at);
  if (!lost || !list || !detail) return;
  if (now !== undefined && shown(detail)) {
    detail.focus({ preventScroll: true });
  } else if (now === undefined && was !== undefined && shown(list)) {
    const row = list.querySelector<HTMLElement>('[data-selected="true"]');
    row?.focus({ preventScroll: true });
    row?.scrollIntoView({ block: 'center' });
  }
}

/** The way back to the list, shown only in a narrow window where the detail replaces the list. */
export function Back({ to }: { to: Route }) {
  return (
    <a class="back" href={href(to)}>
      ← {t('back')}
    </a>
  );
}

/** What the detail pane says when nothing is open. */
export function Placeholder({ text }: { text: string }) {
  return <div class="placeholder">{text}</div>;
}
