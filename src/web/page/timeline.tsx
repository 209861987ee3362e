// The relation timeline (SPEC §6): families newest activity first, parents collapsed, the open note on the right.
// Only family roots and the children of expanded nodes are rendered, so a board of thousands of notes stays fast.
import { useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { TimelineJson, TimelineNodeJson } from '../api-types.js';
import { seg } from './api.js';
import { t } from './i18n.js';
import { type KeyItem, useListKeys } from './keyboard.js';
import { NoteView } from './note-detail.js';
import { ClockContext } from './person.js';
import { useResource } from './resource.js';
import { go } from './route.js';
import { Placeholder, Split } from './split.js';
import { type Row, TimelineRow } from './timeline-row.js';
import { Empty, ErrorBox, Loading, Problems } from './ui.js';
import { VirtualList } from './virtual-list.js';
import { visible } from './visible.js';

function nodeKey(node: TimelineNodeJson): string {
  return node.note ? node.note.id : `x:${node.external ?? ''}`;
}

/** The rows on screen: every root, and below an open node its children (depth-first). */
function visibleRows(families: TimelineNodeJson[], expanded: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  const walk = (node: TimelineNodeJson, depth: number) => {
    const key = nodeKey(node);
    const open = node.children.length > 0 && expanded.has(key);
    rows.push({ key, node, depth, open });
    if (open) for (const child of node.children) walk(child, depth + 1);
  };
  for (const family of families) walk(family, 0);
  return rows;
}

/** The keys of the nodes above note `id`, root first; undefined when it is not in `families`. */
function ancestorsOf(families: TimelineNodeJson[], id: string): string[] | undefined {
  const path: string[] = [];
  const find = (node: TimelineNodeJson): boolean => {
    if (node.note?.id === id) return true;
    path.push(nodeKey(node));
    for (const child of node.children) if (find(child)) return true;
    path.pop();
    return false;
  };
  for (const family of families) if (find(family)) return path;
  return undefined;
}

// The picked project and the open parents outlive the view (a trip to the cards and back keeps them).
let keptProject = '';
let keptExpanded: ReadonlySet<string> = new Set();

export function TimelineView({ note }: { note?: string }) {
  const [project, setProject] = useState(keptProject);
  const [expanded, setExpanded] = useState(keptExpanded);
  useEffect(() => {
    keptProject = project;
    keptExpanded = expanded;
  }, [project, expanded]);
  const path = project ? `/api/timeline?project=${seg(project)}` : '/api/timeline';
  const timeline = useResource<TimelineJson>(path, ['notes', 'sessions']);
  const families = timeline.data?.families;
  const rows = useMemo(() => visibleRows(families ?? [], expanded), [families, expanded]);

  // Opening a note by its link (or from search) shows where it sits: its ancestors open once.
  const revealed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!families || !note || revealed.current === note) return;
    revealed.current = note;
    const above = ancestorsOf(families, note);
    if (above?.length) setExpanded((old) => new Set([...old, ...above]));
  }, [families, note]);

  const setOpen = (key: string, open: boolean) =>
    setExpanded((old) => {
      if (old.has(key) === open) return old;
      const next = new Set(old);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });

  const items: KeyItem[] = rows.map((row) => {
    const id = row.node.note?.id;
    const parent = row.node.children.length > 0;
    return {
      id: row.key,
      open: id
        ? () => go({ view: 'timeline', note: id })
        : parent
          ? () => setOpen(row.key, !row.open)
          : undefined,
      expand: parent ? () => setOpen(row.key, true) : undefined,
      collapse: parent ? () => setOpen(row.key, false) : undefined,
      toggle: parent ? () => setOpen(row.key, !row.open) : undefined,
    };
  });
  const selected = useListKeys(items, note);
  const stamp = useContext(ClockContext);

  const data = timeline.data;
  const list = (
    <>
      <div class="list-head">
        <h1>{t('nav.timeline')}</h1>
        {data && <span class="muted">{t('notes.count', { n: data.total })}</span>}
        {data && data.projects.length > 1 && (
          <select
            class="project-picker"
            aria-label={t('project')}
            value={project}
            onChange={(event) => setProject(event.currentTarget.value)}
          >
            <option value="">{t('project.all')}</option>
            {data.projects.map((key) => (
              <option key={key} value={key}>
                {visible(key)}
              </option>
            ))}
          </select>
        )}
      </div>
      {timeline.error && <ErrorBox error={timeline.error} read />}
      {!data && !timeline.error && <Loading />}
      {data && <Problems problems={data.problems} />}
      {data && data.families.length === 0 && (
        <Empty text={t(project ? 'empty.notes.project' : 'empty.notes')} />
      )}
      {data && data.families.length > 0 && (
        <VirtualList
          class="rows timeline"
          role="tree"
          label={t('nav.timeline')}
          items={rows}
          itemKey={(row) => row.key}
          estimate={58}
          renderItem={(row) => (
            <TimelineRow
              row={row}
              selected={row.key === selected}
              current={note !== undefined && row.node.note?.id === note}
              stamp={stamp}
              onToggle={setOpen}
            />
          )}
        />
      )}
    </>
  );
  return (
    <Split
      label={t('nav.timeline')}
      open={note !== undefined}
      openId={note}
      list={list}
      detail={note ? <NoteView key={note} id={note} /> : <Placeholder text={t('pick.note')} />}
    />
  );
}
