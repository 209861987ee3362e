// A new message from the person: recipients completed from the agents the board knows, and a name it does not know
// asked about before anything is sent ("no agent named alcie — send anyway?").
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AgentsJson, SendResultJson } from '../api-types.js';
import { mutate } from './api.js';
import { t } from './i18n.js';
import { emitChange } from './live.js';
import { usePerson } from './person.js';
import { useAction, useResource } from './resource.js';
import { go } from './route.js';
import { ErrorBox } from './ui.js';
import { visible } from './visible.js';

/** Splits "a, b c" into names; empty parts are dropped. */
export function parseRecipients(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** The suggestions for what is typed: the names already written, then each known agent for the one being typed. */
export function completions(text: string, known: readonly string[]): string[] {
  const cut = Math.max(text.lastIndexOf(','), text.lastIndexOf(';'));
  const head = cut < 0 ? '' : `${text.slice(0, cut + 1).trimEnd()} `;
  const written = new Set(parseRecipients(head));
  return known.filter((name) => !written.has(name)).map((name) => `${head}${name}`);
}

export function Compose() {
  const person = usePerson();
  const agents = useResource<AgentsJson>('/api/agents', ['agents', 'messages']);
  const known = (agents.data?.agents ?? []).map((agent) => agent.name);
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  // The unknown names the person was asked about, for exactly these recipients.
  const [asking, setAsking] = useState<string[] | undefined>();
  const action = useAction<SendResultJson>();
  // The question takes the focus the Send button had (it replaces that button).
  const anyway = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) anyway.current?.focus();
  }, [asking]);
  const recipients = parseRecipients(to);
  const send = () => {
    setAsking(undefined);
    const message = { to: recipients, body, ...(subject.trim() ? { subject: subject.trim() } : {}) };
    action.run(
      () => mutate('POST', '/api/messages', message),
      (result) => {
        setTo('');
        setSubject('');
        setBody('');
        // The thread first: its answer is what the person waits for; the lists follow.
        const first = result.sent[0];
        if (first) go({ view: 'mail', thread: first.id });
        emitChange(['messages']);
      },
    );
  };
  const submit = (event: Event) => {
    event.preventDefault();
    if (recipients.length === 0 || !body.trim()) return;
    // Asked only when the list of agents is in hand: a board that could not list them does not block a send.
    const unknown = agents.data ? recipients.filter((name) => !known.includes(name)) : [];
    if (unknown.length > 0) setAsking(unknown);
    else send();
  };
  return (
    <form class="detail box-form compose" data-testid="compose-form" onSubmit={submit}>
      <h2>{t('compose.title', { person })}</h2>
      <label class="stack">
        <span class="muted">{t('compose.to')}</span>
        <input
          name="to"
          value={to}
          list="known-agents"
          autoComplete="off"
          placeholder={known.length > 0 ? known.slice(0, 2).join(', ') : undefined}
          onInput={(e) => {
            setTo(e.currentTarget.value);
            setAsking(undefined);
          }}
        />
        <datalist id="known-agents" data-testid="known-agents">
          {completions(to, known).map((value) => (
            <option key={value} value={visible(value)} />
          ))}
        </datalist>
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
      {asking ? (
        <div
          class="confirm"
          role="alertdialog"
          aria-labelledby="unknown-question"
          data-testid="unknown-recipient"
        >
          <p id="unknown-question">{t('compose.unknown', { names: asking.join(', ') })}</p>
          <div class="form-row end">
            <button type="button" data-action="cancel-send" onClick={() => setAsking(undefined)}>
              {t('cancel')}
            </button>
            <button type="button" class="primary" data-action="send-anyway" onClick={send} ref={anyway}>
              {t('compose.anyway')}
            </button>
          </div>
        </div>
      ) : (
        <div class="form-row end">
          <button
            type="submit"
            class="primary"
            disabled={action.busy || recipients.length === 0 || !body.trim()}
          >
            {t('compose.send')}
          </button>
        </div>
      )}
    </form>
  );
}
