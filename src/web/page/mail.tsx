// Mail: threads newest first with the open thread (or the compose form) on the right; the person's inbox. Both lists
// come a page at a time (more as the list scrolls to its end), the person's unread marked, and are windowed: only the
// rows near the viewport are in the DOM (virtual-list.tsx).
import type { InboxJson, MailJson, MessageJson, ThreadSummary } from '../api-types.js';
import { Compose } from './compose.js';
import { t } from './i18n.js';
import { tabStop, useListKeys } from './keyboard.js';
import { LoadMore } from './load-more.js';
import { Markdown } from './markdown.js';
import { usePaged } from './paged.js';
import { usePerson } from './person.js';
import { go, threadHref } from './route.js';
import { Split } from './split.js';
import { ThreadView } from './thread.js';
import { Badge, Empty, ErrorBox, Loading, Problems, When } from './ui.js';
import { VirtualList } from './virtual-list.js';
import { visible } from './visible.js';

/** A thread row's height before it is measured (px); an inbox message's (its body is Markdown of any length). */
const THREAD_ROW = 78;
const MESSAGE_ROW = 140;

const threadPages = {
  items: (page: MailJson) => page.threads,
  next: (page: MailJson) => page.next,
  param: 'after' as const,
};

const inboxPages = {
  items: (page: InboxJson) => page.messages,
  next: (page: InboxJson) => page.next,
  param: 'before' as const,
};

export function MailView({ thread }: { thread?: string }) {
  const paged = usePaged('/api/mail', ['messages'], threadPages);
  const { first, items: threads } = paged;
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
        {first && (
          <span class="muted" data-testid="list-count">
            {t('threads.count', { n: first.total })}
            {first.unread > 0 && <> · {t('unread.count', { n: first.unread })}</>}
          </span>
        )}
        {thread && (
          <a class="head-link" href="#/mail">
            {t('compose.open')}
          </a>
        )}
      </div>
      {paged.error && <ErrorBox error={paged.error} read />}
      {!first && !paged.error && <Loading />}
      {first && <Problems problems={first.problems} />}
      {first && threads.length === 0 && <Empty text={t('empty.mail')} />}
      {threads.length > 0 && (
        <VirtualList
          class="rows"
          role="listbox"
          label={t('nav.mail')}
          testId="thread-list"
          items={threads}
          itemKey={(th) => th.id}
          estimate={THREAD_ROW}
          activeIndex={threads.findIndex((th) => th.id === stop)}
          renderItem={(th) => (
            <ThreadRow
              thread={th}
              selected={th.id === selected}
              current={th.id === thread}
              stop={th.id === stop}
            />
          )}
        />
      )}
      <LoadMore more={paged.more} busy={paged.loadingMore} onMore={paged.loadMore} />
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
  const unread = thread.unread ?? 0;
  return (
    <a
      class={`row${current ? ' current' : ''}${unread > 0 ? ' unread' : ''}`}
      href={threadHref(thread.id)}
      data-testid="thread"
      data-thread-id={thread.id}
      data-key={thread.id}
      data-unread={unread > 0 ? 'true' : undefined}
      role="option"
      tabIndex={stop ? 0 : -1}
      aria-selected={selected ? 'true' : 'false'}
      aria-current={current ? 'page' : undefined}
      data-selected={selected ? 'true' : undefined}
    >
      <span class="row-main">
        <span class="line">
          {unread > 0 && <UnreadDot />}
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

export function InboxView() {
  const person = usePerson();
  const paged = usePaged('/api/inbox', ['messages'], inboxPages);
  const { first, items: messages } = paged;
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
        <h1>{t('inbox.title', { person: first?.person ?? person })}</h1>
        {first && (
          <span class="muted" data-testid="list-count">
            {t(paged.more ? 'messages.countMore' : 'messages.count', { n: messages.length })}
            {first.unread > 0 && <> · {t('unread.count', { n: first.unread })}</>}
          </span>
        )}
      </div>
      {paged.error && <ErrorBox error={paged.error} read />}
      {!first && !paged.error && <Loading />}
      {first && messages.length === 0 && <Empty text={t('empty.inbox', { person: first.person })} />}
      {/* Each message is an article (it holds links: no option of a listbox); j/k and ↑/↓ move between them. */}
      {messages.length > 0 && (
        <div data-list>
          <VirtualList
            class="messages"
            testId="inbox-list"
            items={messages}
            itemKey={(m) => m.id}
            estimate={MESSAGE_ROW}
            activeIndex={messages.findIndex((m) => m.id === stop)}
            renderItem={(m) => <InboxMessage message={m} selected={m.id === selected} stop={m.id === stop} />}
          />
        </div>
      )}
      <LoadMore more={paged.more} busy={paged.loadingMore} onMore={paged.loadMore} />
    </section>
  );
}

function InboxMessage({
  message: m,
  selected,
  stop,
}: {
  message: MessageJson;
  selected: boolean;
  stop: boolean;
}) {
  return (
    <article
      class={`message${m.unread ? ' unread' : ''}`}
      data-testid="message"
      data-message-id={m.id}
      data-key={m.id}
      data-unread={m.unread ? 'true' : undefined}
      aria-label={visible(`${m.from}: ${m.subject || m.body.slice(0, 80)}`)}
      tabIndex={stop ? 0 : -1}
      data-selected={selected ? 'true' : undefined}
    >
      <div class="message-head">
        {m.unread && <UnreadDot />}
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
  );
}

/** The mark of an unread thread or message: a dot to the eye, the word to a screen reader. */
function UnreadDot() {
  return (
    <span class="unread-dot" title={t('unread')}>
      <span class="unread-text">{t('unread')}</span>
    </span>
  );
}
