// One card: its entries in order, a form to add one as the person, a form to ask a live agent for one, delete.
import { useState } from 'preact/hooks';
import type { CardDetail, CardEntryJson, CardSummaryJson, EntryTypeJson } from '../api-types.js';
import { mutate, seg } from './api.js';
import { AskForm } from './card-ask.js';
import { type StringKey, t } from './i18n.js';
import { emitChange } from './live.js';
import { Markdown } from './markdown.js';
import { usePerson } from './person.js';
import { useAction, useResource } from './resource.js';
import { go } from './route.js';
import { Back } from './split.js';
import { Badge, ErrorBox, Loading, short, type Tone, When } from './ui.js';
import { visible } from './visible.js';

export const entryTypes: EntryTypeJson[] = ['note', 'finding', 'question', 'answer'];
export const entryTone: Record<EntryTypeJson, Tone> = {
  note: 'neutral',
  finding: 'accent',
  question: 'amber',
  answer: 'green',
};
export const entryLabel: Record<EntryTypeJson, StringKey> = {
  note: 'entry.note',
  finding: 'entry.finding',
  question: 'entry.question',
  answer: 'entry.answer',
};

export function CardView({ id }: { id: string }) {
  const res = useResource<CardDetail>(`/api/cards/${seg(id)}`, ['cards', 'pending']);
  const back = <Back to={{ view: 'cards' }} />;
  if (!res.data)
    return (
      <div class="detail">
        {back}
        {res.error ? <ErrorBox error={res.error} read /> : <Loading />}
      </div>
    );
  const { card, entries, pending } = res.data;
  return (
    <article class="detail card-detail">
      {back}
      {res.error && <ErrorBox error={res.error} read />}
      <header class="detail-head">
        <h2>{visible(card.title)}</h2>
        <p class="muted">
          {t('card.by', { who: card.createdBy })} · <When at={card.createdAt} /> ·{' '}
          <code>{visible(card.id)}</code>
        </p>
      </header>
      {entries.length === 0 ? (
        <p class="muted">{t('card.no.entries')}</p>
      ) : (
        <ol class="entries">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {pending.length > 0 && (
        <section class="pending">
          <h3>{t('card.pending')}</h3>
          <ul>
            {pending.map((p) => (
              <li key={p.session}>
                <strong>{visible(p.agent)}</strong>{' '}
                <code title={visible(p.session)}>{visible(short(p.session))}</code> — {visible(p.intent)}
                {p.expiresAt && (
                  <span class="muted">
                    {' '}
                    · {t('expires')} <When at={p.expiresAt} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <EntryForm card={card} />
      <AskForm card={card} />
      <DeleteCard card={card} />
      <p class="muted path">{visible(res.data.path)}</p>
    </article>
  );
}

function Entry({ entry }: { entry: CardEntryJson }) {
  return (
    <li class="entry" data-testid="card-entry" data-entry-id={entry.id} data-type={entry.type}>
      <div class="entry-head">
        <Badge tone={entryTone[entry.type]}>{t(entryLabel[entry.type])}</Badge>
        <strong>{visible(entry.author)}</strong>
        <When at={entry.at} />
      </div>
      <Markdown text={entry.body} />
    </li>
  );
}

function EntryForm({ card }: { card: CardSummaryJson }) {
  const person = usePerson();
  const [type, setType] = useState<EntryTypeJson>('note');
  const [body, setBody] = useState('');
  const action = useAction<{ entry: CardEntryJson }>();
  const submit = (event: Event) => {
    event.preventDefault();
    if (!body.trim()) return;
    action.run(
      () => mutate('POST', `/api/cards/${seg(card.id)}/entries`, { type, body }),
      () => {
        setBody('');
        emitChange(['cards'], true);
      },
    );
  };
  return (
    <form class="box-form" data-testid="entry-form" onSubmit={submit}>
      <h3>{t('entry.add', { person })}</h3>
      <div class="form-row">
        <label class="inline">
          <span class="muted">{t('entry.type')}</span>
          <select
            name="type"
            value={type}
            onChange={(event) => setType(event.currentTarget.value as EntryTypeJson)}
          >
            {entryTypes.map((value) => (
              <option key={value} value={value}>
                {t(entryLabel[value])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <textarea
        name="body"
        rows={4}
        value={body}
        placeholder={t('entry.body.placeholder')}
        aria-label={t('entry.body')}
        onInput={(event) => setBody(event.currentTarget.value)}
      />
      {action.error && <ErrorBox error={action.error} />}
      <div class="form-row end">
        <button type="submit" class="primary" disabled={action.busy || !body.trim()}>
          {t('entry.submit')}
        </button>
      </div>
    </form>
  );
}

function DeleteCard({ card }: { card: CardSummaryJson }) {
  const [confirming, setConfirming] = useState(false);
  const action = useAction<{ deleted: CardSummaryJson }>();
  const remove = () =>
    action.run(
      () => mutate('DELETE', `/api/cards/${seg(card.id)}`),
      () => {
        go({ view: 'cards' });
        emitChange(['cards']);
      },
    );
  return (
    <div class="danger-zone">
      {!confirming ? (
        <button
          type="button"
          class="danger-outline"
          data-action="delete-card"
          onClick={() => setConfirming(true)}
        >
          {t('card.delete')}
        </button>
      ) : (
        <div class="confirm" role="alertdialog" aria-label={t('card.delete')}>
          <p>{t('card.delete.confirm', { title: card.title })}</p>
          <button
            type="button"
            class="danger"
            data-action="confirm-delete"
            onClick={remove}
            disabled={action.busy}
          >
            {t('card.delete.yes')}
          </button>
          <button type="button" data-action="cancel-delete" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </button>
        </div>
      )}
      {action.error && <ErrorBox error={action.error} />}
    </div>
  );
}
