// The web UI's composition root: the routes `baton serve` mounts beside /mcp — the page's files, its JSON API and
// its live event stream — with one board watcher shared by every open page.
import { randomBytes } from 'node:crypto';
import { type Board, type OpenBoardOptions, openBoard } from '../core/board/open-board.js';
import { BoardWatcher, pageFolders, type WatcherOptions } from '../core/board/watch.js';
import { LiveSearch } from '../core/search/live-search.js';
import type { Route } from '../http/server.js';
import { boardEndpoints } from './api/board.js';
import { cardEndpoints } from './api/cards.js';
import { mailEndpoints } from './api/mail.js';
import { noteEndpoints } from './api/notes.js';
import { apiRoute } from './api/router.js';
import { searchEndpoints } from './api/search.js';
import { sessionEndpoints } from './api/sessions.js';
import { timelineEndpoints } from './api/timeline.js';
import { assetsRoute, findAssets, setPageHeaders } from './assets.js';
import { ChangeCount } from './change-count.js';
import { eventsRoute } from './events.js';

/** The person the page acts as unless `baton serve --as` names another. */
export const DEFAULT_PERSON = 'you';

export interface WebOptions {
  board: OpenBoardOptions;
  /** Who the page acts as when it writes. Default `you`. */
  person?: string;
  /** The built page (default: dist/web, found next to the running code). */
  assetsDir?: string;
  /** The token mutations must carry (default: a new random one per server). */
  pageToken?: string;
  version?: string;
  watcher?: WatcherOptions;
  log(error: unknown): void;
}

export interface WebApp {
  routes: Route[];
  pageToken: string;
  /** Stops watching the board. */
  close(): void;
}

export function createWebApp(options: WebOptions): WebApp {
  const pageToken = options.pageToken ?? randomBytes(32).toString('base64url');
  const open = (): Board => openBoard(options.board);
  let watcher: BoardWatcher | undefined;
  const sharedWatcher = () => {
    // The board's folders and its delivery receipts (the mail view shows a delivery live).
    watcher ??= new BoardWatcher(open().root, { folders: pageFolders, ...options.watcher });
    return watcher;
  };
  // The search index, built at the first search and kept current by the same watcher.
  let search: LiveSearch | undefined;
  const liveSearch = () => {
    search ??= new LiveSearch(sharedWatcher);
    return search;
  };
  const changes = new ChangeCount(sharedWatcher);
  const headers: Route = (_req, res) => {
    setPageHeaders(res);
    return false;
  };
  return {
    pageToken,
    routes: [
      headers,
      eventsRoute(sharedWatcher),
      apiRoute({
        endpoints: [
          ...boardEndpoints(options.version ?? ''),
          ...timelineEndpoints(),
          ...noteEndpoints(),
          ...cardEndpoints,
          ...mailEndpoints,
          ...sessionEndpoints,
          ...searchEndpoints(liveSearch),
        ],
        openBoard: open,
        changes,
        person: options.person ?? DEFAULT_PERSON,
        pageToken,
        log: options.log,
      }),
      assetsRoute(options.assetsDir ?? findAssets(), pageToken),
    ],
    close: () => {
      changes.close();
      search?.close();
      watcher?.close();
    },
  };
}
