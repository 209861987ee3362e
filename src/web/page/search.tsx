// Search results for `#/search/<q>`: notes, results, cards and messages from the server's index, best first, each
// with its type, its snippet (Markdown lines shown as read: snippet-parse.ts) and the matched words marked; chips
// narrow it to some types. Marks are built from the server's ranges as elements around text — board text never
// becomes HTML.
import { type ComponentChildren, Fragment } from 'preact';
import { useState } from 'preact/hooks';
import type { SearchJson, SearchRange, SearchType } from '../api-types.js';
import { getJson, seg } from './api.js';
import { type StringKey, t } from './i18n.js';
import { tabStop, useListKeys } from './keyboard.js';
import { useResource } from './resource.js';
import { go, href, parseRoute, type Route } from './route.js';
import { markedParts, snippetLines } from './snippet-parse.js';
import { Badge, Empty, ErrorBox, Loading, type Tone, When } from './ui.js';
import { VirtualList } from './virtual-list.js';
import { visible } from './visible.js';

type Result = SearchJson['results'][number];

const TYPES: SearchType[] = ['note', 'result', 'card', 'message'];
const typeLabel: Record<SearchType, StringKey> = {
  note: 'kind.note',
  result: 'kind.result',
  card: 'kind.card',
  message: 'kind.message',
};
const chipLabel: Record<SearchType, StringKey> = {
  note: 'search.type.note',
  result: 'search.type.result',
  card: 'search.type.card',
  message: 'search.type.message',
};
const typeTone: Record<SearchType, Tone> = {
  note: 'violet',
  result: 'green',
  card: 'accent',
  message: 'neutral',
};

/**
 * Asks the server to have its search index ready (it builds it at the first search: about a second on a big board),
 * while the person is still typing. Best effort: a failure shows nowhere; the search itself will say.
 */
export function warmSearch(): void {
  getJson('/api/search/ready').catch(() => {});
}

/** The route a result opens: the server's link when it is one of the page's own routes, else built from the id. */
function targetOf(result: Result): Route {
  const route = result.link.startsWith('#/') ? parseRoute(result.link) : undefined;
  if (result.type === 'note' || result.type === 'result')
    return route?.view === 'timeline' && route.note ? route : { view: 'timeline', note: result.id };
  if (result.type === 'card')
    return route?.view === 'cards' && route.card ? route : { view: 'cards', card: result.id };
  return route?.view === 'mail' && route.thread ? route : { view: 'mail', thread: result.id };
}

/**
 * `text` with the `ranges` (sorted, from the server) wrapped in `<mark>`; each piece shown through `visible`. Ranges
 * that overlap, run backwards or lie outside the text are ignored.
 */
export function Marked({ text, ranges }: { text: string; ranges: readonly SearchRange[] }) {
  const parts: ComponentChildren[] = [];
  let at = 0;
  for (const range of ranges) {
    const [start, end] = range;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < at || end <= start || end > text.length)
      continue;
    if (start > at) parts.push(visible(text.slice(at, start)));
    parts.push(<mark key={start}>{visible(text.slice(start, end))}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(visible(text.slice(at)));
  return <>{parts}</>;
}

/**
 * A snippet's Markdown lines as read (snippet-parse.ts): headings, bullets, bold, emphasis and code spans shown as
 * such, their markers gone; the matched words still marked; every text through `visible`.
 */
export function SnippetText({ text, ranges }: { text: string; ranges: readonly SearchRange[] }) {
  return (
    <>
      {snippetLines(text).map((line, i) => {
        const body = line.pieces.map((piece, j) => {
          const parts = markedParts(piece, ranges).map((part, k) =>
            part.marked ? <mark key={k}>{visible(part.text)}</mark> : visible(part.text),
          );
          if (piece.code) return <code key={j}>{parts}</code>;
          if (piece.strong) return <strong key={j}>{parts}</strong>;
          if (piece.em) return <em key={j}>{parts}</em>;
          return <Fragment key={j}>{parts}</Fragment>;
        });
        return (
          <Fragment key={i}>
            {i > 0 && '\n'}
            {line.heading ? <strong class="snippet-heading">{body}</strong> : body}
          </Fragment>
        );
      })}
    </>
  );
}

export function SearchView({ q }: { q: string }) {
  const query = q.trim();
  const [types, setTypes] = useState<SearchType[]>([]);
  const typeParam = types.length > 0 ? `&type=${types.join(',')}` : '';
  const res = useResource<SearchJson>(query ? `/api/search?q=${seg(query)}${typeParam}` : null, [
    'messages',
    'cards',
    'notes',
  ]);
  const results = res.data?.results ?? [];
  const targets = results.map(targetOf);
  const selected = useListKeys(
    results.map((r, i) => ({ id: `${r.type}:${r.id}`, open: () => go(targets[i]!) })),
  );
  const stop = tabStop(
    results.map((r) => `${r.type}:${r.id}`),
    selected,
  );
  const toggle = (type: SearchType) =>
    setTypes((old) => (old.includes(type) ? old.filter((one) => one !== type) : [...old, type]));
  return (
    <section class="pane page" aria-label={t('search')}>
      <div class="list-head">
        <h1>{query ? t('search.for', { q: visible(query) }) : t('search')}</h1>
        {res.data && (
          <span class="muted" data-testid="search-count">
            {t('results.count', { n: res.data.total })}
            {res.data.truncated && ` · ${t('results.truncated')}`}
          </span>
        )}
        {query && (
          <fieldset class="chips" aria-label={t('search.types')}>
            <button
              type="button"
              class="chip"
              data-testid="search-chip"
              data-type="all"
              aria-pressed={types.length === 0 ? 'true' : 'false'}
              onClick={() => setTypes([])}
            >
              {t('search.type.all')}
            </button>
            {TYPES.map((type) => (
              <button
                key={type}
                type="button"
                class="chip"
                data-testid="search-chip"
                data-type={type}
                aria-pressed={types.includes(type) ? 'true' : 'false'}
                onClick={() => toggle(type)}
              >
                {t(chipLabel[type])}
              </button>
            ))}
          </fieldset>
        )}
      </div>
      {!query && <Empty text={t('search.hint')} />}
      {res.error && <ErrorBox error={res.error} read />}
      {query && !res.data && !res.error && <Loading />}
      {res.data && results.length === 0 && <Empty text={t('empty.search', { q: query })} />}
      {results.length > 0 && (
        <VirtualList
          class="rows results"
          role="listbox"
          label={t('search')}
          items={results}
          itemKey={(r) => `${r.type}:${r.id}`}
          estimate={80}
          activeIndex={results.findIndex((r) => `${r.type}:${r.id}` === stop)}
          renderItem={(r, i) => {
            const id = `${r.type}:${r.id}`;
            return (
              // The row is the link: an option of the listbox holds nothing focusable.
              <a
                class="row"
                href={href(targets[i]!)}
                data-testid="search-result"
                data-kind={r.type}
                data-key={id}
                role="option"
                tabIndex={id === stop ? 0 : -1}
                aria-selected={id === selected ? 'true' : 'false'}
                data-selected={id === selected ? 'true' : undefined}
              >
                <span class="row-main">
                  <span class="line">
                    <Badge tone={typeTone[r.type]}>{t(typeLabel[r.type])}</Badge>
                    <span class="title">
                      <Marked text={r.title || r.id} ranges={r.title ? r.ranges.title : []} />
                    </span>
                    {r.project && <span class="muted project">{visible(r.project)}</span>}
                    <When at={r.at} />
                  </span>
                  {r.snippet && (
                    <span class="snippet" data-testid="search-snippet">
                      <SnippetText text={r.snippet} ranges={r.ranges.snippet} />
                    </span>
                  )}
                </span>
              </a>
            );
          }}
        />
      )}
    </section>
  );
}
