// Mail: threads newest first with the open thread (or the compose form) on the right; the person's inbox.
import { useState } from 'preact/hooks';
import type { InboxJson, MailJson, SendResultJson, ThreadSummary } from '../api-types.js';
import { mutate } from './api.js';
import { t } from './i18n.js';
import { tabStop, useListKeys } from './keyboard.js';
import { emitChange } from './live.js';
import { Markdown } from './markdown.js';
import { usePerson } from './person.js';
import { useAction, useResource } from './resource.js';
import { go, threadHref } from './route.js';
import { Split } from './split.js';
import { ThreadView } from './thread.js';
import { Badge, Empty, ErrorBox, Loading, Problems, When } from './ui.js';
import { visible } from './visible.js';

export function MailView({ thread }: { thread?: string }) {
  const res = useResource<MailJson>('/api/mail', ['messages']);
  const threads = res.data?.threads ?? [];
  const selected = useListKeys(
    threads.map((th) => ({ id: th.id, open: () => go({ view: 'mail', thread: th.id }) })),
    thread,
  );
  const stop = tabStop(
    threads.map((th) => th.id),
    selected,
    thread,
  );
  const list = (
    <>
      <div class="list-head">
        <h1>{t('nav.mail')}</h1>
        {res.data && <span class="muted">{t('threads.count', { n: threads.length })}</span>}
        {thread && (
          <a class="head-link" href="#/mail">
            {t('compose.open')}
          </a>
        )}
      </div>
      {res.error && <ErrorBox error={res.error} read />}
      {!res.data && !res.error && <Loading />}
      {res.data && <Problems problems={res.data.problems} />}
      {res.data && threads.length === 0 && <Empty text={t('empty.mail')} />}
      {threads.length > 0 && (
        <div class="rows" role="listbox" aria-label={t('nav.mail')}>
          {threads.map((th) => (
            <ThreadRow
              key={th.id}
              thread={th}
              selected={th.id === selected}
              current={th.id === thread}
              stop={th.id === stop}
            />
          ))}
        </div>
      )}
    </>
  );
  return (
    <Split
      label={t('nav.mail')}
      open={thread !== undefined}
      openId={thread}
      keepDetail
      list={list}
      detail={thread ? <ThreadView key={thread} id={thread} /> : <Compose />}
    />
  );
}

/** A thread in the list: the row is the link (an option of the listbox: nothing focusable inside it). */
function ThreadRow({
  thread,
  selected,
  current,
  stop,
}: {
  thread: ThreadSummary;
  selected: boolean;
  current: boolean;
  stop: boolean;
}) {
  return (
    <a
      class={`row${current ? ' current' : ''}`}
      href={threadHref(thread.id)}
      data-testid="thread"
      data-thread-id={thread.id}
      data-key={thread.id}
      role="option"
      tabIndex={stop ? 0 : -1}
      aria-selected={selected ? 'true' : 'false'}
      aria-current={current ? 'page' : undefined}
      data-selected={selected ? 'true' : undefined}
    >
      <span class="row-main">
        <span class="line">
          <span class="title">{thread.subject ? visible(thread.subject) : t('no.subject')}</span>
          {thread.count > 1 && <Badge>{thread.count}</Badge>}
          <When at={thread.latest} />
        </span>
        <span class="line sub">
          <span class="who">{visible(thread.participants.join(', '))}</span>
        </span>
        <span class="line preview">
          <span class="muted">{visible(thread.latestFrom)}:</span> {visible(thread.preview)}
        </span>
      </span>
    </a>
  );
}

/** Splits "a, b c" into names; empty parts are dropped. */
export function parseRecipients(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

function Compose() {
  const person = usePerson();
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const action = useAction<SendResultJson>();
  const recipients = parseRecipients(to);
  const submit = (event: Event) => {
    event.preventDefault();
    if (recipients.length === 0 || !body.trim()) return;
    const message = { to: recipients, body, ...(subject.trim() ? { subject: subject.trim() } : {}) };
    action.run(
      () => mutate('POST', '/api/messages', message),
      (result) => {
        setTo('');
        setSubject('');
        setBody('');
        emitChange(['messages'], true);
        const first = result.sent[0];
        if (first) go({ view: 'mail', thread: first.id });
      },
    );
  };
  return (
    <form class="detail box-form compose" data-testid="compose-form" onSubmit={submit}>
      <h2>{t('compose.title', { person })}</h2>
      <label class="stack">
        <span class="muted">{t('compose.to')}</span>
        <input name="to" value={to} placeholder="alice, bob" onInput={(e) => setTo(e.currentTarget.value)} />
      </label>
      <label class="stack">
        <span class="muted">{t('compose.subject')}</span>
        <input name="subject" value={subject} onInput={(e) => setSubject(e.currentTarget.value)} />
      </label>
      <label class="stack">
        <span class="muted">{t('compose.body')}</span>
        <textarea name="body" rows={8} value={body} onInput={(e) => setBody(e.currentTarget.value)} />
      </label>
      {action.error && <ErrorBox error={action.error} />}
      <div class="form-row end">
        <button
          type="submit"
          class="primary"
          disabled={action.busy || recipients.length === 0 || !body.trim()}
        >
          {t('compose.send')}
        </button>
      </div>
    </form>
  );
}

export function InboxView() {
  const person = usePerson();
  const res = useResource<InboxJson>('/api/inbox', ['messages']);
  const messages = res.data?.messages ?? [];
  const selected = useListKeys(
    messages.map((m) => ({ id: m.id, open: () => go({ view: 'mail', thread: m.id }) })),
  );
  const stop = tabStop(
    messages.map((m) => m.id),
    selected,
  );
  return (
    <section class="pane page" aria-label={t('nav.inbox')}>
      <div class="list-head">
        <h1>{t('inbox.title', { person: res.data?.person ?? person })}</h1>
        {res.data && <span class="muted">{t('messages.count', { n: messages.length })}</span>}
      </div>
      {res.error && <ErrorBox error={res.error} read />}
      {!res.data && !res.error && <Loading />}
      {res.data && messages.length === 0 && <Empty text={t('empty.inbox', { person: res.data.person })} />}
      {/* Each message is an article (it holds links: no option of a listbox); j/k and ↑/↓ move between them. */}
      <div class="messages" data-list>
        {messages.map((m) => (
          <article
            key={m.id}
            class="message"
            data-testid="message"
            data-message-id={m.id}
            data-key={m.id}
            aria-label={visible(`${m.from}: ${m.subject || m.body.slice(0, 80)}`)}
            tabIndex={m.id === stop ? 0 : -1}
            data-selected={m.id === selected ? 'true' : undefined}
          >
            <div class="message-head">
              <strong>{visible(m.from)}</strong>
              <span class="muted">→ {visible(m.to.join(', '))}</span>
              {m.subject && <span class="subject">{visible(m.subject)}</span>}
              <When at={m.at} />
              <a class="head-link" href={threadHref(m.id)}>
                {t('thread.open')}
              </a>
            </div>
            <Markdown text={m.body} />
          </article>
        ))}
      </div>
    </section>
  );
}
