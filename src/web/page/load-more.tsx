// The end of a paged list: a button that fetches the next page, pressed by itself when it scrolls near the viewport.
import { useEffect, useRef } from 'preact/hooks';
import { t } from './i18n.js';

export function LoadMore({ more, busy, onMore }: { more: boolean; busy: boolean; onMore: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;
  useEffect(() => {
    const el = button.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    // Observed within what scrolls the list (a pane, or the page): the margin then reaches below its fold.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { root: scroller(el), rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [more, busy]);
  if (!more) return null;
  return (
    <div class="load-more">
      <button
        ref={button}
        type="button"
        class="small"
        data-action="load-more"
        disabled={busy}
        onClick={onMore}
      >
        {busy ? t('loading') : t('list.more')}
      </button>
    </div>
  );
}

/** The nearest ancestor that scrolls vertically, or null for the page itself. */
function scroller(el: HTMLElement): HTMLElement | null {
  for (let at = el.parentElement; at; at = at.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(at).overflowY)) return at;
  }
  return null;
}
