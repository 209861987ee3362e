// One note in the detail pane, content first: title, badges and a byline, the actions in a toolbar, then the six
// sections (or a result); its lineage and files after them, and its metadata collapsed at the end.
import type { NoteDetail, SectionJson } from '../api-types.js';
import { seg } from './api.js';
import { BodyRest } from './body-rest.js';
import { lang, type StringKey, t } from './i18n.js';
import { Markdown } from './markdown.js';
import { NoteActions } from './note-actions.js';
import { useResource } from './resource.js';
import { noteHref, sessionHref } from './route.js';
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
        <div class="head-line">
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
          <span class="byline muted" data-testid="byline">
            {visible(note.agent)} · {visible(note.harness)} · <When at={note.createdAt} />
          </span>
        </div>
        <NoteActions key={note.id} detail={detail} />
      </header>
      {note.degraded && <p class="warn">{visible(note.degraded)}</p>}
      {note.truncated && <p class="warn">{visible(note.truncated)}</p>}
      <Lineage detail={detail} />
      {note.kind === 'result' || !detail.sections ? <ResultBody detail={detail} /> : null}
      {detail.sections?.map((section) => (
        <section key={section.key} class="note-section" data-section={section.key}>
          <h3>{t(sectionKeys[section.key])}</h3>
          <Markdown text={section.text} />
        </section>
      ))}
      <FileList title={t('meta.files', { n: note.files.length })} files={note.files} />
      <Metadata detail={detail} />
    </article>
  );
}

/** A time as the page's language writes it in full, to the second, in the reader's time zone. */
export function fullTime(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return new Date(at).toLocaleString(lang(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
}

/** Who, where, when and which file: collapsed, as it is rarely what a reader came for. */
function Metadata({ detail }: { detail: NoteDetail }) {
  const { note } = detail;
  return (
    <details class="meta-box" data-testid="metadata">
      <summary>{t('meta.details')}</summary>
      <dl class="meta">
        <dt>{t('meta.created')}</dt>
        <dd>
          <When at={note.createdAt} /> <span class="muted">{visible(fullTime(note.createdAt))}</span>
        </dd>
        <dt>{t('meta.agent')}</dt>
        <dd>{visible(note.agent)}</dd>
        <dt>{t('meta.harness')}</dt>
        <dd>{visible(note.harness)}</dd>
        <dt>{t('meta.session')}</dt>
        <dd>
          <a href={sessionHref(note.session)}>
            <code title={visible(note.session)}>{visible(note.session)}</code>
          </a>
        </dd>
        <dt>{t('meta.project')}</dt>
        <dd>{visible(note.projectKey)}</dd>
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
        <dt>{t('meta.file')}</dt>
        <dd>
          <code class="path" title={visible(note.path)}>
            {visible(note.path)}
          </code>
        </dd>
      </dl>
    </details>
  );
}

function Lineage({ detail }: { detail: NoteDetail }) {
  const external = detail.externalParent;
  if (!detail.parent && detail.children.length === 0 && !external) return null;
  const parentLabel = detail.note.kind === 'result' ? 'lineage.delegatedBy' : 'lineage.parent';
  return (
    <nav class="lineage" aria-label={t('lineage')}>
      {detail.parent ? (
        <p>
          <span class="muted">{t(parentLabel)}</span>{' '}
          <a href={noteHref(detail.parent.id)} data-testid="parent-link">
            {visible(detail.parent.title || detail.parent.id)}
          </a>
        </p>
      ) : external ? (
        <p data-testid="external-parent">
          <span class="muted">{t(parentLabel)}</span>{' '}
          {external.note ? (
            <>
              <a href={noteHref(external.note.id)} data-testid="parent-link">
                {visible(external.note.title || external.note.id)}
              </a>{' '}
              {external.note.projectKey !== detail.note.projectKey && (
                <Badge tone="dashed">{t('lineage.inProject', { project: external.note.projectKey })}</Badge>
              )}
            </>
          ) : external.recorded ? (
            <a href={sessionHref(external.session)} data-testid="parent-session-link">
              {t('lineage.parentSession', {
                agent: external.agent ?? '',
                harness: external.harness ?? '',
                id: short(external.session),
              })}
            </a>
          ) : (
            <>
              <Badge tone="dashed" title={external.session}>
                {t('external.session', { id: short(external.session) })}
              </Badge>{' '}
              <span class="muted small" data-testid="external-why">
                {t('lineage.notHere')}
              </span>
            </>
          )}
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
