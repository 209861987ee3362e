// The page's entry: mounts the app into #app and routes `location.hash` to a view.
import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { BoardInfo } from '../api-types.js';
import { CardsView } from './cards.js';
import { lang, onLang } from './i18n.js';
import { useGlobalKeys } from './keyboard.js';
import { Layout } from './layout.js';
import { useLive } from './live.js';
import { InboxView, MailView } from './mail.js';
import { BoardContext, ClockContext, OfflineContext } from './person.js';
import { useResource } from './resource.js';
import { go, listOf, parseRoute, type Route } from './route.js';
import { SearchView } from './search.js';
import { SessionsView } from './sessions.js';
import { applyTheme } from './theme.js';
import { TimelineView } from './timeline.js';
import { visible } from './visible.js';

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return route;
}

/** Re-renders every minute (relative times) and on a language switch; returns a number that then changes. */
function useClockAndLang(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    const off = onLang(() => setTick((n) => n + 1));
    return () => {
      clearInterval(timer);
      off();
    };
  }, []);
  return tick;
}

function CurrentView({ route }: { route: Route }) {
  switch (route.view) {
    case 'timeline':
      return <TimelineView note={route.note} />;
    case 'cards':
      return <CardsView card={route.card} />;
    case 'mail':
      return <MailView thread={route.thread} />;
    case 'inbox':
      return <InboxView />;
    case 'sessions':
      return <SessionsView focus={route.session} />;
    case 'search':
      return <SearchView q={route.q} />;
  }
}

function App() {
  const route = useRoute();
  const stamp = useClockAndLang();
  const live = useLive();
  const board = useResource<BoardInfo>('/api/board', ['messages', 'cards', 'notes', 'sessions', 'agents']);
  const [help, setHelp] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  useGlobalKeys({
    search: () => searchRef.current?.focus(),
    help: () => setHelp((open) => !open),
    escape: () => {
      if (help) {
        setHelp(false);
        return true;
      }
      const list = listOf(route);
      if (list) go(list);
      return list !== undefined;
    },
  });

  useEffect(() => {
    document.title = board.data ? `baton · ${visible(board.data.name)}` : 'baton';
  }, [board.data?.name]);

  return (
    <BoardContext.Provider value={board.data}>
      <OfflineContext.Provider value={board.error?.code === 'unreachable'}>
        <Layout
          route={route}
          board={board.data}
          boardError={board.error}
          live={live}
          searchRef={searchRef}
          help={help}
          onHelp={setHelp}
        >
          <ClockContext.Provider value={stamp}>
            <CurrentView route={route} />
          </ClockContext.Provider>
        </Layout>
      </OfflineContext.Provider>
    </BoardContext.Provider>
  );
}

applyTheme();
document.documentElement.lang = lang();
const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(<App />, root);
}
