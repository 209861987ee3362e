// Cards: the list by recent activity (entry counts per type) with a new-card form; the open card on the right. The list
// is windowed (virtual-list.tsx): a board of thousands of cards keeps a few dozen rows in the page.
import { useState } from 'preact/hooks';
import type { CardListJson, CardSummaryJson } from '../api-types.js';
import { mutate } from './api.js';
import { CardView, entryLabel, entryTone, entryTypes } from './card-detail.js';
import { t } from './i18n.js';
import { tabStop, useListKeys } from './keyboard.js';
import { emitChange } from './live.js';
import { useAction, useResource } from './resource.js';
import { cardHref, go } from './route.js';
import { Placeholder, Split } from './split.js';
import { Badge, Empty, ErrorBox, Loading, Problems, When } from './ui.js';
import { VirtualList } from './virtual-list.js';
import { visible } from './visible.js';

/** A card row's height before it is measured (px). */
const CARD_ROW = 64;

export function CardsView({ card }: { card?: string }) {
  const res = useResource<CardListJson>('/api/cards', ['cards']);
  const cards = res.data?.cards ?? [];
  const selected = useListKeys(
    cards.map((c) => ({ id: c.id, open: () => go({ view: 'cards', card: c.id }) })),
    card,
  );
  const stop = tabStop(
    cards.map((c) => c.id),
    selected,
    card,
  );
  const list = (
    <>
      <div class="list-head">
        <h1>{t('nav.cards')}</h1>
        {res.data && <span class="muted">{t('cards.count', { n: cards.length })}</span>}
      </div>
      <NewCardForm />
      {res.error && <ErrorBox error={res.error} read />}
      {!res.data && !res.error && <Loading />}
      {res.data && <Problems problems={res.data.problems} />}
      {res.data && cards.length === 0 && <Empty text={t('empty.cards')} />}
      {cards.length > 0 && (
        <VirtualList
          class="rows"
          role="listbox"
          label={t('nav.cards')}
          testId="card-list"
          items={cards}
          itemKey={(c) => c.id}
          estimate={CARD_ROW}
          activeIndex={cards.findIndex((c) => c.id === stop)}
          renderItem={(c) => (
            <CardRow card={c} selected={c.id === selected} current={c.id === card} stop={c.id === stop} />
          )}
        />
      )}
    </>
  );
  return (
    <Split
      label={t('nav.cards')}
      open={card !== undefined}
      openId={card}
      list={list}
      detail={card ? <CardView key={card} id={card} /> : <Placeholder text={t('pick.card')} />}
    />
  );
}

/** A card in the list: the row is the link (an option of the listbox: nothing focusable inside it). */
function CardRow({
  card,
  selected,
  current,
  stop,
}: {
  card: CardSummaryJson;
  selected: boolean;
  current: boolean;
  stop: boolean;
}) {
  return (
    <a
      class={`row${current ? ' current' : ''}`}
      href={cardHref(card.id)}
      data-testid="card-row"
      data-card-id={card.id}
      data-key={card.id}
      role="option"
      tabIndex={stop ? 0 : -1}
      aria-selected={selected ? 'true' : 'false'}
      aria-current={current ? 'page' : undefined}
      data-selected={selected ? 'true' : undefined}
    >
      <span class="row-main">
        <span class="line">
          <span class="title">{visible(card.title)}</span>
          <When at={card.lastActivity} />
        </span>
        <span class="line sub">
          <span class="who">
            {visible(card.createdBy)} · {t('entries.count', { n: card.entries })}
          </span>
          <span class="badges">
            {entryTypes.map((type) =>
              card.counts[type] > 0 ? (
                <Badge key={type} tone={entryTone[type]}>
                  {t(entryLabel[type])} {card.counts[type]}
                </Badge>
              ) : null,
            )}
          </span>
        </span>
      </span>
    </a>
  );
}

function NewCardForm() {
  const [title, setTitle] = useState('');
  const action = useAction<{ card: CardSummaryJson }>();
  const submit = (event: Event) => {
    event.preventDefault();
    if (!title.trim()) return;
    action.run(
      () => mutate('POST', '/api/cards', { title: title.trim() }),
      ({ card }) => {
        setTitle('');
        emitChange(['cards'], true);
        go({ view: 'cards', card: card.id });
      },
    );
  };
  return (
    <form class="inline-form" data-testid="new-card-form" onSubmit={submit}>
      <input
        name="title"
        value={title}
        placeholder={t('card.new.placeholder')}
        aria-label={t('card.new.title')}
        onInput={(event) => setTitle(event.currentTarget.value)}
        maxLength={200}
      />
      <button type="submit" disabled={action.busy || !title.trim()}>
        {t('card.new')}
      </button>
      {action.error && <ErrorBox error={action.error} />}
    </form>
  );
}
