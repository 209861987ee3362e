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

/** Inside a list whose rows are one tab stop (listbox, tree): ↑ and ↓ move the selection as j and k do. */
function inList(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && target.closest('[role="listbox"], [role="tree"], [data-list]') !== null
  );
}

/**
 * The row of a list that takes Tab (a roving tab stop: one per list, the arrows move inside): the selected row, else
 * the open one, else the first.
 */
export function tabStop(ids: string[], selected?: string, current?: string): string | undefined {
  if (selected !== undefined && ids.includes(selected)) return selected;
  if (current !== undefined && ids.includes(current)) return current;
  return ids[0];
}

/**
 * Keeps a selection in `items` (by id) and moves it with j/k (↑/↓ inside the list); Enter opens, → expands, ←
 * collapses, Space toggles. `current` (the item open in the detail pane) becomes the selection whenever it changes,
 * and so does a row that takes the focus (its `data-key` is its id). The selected row is the one marked
 * `data-selected="true"`; it is scrolled into view.
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
        case 'ArrowDown':
          if (!inList(event.target)) return;
          return move(at < 0 ? 0 : at + 1);
        case 'ArrowUp':
          if (!inList(event.target)) return;
          return move(at < 0 ? 0 : at - 1);
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
    // A row reached by Tab or a click becomes the selection, so j/k go on from there.
    const onFocus = (event: FocusEvent) => {
      const row =
        event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-key]') : null;
      const key = row?.dataset.key;
      if (key !== undefined && latest.current.items.some((item) => item.id === key)) setSelected(key);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
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
