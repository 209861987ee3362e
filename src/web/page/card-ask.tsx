// Asking a live agent for a card entry (SPEC §5): pick a live session, say what to write; the agent answers at its
// next turn and the entry then appears on the card.
import { useState } from 'preact/hooks';
import type { CardSummaryJson, SessionsJson } from '../api-types.js';
import { mutate, seg } from './api.js';
import { t } from './i18n.js';
import { emitChange } from './live.js';
import { useAction, useResource } from './resource.js';
import { CopyBox, ErrorBox, short, When } from './ui.js';
import { visible } from './visible.js';

interface AskResult {
  session: string;
  expiresAt?: string;
  prompt: string;
}

export function AskForm({ card }: { card: CardSummaryJson }) {
  const sessions = useResource<SessionsJson>('/api/sessions', ['sessions']);
  const live = (sessions.data?.projects ?? []).flatMap((p) => p.sessions.filter((s) => s.live));
  const [session, setSession] = useState('');
  const [intent, setIntent] = useState('');
  const action = useAction<AskResult>();
  const asked = action.value;
  const chosen = live.some((s) => s.id === session) ? session : (live[0]?.id ?? '');
  const submit = (event: Event) => {
    event.preventDefault();
    if (!chosen || !intent.trim()) return;
    const body = { session: chosen, intent: intent.trim() };
    action.run(
      () => mutate('POST', `/api/cards/${seg(card.id)}/ask`, body),
      () => {
        setIntent('');
        emitChange(['pending'], true);
      },
    );
  };
  return (
    <form class="box-form" data-testid="ask-form" onSubmit={submit}>
      <h3>{t('ask.title')}</h3>
      <p class="muted small">{t('ask.about')}</p>
      <label class="stack">
        <span class="muted">{t('ask.session')}</span>
        <select name="session" value={chosen} onChange={(event) => setSession(event.currentTarget.value)}>
          {live.length === 0 && <option value="">{t('ask.none')}</option>}
          {live.map((s) => (
            <option key={s.id} value={s.id}>
              {visible(`${s.agent} · ${s.harness} · ${s.projectKey}`)}
            </option>
          ))}
        </select>
      </label>
      <textarea
        name="intent"
        rows={2}
        value={intent}
        placeholder={t('ask.intent.placeholder')}
        aria-label={t('ask.intent')}
        onInput={(event) => setIntent(event.currentTarget.value)}
      />
      {sessions.error && <ErrorBox error={sessions.error} read />}
      {action.error && <ErrorBox error={action.error} />}
      <div class="form-row end">
        <button type="submit" disabled={action.busy || !chosen || !intent.trim()}>
          {t('ask.submit')}
        </button>
      </div>
      {asked && (
        <div class="action-out" data-testid="ask-result">
          <p>
            {t('ask.done', { session: short(asked.session) })}
            {asked.expiresAt && (
              <>
                {' '}
                {t('expires')} <When at={asked.expiresAt} />
              </>
            )}
          </p>
          <CopyBox text={asked.prompt} testid="ask-prompt" wrap />
        </div>
      )}
    </form>
  );
}
