// The page's strings in English and Simplified Chinese; the language comes from localStorage, else the browser.
// `{name}` in a string is filled from params (board text, shown as `visible` shows it); a key ending in `#one` is the
// singular used when n is 1.
import { en, type StringKey } from './i18n-en.js';
import { zh } from './i18n-zh.js';
import { visible } from './visible.js';

export type { StringKey };

export type Lang = 'en' | 'zh-CN';

const STORE = 'baton-lang';
const listeners = new Set<() => void>();

function stored(): Lang | undefined {
  try {
    const value = localStorage.getItem(STORE);
    return value === 'en' || value === 'zh-CN' ? value : undefined;
  } catch {
    return undefined;
  }
}

let current: Lang = stored() ?? (/^zh/i.test(navigator.language) ? 'zh-CN' : 'en');

/** The page's language. */
export function lang(): Lang {
  return current;
}

/** Switches the language, remembers it and updates `<html lang>`; listeners re-render. */
export function setLang(next: Lang): void {
  current = next;
  try {
    localStorage.setItem(STORE, next);
  } catch {
    // A storage-less browser keeps the choice for this page only.
  }
  document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

export function onLang(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The string for `key` in the page's language, `{name}` filled from params (n = 1 picks the `#one` form). Params are
 * names, titles, queries from the board or the person: each is shown as `visible` shows it (a bidi override escaped).
 */
export function t(key: StringKey, params?: Record<string, string | number>): string {
  const table = current === 'zh-CN' ? zh : en;
  const one = params?.n === 1 ? (table as Record<string, string | undefined>)[`${key}#one`] : undefined;
  const text = one ?? table[key];
  return params
    ? text.replace(/\{(\w+)\}/g, (whole, name: string) => {
        const value = params[name];
        return value === undefined ? whole : visible(String(value));
      })
    : text;
}
