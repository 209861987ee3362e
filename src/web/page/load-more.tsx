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
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
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
