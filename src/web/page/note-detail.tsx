// One note in the detail pane: title, meta, lineage, the three actions, then the six sections (or a result).
import type { NoteDetail, SectionJson } from '../api-types.js';
import { seg } from './api.js';
import { BodyRest } from './body-rest.js';
import { type StringKey, t } from './i18n.js';
import { Markdown } from './markdown.js';
import { NoteActions } from './note-actions.js';
import { useResource } from './resource.js';
import { noteHref } from './route.js';
import { Back } from './split.js';
import { Badge, ErrorBox, Loading, short, When } from './ui.js';
import { visible } from './visible.js';

const sectionKeys: Record<SectionJson['key'], StringKey> = {
  goal: 'section.goal',
  done: 'section.done',
  state: 'section.state',
  decisions: 'section.decisions',
  pitfalls: 'section.pitfalls',
  next: 'section.next',
};

export function NoteView({ id }: { id: string }) {
  const res = useResource<NoteDetail>(`/api/notes/${seg(id)}`, ['notes', 'sessions', 'pending']);
  const back = <Back to={{ view: 'timeline' }} />;
  if (!res.data)
    return (
      <div class="detail">
        {back}
        {res.error ? <ErrorBox error={res.error} read /> : <Loading />}
      </div>
    );
  const detail = res.data;
  const { note } = detail;
  return (
    <article class="detail note-detail">
      {back}
      {res.error && <ErrorBox error={res.error} read />}
      <header class="detail-head">
        <h2>{visible(note.title || note.id)}</h2>
        <div class="badges">
          <Badge>{t(note.kind === 'result' ? 'kind.result' : 'kind.handoff')}</Badge>
          {detail.sessionLive && <Badge tone="green">{t('badge.inprogress')}</Badge>}
          {note.status !== 'ok' && (
            <Badge tone={note.status === 'error' ? 'red' : 'amber'}>
              {t(note.status === 'error' ? 'status.error' : 'status.degraded')}
            </Badge>
          )}
          {note.provenance === 'raw' && (
            <Badge title={t('provenance.raw.title')}>{t('provenance.raw')}</Badge>
          )}
        </div>
      </header>
      {note.degraded && <p class="warn">{visible(note.degraded)}</p>}
      {note.truncated && <p class="warn">{visible(note.truncated)}</p>}
      <dl class="meta">
        <dt>{t('meta.agent')}</dt>
        <dd>{visible(note.agent)}</dd>
        <dt>{t('meta.harness')}</dt>
        <dd>{visible(note.harness)}</dd>
        <dt>{t('meta.session')}</dt>
        <dd>
          <code title={visible(note.session)}>{visible(note.session)}</code>
        </dd>
        <dt>{t('meta.project')}</dt>
        <dd>{visible(note.projectKey)}</dd>
        <dt>{t('meta.created')}</dt>
        <dd>
          <When at={note.createdAt} /> <span class="muted">{visible(note.createdAt)}</span>
        </dd>
        <dt>{t('meta.provenance')}</dt>
        <dd>{t(note.provenance === 'raw' ? 'provenance.raw.long' : 'provenance.curated.long')}</dd>
        {note.rev && (
          <>
            <dt>{t('meta.rev')}</dt>
            <dd>
              <code>{visible(note.rev)}</code>
            </dd>
          </>
        )}
        <dt>{t('meta.id')}</dt>
        <dd>
          <code>{visible(note.id)}</code>
        </dd>
      </dl>
      <FileList title={t('meta.files', { n: note.files.length })} files={note.files} />
      <Lineage detail={detail} />
      <NoteActions key={note.id} detail={detail} />
      {note.kind === 'result' || !detail.sections ? <ResultBody detail={detail} /> : null}
      {detail.sections?.map((section) => (
        <section key={section.key} class="note-section" data-section={section.key}>
          <h3>{t(sectionKeys[section.key])}</h3>
          <Markdown text={section.text} />
        </section>
      ))}
      <p class="muted path" title={visible(note.path)}>
        {visible(note.path)}
      </p>
    </article>
  );
}

function Lineage({ detail }: { detail: NoteDetail }) {
  if (!detail.parent && detail.children.length === 0 && !detail.note.parentSession) return null;
  const parentLabel = detail.note.kind === 'result' ? 'lineage.delegatedBy' : 'lineage.parent';
  return (
    <nav class="lineage" aria-label={t('lineage')}>
      {detail.parent ? (
        <p>
          <span class="muted">{t(parentLabel)}</span>{' '}
          <a href={noteHref(detail.parent.id)}>{visible(detail.parent.title)}</a>
        </p>
      ) : detail.note.parentSession ? (
        <p>
          <span class="muted">{t(parentLabel)}</span>{' '}
          <Badge tone="dashed">{t('external.session', { id: short(detail.note.parentSession) })}</Badge>
        </p>
      ) : null}
      {detail.children.length > 0 && (
        <div>
          <span class="muted">{t('lineage.children', { n: detail.children.length })}</span>
          <ul>
            {detail.children.map((child) => (
              <li key={child.id}>
                <a href={noteHref(child.id)}>{visible(child.title || child.id)}</a>{' '}
                {child.kind === 'sub-agent' && <Badge tone="violet">{t('badge.subagent')}</Badge>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </nav>
  );
}

/** A result note (or a handoff whose sections could not be read): task, conclusion, facts, artifacts, body. */
function ResultBody({ detail }: { detail: NoteDetail }) {
  const { note } = detail;
  return (
    <>
      {note.task && (
        <section class="note-section">
          <h3>{t('result.task')}</h3>
          <Markdown text={note.task} />
        </section>
      )}
      {note.conclusion && (
        <section class="note-section">
          <h3>{t('result.conclusion')}</h3>
          <p>{visible(note.conclusion)}</p>
        </section>
      )}
      {note.facts.length > 0 && (
        <section class="note-section">
          <h3>{t('result.facts')}</h3>
          <ul>
            {note.facts.map((fact, i) => (
              <li key={i}>{visible(fact)}</li>
            ))}
          </ul>
        </section>
      )}
      <FileList title={t('result.artifacts', { n: note.artifacts.length })} files={note.artifacts} />
      <section class="note-section">
        <h3>{t(note.kind === 'result' ? 'result.body' : 'result.fulltext')}</h3>
        <Markdown text={note.body} />
        <BodyRest id={note.id} shown={note.body.length} total={note.bodyChars} />
      </section>
    </>
  );
}

function FileList({ title, files }: { title: string; files: string[] }) {
  if (files.length === 0) return null;
  return (
    <section class="note-section files">
      <h3>{title}</h3>
      <ul class="file-list">
        {files.map((file, i) => (
          <li key={i}>
            <code>{visible(file)}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
