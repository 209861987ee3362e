// Small shared pieces: time labels, badges, the error / empty / loading states, copy boxes, read problems. What they
// are handed from the board (titles, times, messages, paths) they show as `visible` shows it.
import type { ComponentChildren } from 'preact';
import { useContext, useRef, useState } from 'preact/hooks';
import type { ApiFailure } from './api.js';
import { type StringKey, t } from './i18n.js';
import { OfflineContext } from './person.js';
import { relativeTime } from './time.js';
import { visible } from './visible.js';

/** A relative time with the full ISO time in its title (an unreadable time is shown as written). */
export function When({ at }: { at: string }) {
  const shown = visible(at);
  return (
    <time class="when" dateTime={shown} title={shown}>
      {visible(relativeTime(at))}
    </time>
  );
}

export type Tone = 'neutral' | 'accent' | 'violet' | 'green' | 'amber' | 'red' | 'dashed';

export function Badge({
  tone = 'neutral',
  children,
  title,
}: {
  tone?: Tone;
  children: ComponentChildren;
  title?: string;
}) {
  return (
    <span class={`badge ${tone}`} title={visible(title)}>
      {children}
    </span>
  );
}

/** Our own strings may hold `code` spans in backticks; board text never goes through this. */
export function Rich({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

const hints: Record<string, StringKey> = {
  unreachable: 'error.unreachable',
  not_found: 'error.not_found',
  forbidden: 'error.forbidden',
  conflict: 'error.conflict',
  invalid_input: 'error.invalid_input',
  invalid_name: 'error.invalid_input',
  too_large: 'error.invalid_input',
};

/**
 * A failed request: the server's own words, then what to do next. A view's failed read (`read`) says nothing while
 * the header already says the board is unreachable; a failed write always says why.
 */
export function ErrorBox({ error, read }: { error: ApiFailure; read?: boolean }) {
  const offline = useContext(OfflineContext);
  if (offline && read && error.code === 'unreachable') return null;
  // A bad id in a link is, to the reader, something that is not there.
  const code = read && error.code.startsWith('invalid') ? 'not_found' : error.code;
  const hint =
    hints[code] ?? (error.status === 401 || error.status === 403 ? 'error.forbidden' : 'error.other');
  // A read of something not there says so in the page's language; the server's own words (in English, naming the
  // id and the board) follow as detail.
  const missing = read && code === 'not_found';
  return (
    <div class="state error" data-testid="error" role="alert">
      <strong>
        {error.code === 'unreachable'
          ? t('error.unreachable.title')
          : missing
            ? t('error.not_found.title')
            : visible(error.message)}
      </strong>
      <p>
        <Rich text={t(hint)} />
      </p>
      {missing && (
        <p class="error-detail" lang="en">
          {visible(error.message)}
        </p>
      )}
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return (
    <div class="state empty" data-testid="empty">
      <Rich text={text} />
    </div>
  );
}

export function Loading() {
  return <div class="state loading">{t('loading')}</div>;
}

/**
 * Text to copy: a copy button (Clipboard API), else the text is selected for Ctrl+C. What is copied is what is shown
 * (`visible`): a command never carries a character the person could not see onto their clipboard.
 */
export function CopyBox({ text: given, testid, wrap }: { text: string; testid: string; wrap?: boolean }) {
  const text = visible(given);
  const ref = useRef<HTMLPreElement>(null);
  const [done, setDone] = useState<'' | 'copied' | 'selected'>('');
  const select = () => {
    const el = ref.current;
    const selection = window.getSelection();
    if (!el || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(el);
    selection.removeAllRanges();
    selection.addRange(range);
    setDone('selected');
  };
  const copy = () => {
    if (!navigator.clipboard?.writeText) return select();
    navigator.clipboard.writeText(text).then(() => setDone('copied'), select);
  };
  return (
    <div class="copy">
      <pre ref={ref} class={wrap ? 'wrap' : undefined} data-testid={testid}>
        {text}
      </pre>
      <div class="copy-bar">
        <button type="button" class="small" onClick={copy}>
          {t('copy')}
        </button>
        {done && (
          <span class="muted" role="status">
            {t(done === 'copied' ? 'copy.done' : 'copy.selected')}
          </span>
        )}
      </div>
    </div>
  );
}

/** Files that could not be read while answering (the server lists at most 20). */
export function Problems({ problems }: { problems: string[] | undefined }) {
  if (!problems || problems.length === 0) return null;
  return (
    <details class="problems">
      <summary>{t('problems', { n: problems.length })}</summary>
      <ul>
        {problems.map((problem, i) => (
          <li key={i}>{visible(problem)}</li>
        ))}
      </ul>
    </details>
  );
}

/** The first 8 characters of a session id, the short form shown everywhere. */
export function short(id: string): string {
  return id.slice(0, 8);
}
