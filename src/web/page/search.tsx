// Search results for `#/search/<q>`: messages, cards and notes, each badged by kind and linked to its view.
import type { SearchJson, SearchKind } from '../api-types.js';
import { seg } from './api.js';
import { type StringKey, t } from './i18n.js';
import { tabStop, useListKeys } from './keyboard.js';
import { useResource } from './resource.js';
import { go, href, parseRoute, type Route } from './route.js';
import { Badge, Empty, ErrorBox, Loading, type Tone, When } from './ui.js';
import { visible } from './visible.js';

const kindLabel: Record<SearchKind, StringKey> = {
  message: 'kind.message',
  card: 'kind.card',
  note: 'kind.note',
};
const kindTone: Record<SearchKind, Tone> = { message: 'neutral', card: 'accent', note: 'violet' };

/** The route a result opens: the server's link when it is one of the page's own routes, else built from the id. */
function targetOf(result: SearchJson['results'][number]): Route {
  const route = result.link.startsWith('#/') ? parseRoute(result.link) : undefined;
  if (result.kind === 'note')
    return route?.view === 'timeline' && route.note ? route : { view: 'timeline', note: result.id };
  if (result.kind === 'card')
    return route?.view === 'cards' && route.card ? route : { view: 'cards', card: result.id };
  return route?.view === 'mail' && route.thread ? route : { view: 'mail', thread: result.id };
}

export function SearchView({ q }: { q: string }) {
  const query = q.trim();
  const res = useResource<SearchJson>(query ? `/api/search?q=${seg(query)}` : null, [
    'messages',
    'cards',
    'notes',
  ]);
  const results = res.data?.results ?? [];
  const targets = results.map(targetOf);
  const selected = useListKeys(
    results.map((r, i) => ({ id: `${r.kind}:${r.id}`, open: () => go(targets[i]!) })),
  );
  const stop = tabStop(
    results.map((r) => `${r.kind}:${r.id}`),
    selected,
  );
  return (
    <section class="pane page" aria-label={t('search')}>
      <div class="list-head">
        <h1>{query ? t('search.for', { q: query }) : t('search')}</h1>
        {res.data && (
          <span class="muted">
            {t('results.count', { n: results.length })}
            {res.data.truncated && ` · ${t('results.truncated')}`}
          </span>
        )}
      </div>
      {!query && <Empty text={t('search.hint')} />}
      {res.error && <ErrorBox error={res.error} read />}
      {query && !res.data && !res.error && <Loading />}
      {res.data && results.length === 0 && <Empty text={t('empty.search', { q: query })} />}
      {results.length > 0 && (
        <div class="rows results" role="listbox" aria-label={t('search')}>
          {results.map((r, i) => {
            const id = `${r.kind}:${r.id}`;
            return (
              // The row is the link: an option of the listbox holds nothing focusable.
              <a
                key={id}
                class="row"
                href={href(targets[i]!)}
                data-testid="search-result"
                data-kind={r.kind}
                data-key={id}
                role="option"
                tabIndex={id === stop ? 0 : -1}
                aria-selected={id === selected ? 'true' : 'false'}
                data-selected={id === selected ? 'true' : undefined}
              >
                <span class="row-main">
                  <span class="line">
                    <Badge tone={kindTone[r.kind]}>{t(kindLabel[r.kind])}</Badge>
                    <span class="title">{visible(r.title || r.id)}</span>
                    <When at={r.at} />
                  </span>
                  <span class="line preview">{visible(r.snippet)}</span>
                </span>
              </a>
            );
          })}
        </div>
      )}
    </section>
  );
}
