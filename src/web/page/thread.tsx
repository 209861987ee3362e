// One mail thread, oldest first (a fan-out once, with every recipient), and the reply form under it.
import { useState } from 'preact/hooks';
import type { DeliveryJson, MessageJson, SendResultJson, ThreadJson } from '../api-types.js';
import { mutate, seg } from './api.js';
import { t } from './i18n.js';
import { emitChange } from './live.js';
import { Markdown } from './markdown.js';
import { usePerson } from './person.js';
import { useAction, useResource } from './resource.js';
import { Back } from './split.js';
import { relativeTime } from './time.js';
import { ErrorBox, Loading, When } from './ui.js';
import { visible } from './visible.js';

export function ThreadView({ id }: { id: string }) {
  const res = useResource<ThreadJson>(`/api/threads/${seg(id)}`, ['messages']);
  const back = <Back to={{ view: 'mail' }} />;
  if (!res.data)
    return (
      <div class="detail">
        {back}
        {res.error ? <ErrorBox error={res.error} read /> : <Loading />}
      </div>
    );
  const { messages } = res.data;
  return (
    <article class="detail thread">
      {back}
      {res.error && <ErrorBox error={res.error} read />}
      <header class="detail-head">
        <h2>{res.data.subject ? visible(res.data.subject) : t('no.subject')}</h2>
        <p class="muted">{t('messages.count', { n: messages.length })}</p>
      </header>
      <ol class="messages">
        {messages.map((m) => (
          <Message key={m.id} message={m} />
        ))}
      </ol>
      {messages.length > 0 && <Reply messages={messages} />}
    </article>
  );
}

function Message({ message }: { message: MessageJson }) {
  return (
    <li class="message" data-testid="message" data-message-id={message.id}>
      <div class="message-head">
        <strong>{visible(message.from)}</strong>
        <span class="muted">→ {visible([...new Set(message.to)].join(', '))}</span>
        <When at={message.at} />
      </div>
      {message.subject && <div class="subject">{visible(message.subject)}</div>}
      {message.delivery && message.delivery.length > 0 && (
        <ul class="delivery" aria-label={t('delivery.label')}>
          {message.delivery.map((d) => (
            <li
              key={d.id}
              data-testid="delivery"
              data-state={d.state}
              data-to={d.to}
              title={d.at && visible(d.at)}
            >
              {deliveryLine(d)}
            </li>
          ))}
        </ul>
      )}
      <Markdown text={message.body} />
    </li>
  );
}

const VIA: Record<string, string> = {
  hook: 'a hook',
  listen: 'baton listen',
  poll: 'baton poll',
  mcp: 'MCP dm_inbox',
};

/** The line `baton thread` prints for one copy, in the page's language (t() shows every name through visible()). */
function deliveryLine(d: DeliveryJson): string {
  if (d.state === 'waiting') {
    if (d.liveSession) return t('delivery.live', { to: d.to, session: d.sessionTag ?? d.liveSession });
    return d.lastSeen
      ? t('delivery.away', { to: d.to, ago: relativeTime(d.lastSeen) })
      : t('delivery.never', { to: d.to });
  }
  if (!d.at || !d.agent) return t('delivery.noreceipt', { to: d.to });
  const time = clock(d.at);
  if (d.session) return t('delivery.session', { agent: d.agent, session: d.sessionTag ?? d.session, time });
  return t('delivery.nosession', { agent: d.agent, via: VIA[d.via ?? ''] ?? d.via ?? '', time });
}

/** UTC, as the CLI shows it: the time alone today (`21:25:40Z`), else with its date (`2026-11-30 21:25:40Z`). */
function clock(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const full = `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')}Z`;
  return full.slice(0, 10) === new Date(now).toISOString().slice(0, 10) ? full.slice(11) : full;
}

/** Everyone in the thread but the person; a thread with only the person answers the last recipients. */
function replyRecipients(messages: MessageJson[], person: string): string[] {
  const everyone = new Set<string>();
  for (const m of messages) for (const name of [m.from, ...m.to]) everyone.add(name);
  everyone.delete(person);
  if (everyone.size > 0) return [...everyone];
  return messages.at(-1)?.to ?? [];
}

function Reply({ messages }: { messages: MessageJson[] }) {
  const person = usePerson();
  const [body, setBody] = useState('');
  const action = useAction<SendResultJson>();
  const last = messages[messages.length - 1]!;
  const to = replyRecipients(messages, person);
  const submit = (event: Event) => {
    event.preventDefault();
    if (!body.trim()) return;
    action.run(
      () => mutate('POST', '/api/messages', { to, body, replyTo: last.id }),
      () => {
        setBody('');
        emitChange(['messages'], true);
      },
    );
  };
  return (
    <form class="box-form" data-testid="reply-form" onSubmit={submit}>
      <h3>{t('reply.title', { person, to: to.join(', ') })}</h3>
      <textarea
        name="body"
        rows={4}
        value={body}
        aria-label={t('compose.body')}
        onInput={(event) => setBody(event.currentTarget.value)}
      />
      {action.error && <ErrorBox error={action.error} />}
      <div class="form-row end">
        <button type="submit" class="primary" disabled={action.busy || !body.trim()}>
          {t('reply.send')}
        </button>
      </div>
    </form>
  );
}
