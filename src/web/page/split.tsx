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
  useEffect(() => {
    if (pane.current) pane.current.scrollTop = 0;
    // In a narrow window the whole main area scrolls instead.
    const main = pane.current?.closest('.main');
    if (main && props.openId !== undefined) main.scrollTop = 0;
  }, [props.openId]);
  const cls = `split${props.open ? ' has-detail' : ''}${props.keepDetail ? ' keep-detail' : ''}`;
  return (
    <div class={cls}>
      <section class="pane list-pane" aria-label={props.label}>
        {props.list}
      </section>
      <section ref={pane} class="pane detail-pane" data-testid={props.open ? 'detail' : undefined}>
        {props.detail}
      </section>
    </div>
  );
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
