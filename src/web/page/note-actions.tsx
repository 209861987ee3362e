// A note's three actions as a toolbar in its header — resume the original session, continue in a new one, request a
// supplementary handoff — and, under it, what the last one pressed gave.
import { useState } from 'preact/hooks';
import { HARNESS_NAMES, isHarnessName } from '../../harnesses/registry.js';
import type { ContinueResult, NoteDetail, SupplementResult } from '../api-types.js';
import { mutate, seg } from './api.js';
import { t } from './i18n.js';
import { emitChange } from './live.js';
import { useAction } from './resource.js';
import { noteHref } from './route.js';
import { CopyBox, ErrorBox, short, When } from './ui.js';
import { visible } from './visible.js';

type Shown = 'resume' | 'continue' | 'supplement';

export function NoteActions({ detail }: { detail: NoteDetail }) {
  const { note } = detail;
  const [shown, setShown] = useState<Shown | undefined>();
  const own = note.harness;
  const [harness, setHarness] = useState<string>(isHarnessName(own) ? own : 'claude');
  const continued = useAction<ContinueResult>();
  const supplemented = useAction<SupplementResult>();
  const { mode, model } = detail.supplement;
  const runContinue = () => {
    setShown('continue');
    continued.run(() => mutate('POST', `/api/notes/${seg(note.id)}/continue`, { harness }));
  };
  const runSupplement = () => {
    setShown('supplement');
    supplemented.run(
      () => mutate('POST', `/api/notes/${seg(note.id)}/supplement`, {}),
      (done) => emitChange(done.mode === 'draft' ? ['notes'] : ['pending']),
    );
  };
  const plan =
    mode === 'request'
      ? t('supplement.plan.request')
      : mode === 'draft'
        ? model
          ? t('supplement.plan.generate', { model })
          : t('supplement.plan.draft')
        : undefined;
  return (
    <section class="actions" aria-label={t('actions')}>
      <div class="toolbar" role="toolbar" aria-label={t('actions')}>
        <button
          type="button"
          data-action="resume"
          title={t('action.resume.about')}
          aria-expanded={shown === 'resume'}
          onClick={() => setShown(shown === 'resume' ? undefined : 'resume')}
        >
          {t('action.resume')}
        </button>
        <span class="tool-group">
          <button
            type="button"
            class="primary"
            data-action="continue"
            onClick={runContinue}
            disabled={continued.busy}
          >
            {t('action.continue')}
          </button>
          <label class="inline">
            <span class="muted">{t('action.continue.with')}</span>
            <select
              name="harness"
              value={harness}
              onChange={(event) => setHarness(event.currentTarget.value)}
            >
              {HARNESS_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </span>
        <button
          type="button"
          data-action="supplement"
          title={plan}
          onClick={runSupplement}
          disabled={mode === 'none' || supplemented.busy || supplemented.value !== undefined}
        >
          {t('action.supplement')}
        </button>
      </div>
      {mode === 'none' && (
        <p class="muted small supplement-why" data-testid="supplement-plan" data-mode={mode}>
          <SupplementNone reason={detail.supplement.reason} />
        </p>
      )}
      {shown === 'resume' && <ResumeOut detail={detail} />}
      {shown === 'continue' && (
        <div class="action-out" data-testid="continue-out">
          {continued.error && <ErrorBox error={continued.error} />}
          {continued.value && <ContinueOut done={continued.value} />}
        </div>
      )}
      {shown === 'supplement' && (
        <div class="action-out">
          {plan && (
            <p class="muted small" data-testid="supplement-plan" data-mode={mode}>
              {plan}
            </p>
          )}
          {supplemented.error && <ErrorBox error={supplemented.error} />}
          {supplemented.value && <SupplementOut result={supplemented.value} />}
        </div>
      )}
    </section>
  );
}

/** Why no supplementary handoff can be had, and what a person on the page can do instead. */
function SupplementNone({ reason }: { reason: NoteDetail['supplement']['reason'] }) {
  return (
    <>
      {t(reason === 'unrecorded' ? 'supplement.none.unrecorded' : 'supplement.none.ended')}{' '}
      {t('supplement.none.then')} <a href="#/mail">{t('supplement.none.mail')}</a>
      {t('supplement.none.end')}
    </>
  );
}

function ResumeOut({ detail }: { detail: NoteDetail }) {
  const { resume } = detail;
  if (!('command' in resume)) {
    return (
      <p class="action-out notice" data-testid="resume-reason">
        {visible(resume.reason)}
      </p>
    );
  }
  return (
    <div class="action-out">
      <CopyBox text={resume.command} testid="resume-command" />
      {resume.cwd && (
        <p class="muted">
          {t('run.in')} <code>{visible(resume.cwd)}</code>
        </p>
      )}
    </div>
  );
}

// The command carries the handoff as the new session's first message (or names the file holding it): the handoff is
// not printed a second time beside it — it is this page.
function ContinueOut({ done }: { done: ContinueResult }) {
  return (
    <>
      <p class="muted">{t('continue.command', { harness: done.harness })}</p>
      <CopyBox text={done.command} testid="continue-command" wrap />
      <p class="muted">
        {t('run.in')} <code>{visible(done.cwd)}</code>
        {' · '}
        {done.textFile ? (
          <>
            {t('continue.textfile')} <code>{visible(done.textFile)}</code>
          </>
        ) : (
          t('continue.inline')
        )}
      </p>
    </>
  );
}

function SupplementOut({ result }: { result: SupplementResult }) {
  return (
    <div data-testid="supplement-result" data-mode={result.mode}>
      {result.mode === 'draft' ? (
        <p data-method={result.method}>
          {result.method === 'generated'
            ? t('supplement.done.generated', { by: result.by ?? '' })
            : t('supplement.done.draft')}{' '}
          <a href={noteHref(result.note.id)}>{visible(result.note.title)}</a>
        </p>
      ) : (
        <>
          <p>
            {t('supplement.done.request', { session: short(result.session) })}
            {result.expiresAt && (
              <>
                {' '}
                {t('expires')} <When at={result.expiresAt} />
              </>
            )}
          </p>
          <p class="muted">{t('supplement.prompt')}</p>
          <CopyBox text={result.prompt} testid="supplement-prompt" wrap />
        </>
      )}
    </div>
  );
}
