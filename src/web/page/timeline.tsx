// The relation timeline (SPEC §6, issue 25): families newest activity first, each one row that summarises it; an
// opened family shows its notes as lines (a chain of continuations one flat run, branches and sub-agent results one
// step in). Families come a page at a time and the lines of the families opened, so a board of thousands of notes
// stays fast; the list is windowed (virtual-list.tsx). The tree has one tab stop and arrow keys inside (a roving
// tabindex); a note opened by a link is shown, scrolled to and focused in its opened family.
import { useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { TimelineFindJson, TimelineJson, TimelineLineJson, TimelineLinesJson } from '../api-types.js';
import { getJson, seg } from './api.js';
import { t } from './i18n.js';
import { isTyping } from './keyboard.js';
import { onChange, touches } from './live.js';
import { NoteView } from './note-detail.js';
import { ClockContext } from './person.js';
import { useResource } from './resource.js';
import { go } from './route.js';
import { Placeholder, Split } from './split.js';
import { type TimelineItem, TimelineRow } from './timeline-row.js';
import { Empty, ErrorBox, Loading, Problems } from './ui.js';
import { VirtualList } from './virtual-list.js';
import { visible } from './visible.js';

/** Families fetched at a time (the server's page). */
const PAGE = 100;
/** Families whose lines one request asks for (the server's bound). */
const LINES_BATCH = 100;
type Lines = ReadonlyMap<string, readonly TimelineLineJson[]>;
type ListItem = TimelineItem | { type: 'more'; key: string } | { type: 'wait'; key: string };

// The picked project and the open families outlive the view (a trip to the cards and back keeps them).
let keptProject = '';
let keptExpanded: ReadonlySet<string> = new Set();
let keptLimit = PAGE;

/** The rows of the list: every family loaded, and under an open one its lines (or a wait while they load). */
function listItems(data: TimelineJson | undefined, expanded: ReadonlySet<string>, lines: Lines): ListItem[] {
  const items: ListItem[] = [];
  if (!data) return items;
  data.families.forEach((family, i) => {
    const parent = family.notes > 1 || family.note === undefined;
    const open = parent && expanded.has(family.key);
    items.push({
      type: 'family',
      key: `f:${family.key}`,
      family,
      index: data.offset + i,
      count: data.familyCount,
      parent,
      open,
    });
    if (!open) return;
    const own = lines.get(family.key);
    if (!own) {
      items.push({ type: 'wait', key: `w:${family.key}` });
      return;
    }
    own.forEach((line, at) => {
      items.push({
        type: 'line',
        key: `l:${line.note.id}`,
        family: family.key,
        line,
        index: at,
        count: own.length,
      });
    });
  });
  const loaded = data.offset + data.families.length;
  if (loaded < data.familyCount) items.push({ type: 'more', key: `more:${loaded}` });
  return items;
}

/** The item that stands for note `id`: its line, else (a lone note) its family row. */
function itemOf(items: ListItem[], id: string): number {
  const line = items.findIndex((item) => item.key === `l:${id}`);
  if (line >= 0) return line;
  return items.findIndex((item) => item.type === 'family' && !item.parent && item.family.note?.id === id);
}

export function TimelineView({ note }: { note?: string }) {
  const [project, setProject] = useState(keptProject);
  const [expanded, setExpanded] = useState(keptExpanded);
  const [limit, setLimit] = useState(keptLimit);
  const [lines, setLines] = useState<Lines>(new Map());
  const [active, setActive] = useState<string | undefined>(undefined);
  const list = useRef<VirtualList<ListItem>>(null);
  useEffect(() => {
    keptProject = project;
    keptExpanded = expanded;
    keptLimit = limit;
  }, [project, expanded, limit]);
  const query = `limit=${limit}${project ? `&project=${seg(project)}` : ''}`;
  const timeline = useResource<TimelineJson>(`/api/timeline?${query}`, ['notes', 'sessions']);
  // While a longer page loads (scrolled to the end, a link to a family further down) the families loaded stay.
  const last = useRef<{ project: string; data: TimelineJson } | undefined>(undefined);
  if (timeline.data) last.current = { project, data: timeline.data };
  const data = timeline.data ?? (last.current?.project === project ? last.current.data : undefined);
  const items = useMemo(() => listItems(data, expanded, lines), [data, expanded, lines]);
  const stamp = useContext(ClockContext);

  // The lines of the open families: fetched when a family opens, all again when the notes change.
  const [linesTick, setLinesTick] = useState(0);
  useEffect(
    () => onChange((change) => touches(change, ['notes', 'sessions']) && setLinesTick((n) => n + 1)),
    [],
  );
  const fetchedTick = useRef(0);
  useEffect(() => {
    if (!data) return;
    const stale = fetchedTick.current !== linesTick;
    fetchedTick.current = linesTick;
    const known = new Set(data.families.map((family) => family.key));
    const wanted = [...expanded].filter((key) => known.has(key) && (stale || !lines.has(key)));
    for (let i = 0; i < wanted.length; i += LINES_BATCH) {
      const keys = wanted.slice(i, i + LINES_BATCH);
      const params = keys.map((key) => `family=${seg(key)}`).join('&');
      getJson<TimelineLinesJson>(
        `/api/timeline/lines?${params}${project ? `&project=${seg(project)}` : ''}`,
      ).then(
        (answer) =>
          setLines((old) => {
            const next = new Map(old);
            for (const key of keys) {
              const got = answer.lines[key];
              if (got) next.set(key, got);
              else next.delete(key);
            }
            return next;
          }),
        () => {},
      );
    }
  }, [data, expanded, linesTick]);

  // A note opened by a link (or from search, or from the detail's relatives): its family opens, and once its line
  // is there it is scrolled to and focused. A family further down than the families loaded is loaded first.
  const reveal = useRef<string | undefined>(undefined);
  useEffect(() => {
    reveal.current = note;
  }, [note]);
  const finding = useRef<string | undefined>(undefined);
  useEffect(() => {
    const id = reveal.current;
    if (!id || !data) return;
    const at = itemOf(items, id);
    if (at >= 0) {
      reveal.current = undefined;
      setActive(items[at]!.key);
      list.current?.scrollToIndex(at, { align: 'auto', focus: true });
      return;
    }
    if (finding.current === id) return;
    finding.current = id;
    getJson<TimelineFindJson>(
      `/api/timeline/find/${seg(id)}${project ? `?project=${seg(project)}` : ''}`,
    ).then(
      (found) => {
        finding.current = undefined;
        if (reveal.current !== id) return;
        if (found.index >= limit) setLimit(Math.ceil((found.index + 1) / PAGE) * PAGE);
        setExpanded((old) => (old.has(found.family) ? old : new Set([...old, found.family])));
      },
      () => {
        finding.current = undefined;
        if (reveal.current === id) reveal.current = undefined;
      },
    );
  }, [items, note]);

  const toggle = (key: string, open?: boolean) =>
    setExpanded((old) => {
      const now = open ?? !old.has(key);
      if (old.has(key) === now) return old;
      const next = new Set(old);
      if (now) next.add(key);
      else next.delete(key);
      return next;
    });

  const openItem = (item: TimelineItem) => {
    if (item.type === 'line') return go({ view: 'timeline', note: item.line.note.id });
    const family = item.family;
    // A family row opens its newest note, in its opened family.
    const target = item.parent ? family.newest?.id : family.note?.id;
    if (item.parent) toggle(family.key, true);
    if (target) go({ view: 'timeline', note: target });
  };

  // The roving tab stop: the row the keys (or the focus) last moved to, else the open note's, else the first. The
  // selection (aria-selected) is that row, once there is one.
  const rows = items.filter((item): item is TimelineItem => item.type === 'family' || item.type === 'line');
  const chosen = (active && rows.some((item) => item.key === active) && active) || undefined;
  const selectedKey = chosen ?? (note !== undefined ? items[itemOf(items, note)]?.key : undefined);
  const stop = selectedKey ?? rows[0]?.key;
  const activeIndex = stop === undefined ? -1 : items.findIndex((item) => item.key === stop);

  const move = (to: number) => {
    const target = items[to];
    if (!target || (target.type !== 'family' && target.type !== 'line')) return;
    setActive(target.key);
    list.current?.scrollToIndex(to, { align: 'nearest', focus: true });
  };
  const step = (from: number, by: 1 | -1) => {
    for (let at = from + by; at >= 0 && at < items.length; at += by) {
      const item = items[at]!;
      if (item.type === 'family' || item.type === 'line') return move(at);
    }
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    const at = activeIndex;
    const item = items[at];
    const done = () => event.preventDefault();
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        done();
        // The first key press selects the first row (or the open note's) rather than the one after it.
        return selectedKey === undefined || at < 0 ? step(-1, 1) : step(at, 1);
      case 'ArrowUp':
      case 'k':
        done();
        return step(at, -1);
      case 'Home':
        done();
        return step(-1, 1);
      case 'End':
        done();
        return step(items.length, -1);
      case 'ArrowRight':
      case 'l':
        if (item?.type !== 'family' || !item.parent) return;
        done();
        if (!item.open) return toggle(item.family.key, true);
        return step(at, 1);
      case 'ArrowLeft':
      case 'h':
        if (item?.type === 'family' && item.open) {
          done();
          return toggle(item.family.key, false);
        }
        if (item?.type === 'line') {
          done();
          return move(items.findIndex((other) => other.key === `f:${item.family}`));
        }
        return;
      case '*':
        // Opens every family loaded (the tree's "expand all siblings").
        done();
        return setExpanded(
          new Set(data?.families.filter((f) => f.notes > 1 || !f.note).map((f) => f.key) ?? []),
        );
      case 'Enter':
      case ' ':
        if (!item || (item.type !== 'family' && item.type !== 'line')) return;
        done();
        if (event.key === ' ' && item.type === 'family' && item.parent) return toggle(item.family.key);
        return openItem(item);
    }
  };

  // j and k move through the timeline from anywhere on the page, as in the other lists.
  const keys = useRef(onKey);
  keys.current = onKey;
  const tree = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onDocumentKey = (event: KeyboardEvent) => {
      if (event.key !== 'j' && event.key !== 'k') return;
      const inside = event.target instanceof Node && tree.current?.contains(event.target);
      if (!inside && !event.defaultPrevented) keys.current(event);
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, []);

  const renderItem = (item: ListItem) => {
    if (item.type === 'more') return <LoadMore onShown={() => setLimit((n) => n + PAGE)} />;
    if (item.type === 'wait')
      return (
        <div role="none" class="tl-wait">
          <Loading />
        </div>
      );
    return (
      <TimelineRow
        item={item}
        active={item.key === stop}
        selected={item.key === selectedKey}
        current={note !== undefined && itemOf([item], note) === 0}
        stamp={stamp}
        onToggle={toggle}
        onOpen={openItem}
        onFocus={setActive}
      />
    );
  };

  const listPane = (
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
      {data && data.familyCount === 0 && <Empty text={t(project ? 'empty.notes.project' : 'empty.notes')} />}
      {data && data.familyCount > 0 && (
        <div ref={tree} onKeyDown={onKey} role="none">
          <VirtualList<ListItem>
            ref={list}
            class="rows timeline"
            role="tree"
            label={t('nav.timeline')}
            testId="timeline"
            items={items}
            itemKey={(item) => item.key}
            estimate={(i) =>
              items[i]?.type === 'family' && (items[i] as { parent?: boolean }).parent ? 84 : 60
            }
            activeIndex={activeIndex}
            renderItem={renderItem}
          />
        </div>
      )}
    </>
  );
  return (
    <Split
      label={t('nav.timeline')}
      open={note !== undefined}
      openId={note}
      list={listPane}
      detail={note ? <NoteView key={note} id={note} /> : <Placeholder text={t('pick.note')} />}
    />
  );
}

/** The end of the families loaded: shown (near the viewport) means the next page is wanted. */
function LoadMore({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), []);
  return (
    <div role="none" class="tl-wait" data-testid="timeline-more">
      {t('timeline.more')}
    </div>
  );
}
