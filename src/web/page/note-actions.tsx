// A note's three actions: resume the original session, continue in a new one, request a supplementary handoff.
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
                {t('run.in')} <code>{visible(resume.cwd)}</code>
              </p>
            )}
          </div>
        ) : (
          <p class="action-out notice" data-testid="resume-reason">
            {visible(resume.reason)}
          </p>
        ))}
    </div>
  );
}

function Continue({ detail }: { detail: NoteDetail }) {
  const own = detail.note.harness;
  const [harness, setHarness] = useState<string>(isHarnessName(own) ? own : 'claude');
  const action = useAction<ContinueResult>();
  const run = () =>
    action.run(() => mutate('POST', `/api/notes/${seg(detail.note.id)}/continue`, { harness }));
  const done = action.value;
  return (
    <div class="action">
      <div class="action-head">
        <button type="button" data-action="continue" onClick={run} disabled={action.busy}>
          {t('action.continue')}
        </button>
        <label class="inline">
          <span class="muted">{t('action.continue.with')}</span>
          <select name="harness" value={harness} onChange={(event) => setHarness(event.currentTarget.value)}>
            {HARNESS_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {action.error && <ErrorBox error={action.error} />}
      {done && (
        <div class="action-out">
          <p class="muted">{t('continue.command', { harness: done.harness })}</p>
          <CopyBox text={done.command} testid="continue-command" wrap />
          <p class="muted">
            {t('run.in')} <code>{visible(done.cwd)}</code>
            {done.textFile && (
              <>
                {' · '}
                {t('continue.textfile')} <code>{visible(done.textFile)}</code>
              </>
            )}
          </p>
          <p class="muted">{t('continue.text')}</p>
          <CopyBox text={done.text} testid="continue-text" wrap />
        </div>
      )}
    </div>
  );
}

function Supplement({ detail }: { detail: NoteDetail }) {
  const { mode, why, model } = detail.supplement;
  const action = useAction<SupplementResult>();
  const run = () =>
    action.run(
      () => mutate('POST', `/api/notes/${seg(detail.note.id)}/supplement`, {}),
      (done) => emitChange(done.mode === 'draft' ? ['notes'] : ['pending']),
    );
  const result = action.value;
  const plan =
    mode === 'request' ? 'supplement.plan.request' : mode === 'draft' ? 'supplement.plan.draft' : null;
  return (
    <div class="action">
      <div class="action-head">
        <button
          type="button"
          data-action="supplement"
          onClick={run}
          disabled={mode === 'none' || action.busy || result !== undefined}
        >
          {t('action.supplement')}
        </button>
        <span class="muted" data-testid="supplement-plan" data-mode={mode} title={visible(why)}>
          {mode === 'draft' && model
            ? t('supplement.plan.generate', { model })
            : plan
              ? t(plan)
              : t('supplement.plan.none')}
        </span>
      </div>
      {mode === 'none' && why && <p class="muted small">{visible(why)}</p>}
      {action.error && <ErrorBox error={action.error} />}
      {result && (
        <div class="action-out" data-testid="supplement-result" data-mode={result.mode}>
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
      )}
    </div>
  );
}
