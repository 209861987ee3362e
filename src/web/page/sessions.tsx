// Sessions per project, live first then ended: who, where, when, the notes they left, the session they continue, and
// the files they touched (and who else did). `#/sessions/<id>` selects one session and brings it into view.
import { useEffect, useState } from 'preact/hooks';
import type { SessionJson, SessionsJson } from '../api-types.js';
import { t } from './i18n.js';
import { tabStop, useListKeys } from './keyboard.js';
import { useResource } from './resource.js';
import { noteHref, sessionHref } from './route.js';
import { Badge, Empty, ErrorBox, Loading, Problems, When } from './ui.js';
import { visible } from './visible.js';

const SHOWN_FILES = 6;
const SHOWN_NOTES = 3;

export function SessionsView({ focus }: { focus?: string }) {
  const res = useResource<SessionsJson>('/api/sessions', ['sessions', 'agents']);
  const projects = res.data?.projects ?? [];
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpened((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const selected = useListKeys(
    projects.flatMap((p) =>
      p.sessions.map((s) => ({ id: s.id, open: () => toggle(s.id), toggle: () => toggle(s.id) })),
    ),
    focus,
  );
  const loaded = res.data !== undefined;
  // A link to one session: once the list is there, that row is brought into view (the list may be long).
  useEffect(() => {
    if (!loaded || focus === undefined) return;
    const row = [...document.querySelectorAll<HTMLElement>('[data-testid="session"]')].find(
      (el) => el.dataset.sessionId === focus,
    );
    row?.scrollIntoView({ block: 'center' });
  }, [loaded, focus]);
  const missing =
    loaded && focus !== undefined && !projects.some((p) => p.sessions.some((s) => s.id === focus));
  const stop = tabStop(
    projects.flatMap((p) => p.sessions.map((s) => s.id)),
    selected,
  );
  const live = projects.reduce((n, p) => n + p.sessions.filter((s) => s.live).length, 0);
  return (
    <section class="pane page" aria-label={t('nav.sessions')}>
      <div class="list-head">
        <h1>{t('nav.sessions')}</h1>
        {res.data && <span class="muted">{t('sessions.live', { n: live })}</span>}
      </div>
      {res.error && <ErrorBox error={res.error} read />}
      {!res.data && !res.error && <Loading />}
      {res.data && <Problems problems={res.data.problems} />}
      {missing && (
        <p class="notice" data-testid="session-missing">
          {t('session.missing', { id: focus })}
        </p>
      )}
      {res.data && projects.length === 0 && <Empty text={t('empty.sessions')} />}
      {projects.map((project) => (
        <section key={project.key} class="project">
          <h2 class="project-key">{visible(project.key)}</h2>
          {/* Each session is an article (it may hold a button or links); j/k and ↑/↓ move between them. */}
          <div class="rows sessions" data-list>
            {project.sessions.map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                selected={s.id === selected}
                stop={s.id === stop}
                all={opened.has(s.id)}
                onMore={() => toggle(s.id)}
              />
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}

function SessionRow(props: {
  session: SessionJson;
  selected: boolean;
  stop: boolean;
  all: boolean;
  onMore: () => void;
}) {
  const s = props.session;
  const files = props.all ? s.touched : s.touched.slice(0, SHOWN_FILES);
  return (
    <article
      class={`row session${s.live ? ' live' : ' ended'}`}
      data-testid="session"
      data-session-id={s.id}
      data-key={s.id}
      data-live={s.live ? 'true' : 'false'}
      aria-label={visible(`${s.agent} · ${s.harness}`)}
      tabIndex={props.stop ? 0 : -1}
      data-selected={props.selected ? 'true' : undefined}
    >
      <div class="row-main">
        <span class="line">
          <span class="title">
            {visible(s.agent)} <span class="muted">· {visible(s.harness)}</span>
          </span>
          {s.live ? <Badge tone="green">{t('session.live')}</Badge> : <Badge>{t('session.ended')}</Badge>}
        </span>
        <span class="line sub">
          <code title={visible(s.id)}>{visible(s.id)}</code>
          <span class="muted cwd" title={visible(s.cwd)}>
            {visible(s.cwd)}
          </span>
        </span>
        <span class="line sub times">
          <span>
            {t('session.started')} <When at={s.startedAt} />
          </span>
          {s.endedAt ? (
            <span>
              {t('session.endedAt')} <When at={s.endedAt} />
            </span>
          ) : (
            <span>
              {t('session.seen')} <When at={s.lastSeen} />
            </span>
          )}
          {s.parentSession && (
            <span data-testid="session-parent">
              {t('session.parent')}{' '}
              <a href={sessionHref(s.parentSession)} title={visible(s.parentSession)}>
                {s.parent ? (
                  <>
                    {visible(s.parent.agent)} <span class="muted">· {visible(s.parent.harness)}</span>{' '}
                  </>
                ) : null}
                <code>{visible(s.parentSession.slice(0, 8))}</code>
              </a>
              {s.parentNote && (
                <>
                  {' · '}
                  <a href={noteHref(s.parentNote.id)} data-testid="session-parent-note">
                    {visible(s.parentNote.title || s.parentNote.id)}
                  </a>
                </>
              )}
            </span>
          )}
        </span>
        {s.notes.length > 0 && (
          <div class="session-notes" data-testid="session-notes">
            <span class="muted">{t('session.notes', { n: s.noteCount })}</span>
            <ul>
              {s.notes.slice(0, props.all ? undefined : SHOWN_NOTES).map((note) => (
                <li key={note.id}>
                  <a href={noteHref(note.id)}>{visible(note.title || note.id)}</a>
                  {note.kind === 'result' && <Badge>{t('kind.result')}</Badge>}
                </li>
              ))}
            </ul>
          </div>
        )}
        {s.touched.length > 0 && (
          <ul class="touched">
            {files.map((file) => (
              <li key={file.path}>
                <code>{visible(file.path)}</code>
                {file.at && <When at={file.at} />}
                {file.others.map((o) => (
                  <Badge key={o.session} tone="amber" title={o.session}>
                    {t('session.also', { agent: o.agent, harness: o.harness })}
                  </Badge>
                ))}
              </li>
            ))}
          </ul>
        )}
        {(s.touched.length > SHOWN_FILES || s.notes.length > SHOWN_NOTES) && (
          <button type="button" class="link small" onClick={props.onMore} aria-expanded={props.all}>
            {props.all
              ? t('files.less')
              : s.touched.length > SHOWN_FILES
                ? t('files.more', { n: s.touched.length - SHOWN_FILES })
                : t('session.more')}
          </button>
        )}
      </div>
    </article>
  );
}
