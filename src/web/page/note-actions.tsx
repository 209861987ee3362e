// A note's three actions: resume the original session, continue in a new one, request a supplementary handoff.
import { useState } from 'preact/hooks';
import type { ContinueResult, NoteDetail, SupplementResult } from '../api-types.js';
import { type ApiFailure, mutate, seg } from './api.js';
import { t } from './i18n.js';
import { emitChange } from './live.js';
import { noteHref } from './route.js';
import { CopyBox, ErrorBox, short, When } from './ui.js';

const harnesses = ['claude', 'codex', 'gemini', 'opencode', 'pi'];

/** A request's life in one value: idle, running, done with an answer, or failed. */
type Call<T> =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'done'; value: T }
  | { state: 'failed'; error: ApiFailure };

function useCall<T>(): [Call<T>, (run: () => Promise<T>) => void] {
  const [call, setCall] = useState<Call<T>>({ state: 'idle' });
  const start = (run: () => Promise<T>) => {
    setCall({ state: 'busy' });
    run().then(
      (value) => setCall({ state: 'done', value }),
      (error: ApiFailure) => setCall({ state: 'failed', error }),
    );
  };
  return [call, start];
}

export function NoteActions({ detail }: { detail: NoteDetail }) {
  return (
    <section class="actions" aria-label={t('actions')}>
      <Resume detail={detail} />
      <Continue detail={detail} />
      <Supplement detail={detail} />
    </section>
  );
}

function Resume({ detail }: { detail: NoteDetail }) {
  const [shown, setShown] = useState(false);
  const { resume } = detail;
  return (
    <div class="action">
      <div class="action-head">
        <button type="button" data-action="resume" onClick={() => setShown(true)} aria-expanded={shown}>
          {t('action.resume')}
        </button>
        <span class="muted">{t('action.resume.about')}</span>
      </div>
      {shown &&
        ('command' in resume ? (
          <div class="action-out">
            <CopyBox text={resume.command} testid="resume-command" />
            {resume.cwd && (
              <p class="muted">
                {t('run.in')} <code>{resume.cwd}</code>
              </p>
            )}
          </div>
        ) : (
          <p class="action-out notice" data-testid="resume-reason">
            {resume.reason}
          </p>
        ))}
    </div>
  );
}

function Continue({ detail }: { detail: NoteDetail }) {
  const own = detail.note.harness;
  const [harness, setHarness] = useState(harnesses.includes(own) ? own : 'claude');
  const [call, start] = useCall<ContinueResult>();
  const run = () =>
    start(() => mutate<ContinueResult>('POST', `/api/notes/${seg(detail.note.id)}/continue`, { harness }));
  return (
    <div class="action">
      <div class="action-head">
        <button type="button" data-action="continue" onClick={run} disabled={call.state === 'busy'}>
          {t('action.continue')}
        </button>
        <label class="inline">
          <span class="muted">{t('action.continue.with')}</span>
          <select name="harness" value={harness} onChange={(event) => setHarness(event.currentTarget.value)}>
            {harnesses.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {call.state === 'failed' && <ErrorBox error={call.error} />}
      {call.state === 'done' && (
        <div class="action-out">
          <p class="muted">{t('continue.command', { harness: call.value.harness })}</p>
          <CopyBox text={call.value.command} testid="continue-command" wrap />
          <p class="muted">
            {t('run.in')} <code>{call.value.cwd}</code>
            {call.value.textFile && (
              <>
                {' · '}
                {t('continue.textfile')} <code>{call.value.textFile}</code>
              </>
            )}
          </p>
          <p class="muted">{t('continue.text')}</p>
          <CopyBox text={call.value.text} testid="continue-text" wrap />
        </div>
      )}
    </div>
  );
}

function Supplement({ detail }: { detail: NoteDetail }) {
  const { mode, why } = detail.supplement;
  const [call, start] = useCall<SupplementResult>();
  const run = () =>
    start(async () => {
      const result = await mutate<SupplementResult>(
        'POST',
        `/api/notes/${seg(detail.note.id)}/supplement`,
        {},
      );
      emitChange(result.mode === 'draft' ? ['notes'] : ['pending']);
      return result;
    });
  const plan =
    mode === 'request' ? 'supplement.plan.request' : mode === 'draft' ? 'supplement.plan.draft' : null;
  return (
    <div class="action">
      <div class="action-head">
        <button
          type="button"
          data-action="supplement"
          onClick={run}
          disabled={mode === 'none' || call.state === 'busy' || call.state === 'done'}
        >
          {t('action.supplement')}
        </button>
        <span class="muted" data-testid="supplement-plan" data-mode={mode} title={why}>
          {plan ? t(plan) : t('supplement.plan.none')}
        </span>
      </div>
      {mode === 'none' && why && <p class="muted small">{why}</p>}
      {call.state === 'failed' && <ErrorBox error={call.error} />}
      {call.state === 'done' && (
        <div class="action-out" data-testid="supplement-result" data-mode={call.value.mode}>
          {call.value.mode === 'draft' ? (
            <p>
              {t('supplement.done.draft')} <a href={noteHref(call.value.note.id)}>{call.value.note.title}</a>
            </p>
          ) : (
            <>
              <p>
                {t('supplement.done.request', { session: short(call.value.session) })}
                {call.value.expiresAt && (
                  <>
                    {' '}
                    {t('expires')} <When at={call.value.expiresAt} />
                  </>
                )}
              </p>
              <p class="muted">{t('supplement.prompt')}</p>
              <CopyBox text={call.value.prompt} testid="supplement-prompt" wrap />
            </>
          )}
        </div>
      )}
    </div>
  );
}
