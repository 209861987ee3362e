// The page frame: header (nav, search, live indicator, refresh, language, theme, help) above the current view.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { BoardInfo } from '../api-types.js';
import type { ApiFailure } from './api.js';
import { lang, setLang, t } from './i18n.js';
import { emitChange, type LiveState } from './live.js';
import { go, href, type Route, type View } from './route.js';
import { warmSearch } from './search.js';
import { currentTheme, toggleTheme } from './theme.js';
import { ErrorBox, Rich } from './ui.js';
import { visible } from './visible.js';
import { WriteTrouble } from './write-trouble.js';

const navs: {
  view: Exclude<View, 'search'>;
  label: 'nav.timeline' | 'nav.cards' | 'nav.mail' | 'nav.inbox' | 'nav.sessions';
}[] = [
  { view: 'timeline', label: 'nav.timeline' },
  { view: 'cards', label: 'nav.cards' },
  { view: 'mail', label: 'nav.mail' },
  { view: 'inbox', label: 'nav.inbox' },
  { view: 'sessions', label: 'nav.sessions' },
];

export function Layout(props: {
  route: Route;
  board?: BoardInfo;
  boardError?: ApiFailure;
  live: LiveState;
  searchRef: { current: HTMLInputElement | null };
  help: boolean;
  onHelp: (open: boolean) => void;
  children: ComponentChildren;
}) {
  const { route, board } = props;
  const [, setTheme] = useState(currentTheme());
  const counts = board?.counts;
  const badgeFor = (view: View) =>
    view === 'inbox' && counts?.unread
      ? counts.unread
      : view === 'sessions' && counts?.liveSessions
        ? counts.liveSessions
        : 0;
  const dark = currentTheme() === 'dark';
  return (
    <div class="app">
      {/* The first tab stop: past the header to the view (its list, or the page). */}
      <button type="button" class="skip-link" data-testid="skip-link" onClick={skipToContent}>
        {t('skip')}
      </button>
      <header class="top">
        <a class="brand" href="#/timeline" title={visible(board?.board)}>
          <span class="logo" aria-hidden="true" />
          <span>baton</span>
          {board && <span class="board-name">{visible(board.name)}</span>}
        </a>
        <nav class="nav" aria-label="baton">
          {navs.map(({ view, label }) => (
            <a
              key={view}
              href={href({ view } as Route)}
              data-nav={view}
              class={route.view === view ? 'active' : undefined}
              aria-current={route.view === view ? 'page' : undefined}
            >
              {t(label)}
              {badgeFor(view) > 0 && (
                <span class={`count${view === 'inbox' ? ' unread' : ''}`}>{badgeFor(view)}</span>
              )}
            </a>
          ))}
        </nav>
        <SearchBox route={route} inputRef={props.searchRef} />
        <div class="tools">
          <span
            class="live-indicator"
            data-testid="live"
            data-state={props.live}
            title={t(`live.${props.live}.title`)}
            role="status"
          >
            <span class="dot" aria-hidden="true" />
            <span class="live-label">{t(`live.${props.live}`)}</span>
          </span>
          <button
            type="button"
            class="icon"
            data-action="refresh"
            title={t('refresh')}
            aria-label={t('refresh')}
            onClick={() => emitChange('all', true)}
          >
            ↻
          </button>
          <button
            type="button"
            class="icon text"
            data-testid="lang-toggle"
            title={t('lang.toggle.title')}
            lang={lang() === 'en' ? 'zh-CN' : 'en'}
            onClick={() => setLang(lang() === 'en' ? 'zh-CN' : 'en')}
          >
            {t('lang.toggle')}
          </button>
          <button
            type="button"
            class="icon"
            data-testid="theme-toggle"
            title={t(dark ? 'theme.light' : 'theme.dark')}
            aria-label={t(dark ? 'theme.light' : 'theme.dark')}
            onClick={() => setTheme(toggleTheme())}
          >
            {dark ? '☀' : '☾'}
          </button>
          <button
            type="button"
            class="icon"
            data-action="help"
            title={t('help')}
            aria-label={t('help')}
            onClick={() => props.onHelp(true)}
          >
            ?
          </button>
        </div>
      </header>
      {props.boardError && (
        <div class="banner">
          <ErrorBox error={props.boardError} />
        </div>
      )}
      <WriteTrouble />
      <main class="main" id="content" tabIndex={-1}>
        {props.children}
      </main>
      {props.help && <Help onClose={() => props.onHelp(false)} />}
    </div>
  );
}

/** The skip link moves the focus, not the route (a `#content` link would be read as a route): a button. */
function skipToContent() {
  const main = document.getElementById('content');
  // The view's first focusable element (a list's tab stop, a form), else the main area itself.
  const first = main?.querySelector<HTMLElement>(
    'a[href]:not([tabindex="-1"]), button:not([disabled]):not([tabindex="-1"]), input, select, textarea, [tabindex="0"]',
  );
  (first ?? main)?.focus();
}

function SearchBox({ route, inputRef }: { route: Route; inputRef: { current: HTMLInputElement | null } }) {
  const routeQuery = route.view === 'search' ? route.q : '';
  const [text, setText] = useState(routeQuery);
  useEffect(() => setText(routeQuery), [routeQuery]);
  const submit = (event: Event) => {
    event.preventDefault();
    const q = text.trim();
    if (q) go({ view: 'search', q });
  };
  return (
    <form class="search" onSubmit={submit}>
      <input
        ref={inputRef}
        type="search"
        data-testid="search-input"
        name="q"
        value={text}
        placeholder={t('search.placeholder')}
        aria-label={t('search')}
        onInput={(event) => setText(event.currentTarget.value)}
        onFocus={warmSearch}
      />
    </form>
  );
}

const helpKeys: [string, Parameters<typeof t>[0]][] = [
  ['j / k', 'help.jk'],
  ['Enter', 'help.enter'],
  ['→ / ←', 'help.arrows'],
  ['Space', 'help.space'],
  ['/', 'help.slash'],
  ['Esc', 'help.escape'],
  ['?', 'help.question'],
];

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The keys, in a modal dialog: the focus moves in and stays in (Tab and Shift+Tab go round), a click on the backdrop
 * or Escape (the page's key) closes it, and the focus goes back where it was.
 */
function Help({ onClose }: { onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  const trap = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const stops = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    const at = document.activeElement;
    if (event.shiftKey && (at === first || !dialog.current.contains(at))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (at === last || !dialog.current.contains(at))) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is the mouse's way out; the keyboard's are Escape and the Close button
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above (Escape is handled page-wide)
    <div
      class="overlay"
      data-testid="help-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        data-testid="help"
        onKeyDown={trap}
      >
        <h2 id="help-title">{t('help')}</h2>
        <dl class="keys">
          {helpKeys.map(([key, text]) => (
            <div key={key}>
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>
                <Rich text={t(text)} />
              </dd>
            </div>
          ))}
        </dl>
        <div class="form-row end">
          <button ref={close} type="button" onClick={onClose}>
            {t('help.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
