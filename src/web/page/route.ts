// The page's hash routes: parsing `location.hash` and building `#/…` links (ids always encoded).

export type Route =
  | { view: 'timeline'; note?: string }
  | { view: 'cards'; card?: string }
  | { view: 'mail'; thread?: string }
  | { view: 'inbox' }
  | { view: 'sessions'; session?: string }
  | { view: 'search'; q: string };

export type View = Route['view'];

function decode(part: string | undefined): string | undefined {
  if (!part) return undefined;
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/** Reads a hash such as `#/cards/c-01…`; anything unknown is the timeline. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const slash = path.indexOf('/');
  const head = slash < 0 ? path : path.slice(0, slash);
  const rest = slash < 0 ? undefined : path.slice(slash + 1);
  switch (head) {
    case 'notes': {
      const note = decode(rest);
      return note ? { view: 'timeline', note } : { view: 'timeline' };
    }
    case 'cards': {
      const card = decode(rest);
      return card ? { view: 'cards', card } : { view: 'cards' };
    }
    case 'mail': {
      const thread = decode(rest);
      return thread ? { view: 'mail', thread } : { view: 'mail' };
    }
    case 'inbox':
      return { view: 'inbox' };
    case 'sessions': {
      const session = decode(rest);
      return session ? { view: 'sessions', session } : { view: 'sessions' };
    }
    case 'search':
      return { view: 'search', q: decode(rest) ?? '' };
    default:
      return { view: 'timeline' };
  }
}

const e = encodeURIComponent;

/** The hash for a route; every id or query in it is passed through encodeURIComponent. */
export function href(route: Route): string {
  switch (route.view) {
    case 'timeline':
      return route.note ? `#/notes/${e(route.note)}` : '#/timeline';
    case 'cards':
      return route.card ? `#/cards/${e(route.card)}` : '#/cards';
    case 'mail':
      return route.thread ? `#/mail/${e(route.thread)}` : '#/mail';
    case 'inbox':
      return '#/inbox';
    case 'sessions':
      return route.session ? `#/sessions/${e(route.session)}` : '#/sessions';
    case 'search':
      return `#/search/${e(route.q)}`;
  }
}

export const noteHref = (id: string) => href({ view: 'timeline', note: id });
export const cardHref = (id: string) => href({ view: 'cards', card: id });
export const threadHref = (id: string) => href({ view: 'mail', thread: id });
export const sessionHref = (id: string) => href({ view: 'sessions', session: id });

/** Goes to a route (a new history entry, like following a link). */
export function go(route: Route): void {
  location.hash = href(route);
}

/** The list a detail view belongs to (what Escape goes back to). */
export function listOf(route: Route): Route | undefined {
  if (route.view === 'timeline' && route.note) return { view: 'timeline' };
  if (route.view === 'cards' && route.card) return { view: 'cards' };
  if (route.view === 'mail' && route.thread) return { view: 'mail' };
  return undefined;
}
