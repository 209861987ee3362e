// Keyboard: j/k selection through the current list, Enter to open, → ← Space to expand; the page-wide keys.
import { useEffect, useRef, useState } from 'preact/hooks';

/** One selectable item of a list. */
export interface KeyItem {
  id: string;
  open?: () => void;
  expand?: () => void;
  collapse?: () => void;
  toggle?: () => void;
}

/** True while the person types into a field: single-key shortcuts stay off then. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

function isPlainKey(event: KeyboardEvent): boolean {
  return (
    !event.ctrlKey && !event.metaKey && !event.altKey && !event.defaultPrevented && !isTyping(event.target)
  );
}

/** On a link or button Enter and Space already do something: leave them to it. */
function onControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && /^(A|BUTTON|SUMMARY)$/.test(target.tagName);
}

/**
 * Keeps a selection in `items` (by id) and moves it with j/k; Enter opens, → expands, ← collapses, Space toggles.
 * `current` (the item open in the detail pane) becomes the selection whenever it changes. The selected row is the
 * one marked `data-selected="true"`; it is scrolled into view.
 */
export function useListKeys(items: KeyItem[], current?: string): string | undefined {
  const [selected, setSelected] = useState<string | undefined>(current);
  const byKey = useRef(false);
  const latest = useRef({ items, selected });
  latest.current = { items, selected };

  useEffect(() => {
    if (current !== undefined) setSelected(current);
  }, [current]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPlainKey(event)) return;
      const { items, selected } = latest.current;
      const at = items.findIndex((item) => item.id === selected);
      const item = items[at];
      const move = (to: number) => {
        const next = items[Math.max(0, Math.min(items.length - 1, to))];
        if (next) setSelected(next.id);
        byKey.current = true;
        event.preventDefault();
      };
      switch (event.key) {
        case 'j':
          return move(at < 0 ? 0 : at + 1);
        case 'k':
          return move(at < 0 ? 0 : at - 1);
        case 'Enter':
          if (!item?.open || onControl(event.target)) return;
          event.preventDefault();
          return item.open();
        case 'ArrowRight':
        case 'l':
          if (!item?.expand) return;
          event.preventDefault();
          return item.expand();
        case 'ArrowLeft':
        case 'h':
          if (!item?.collapse) return;
          event.preventDefault();
          return item.collapse();
        case ' ':
          if (!item?.toggle || onControl(event.target)) return;
          event.preventDefault();
          return item.toggle();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A selection moved by key takes the focus too (the row is a listbox option or tree item), so assistive
  // technology follows it; one that follows the open item only scrolls into view.
  useEffect(() => {
    if (selected === undefined) return;
    const row = document.querySelector<HTMLElement>('[data-selected="true"]');
    if (byKey.current) row?.focus({ preventScroll: true });
    byKey.current = false;
    row?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  return selected;
}

/** The page-wide keys: `/` search, `?` help, Escape closes (or leaves the field being typed in). */
export function useGlobalKeys(handlers: { search(): void; help(): void; escape(): boolean }): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        if (isTyping(event.target) && event.target instanceof HTMLElement) {
          event.target.blur();
          return;
        }
        if (latest.current.escape()) event.preventDefault();
        return;
      }
      if (!isPlainKey(event)) return;
      if (event.key === '/') {
        event.preventDefault();
        latest.current.search();
      } else if (event.key === '?') {
        event.preventDefault();
        latest.current.help();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
