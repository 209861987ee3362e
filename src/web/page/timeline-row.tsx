// One row of the relation timeline: a family's summary (its first note, how many notes, the newest, in progress,
// errors, who) or one line of an opened family. The row is the tree item itself — focusable (one tab stop for the
// whole tree), with no link or button inside: the ▶ is drawn for the mouse, the keyboard has the arrows. A row
// renders again only when its item, place, focus or the page's clock and language change, so moving through
// thousands of rows touches two of them.
import { Component } from 'preact';
import type { TimelineFamilyJson, TimelineLineJson, TimelineNote } from '../api-types.js';
import { t } from './i18n.js';
import { Badge, short, When } from './ui.js';
import { visible } from './visible.js';

export type TimelineItem =
  | {
      type: 'family';
      key: string;
      family: TimelineFamilyJson;
      /** Its place among all families (0-based). */
      index: number;
      count: number;
      /** It has more than one note: it opens. */
      parent: boolean;
      open: boolean;
    }
  | { type: 'line'; key: string; family: string; line: TimelineLineJson; index: number; count: number };

interface RowProps {
  item: TimelineItem;
  /** The tree's tab stop. */
  active: boolean;
  /** The keyboard's selection (or, before any, the open note's row). */
  selected: boolean;
  /** Its note is open in the detail pane. */
  current: boolean;
  /** Changes every minute and on a language switch (relative times, labels). */
  stamp: number;
  onToggle: (family: string) => void;
  onOpen: (item: TimelineItem) => void;
  onFocus: (key: string) => void;
}

export class TimelineRow extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    const { item, active, selected, current, stamp } = this.props;
    return (
      !sameItem(next.item, item) ||
      next.active !== active ||
      next.selected !== selected ||
      next.current !== current ||
      next.stamp !== stamp
    );
  }

  override render() {
    const { item } = this.props;
    return item.type === 'family' ? this.family(item) : this.line(item);
  }

  private family(item: Extract<TimelineItem, { type: 'family' }>) {
    const { family, open, parent } = item;
    const note = family.note;
    const newest = family.newest;
    const lone = !parent && note !== undefined;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the tree's keydown (timeline.tsx) opens and moves for every row
      <div
        class={`row tl-row tl-family${family.kind === 'external' ? ' external' : ''}${this.props.current ? ' current' : ''}`}
        style={{ '--depth': 0 }}
        data-testid="timeline-node"
        data-family={visible(family.key)}
        data-note-id={lone ? note.id : undefined}
        data-external={note ? undefined : visible(family.external ?? '')}
        data-kind={family.kind}
        role="treeitem"
        tabIndex={this.props.active ? 0 : -1}
        aria-level={1}
        aria-posinset={item.index + 1}
        aria-setsize={item.count}
        aria-expanded={parent ? (open ? 'true' : 'false') : undefined}
        aria-selected={this.props.selected ? 'true' : 'false'}
        aria-current={this.props.current ? 'page' : undefined}
        onClick={() => this.props.onOpen(item)}
        onFocus={() => this.props.onFocus(item.key)}
      >
        {parent ? this.twisty(family.key, open) : <span class="twisty none" />}
        <div class="row-main" title={note ? undefined : visible(family.external)}>
          <span class="line">
            <span class="title">
              {note
                ? visible(note.title || note.id)
                : t('external.session', { id: short(family.external ?? '') })}
            </span>
            <When at={family.latest} />
          </span>
          <span class="line sub">
            <span class="who">
              {parent || !note
                ? `${t('notes.count', { n: family.notes })} · ${visible(family.agents.join(', '))} · ${visible(family.harnesses.join(', '))}`
                : visible(`${note.agent} · ${note.harness}`)}
            </span>
            <span class="badges">
              {lone && (
                <Badge tone="neutral">{t(note.kind === 'result' ? 'kind.result' : 'kind.handoff')}</Badge>
              )}
              {family.kind === 'external' && <Badge tone="dashed">{t('badge.external')}</Badge>}
              {family.inProgress > 0 && (
                <Badge tone="green">
                  {parent ? t('family.inprogress', { n: family.inProgress }) : t('badge.inprogress')}
                </Badge>
              )}
              {family.errors > 0 && (
                <Badge tone="red">
                  {parent ? t('family.errors', { n: family.errors }) : t('status.error')}
                </Badge>
              )}
              {lone && note.status === 'degraded' && (
                <Badge tone="amber" title={note.degraded}>
                  {t('status.degraded')}
                </Badge>
              )}
              {lone && note.provenance === 'raw' && (
                <Badge title={t('provenance.raw.title')}>{t('provenance.raw')}</Badge>
              )}
            </span>
          </span>
          {parent && newest && (
            <span class="line newest" data-testid="family-newest" data-newest-id={newest.id}>
              {t('family.newest', { title: newest.title || newest.id })}
            </span>
          )}
        </div>
      </div>
    );
  }

  private line(item: Extract<TimelineItem, { type: 'line' }>) {
    const { line } = item;
    const note = line.note;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the tree's keydown (timeline.tsx) opens and moves for every row
      <div
        class={`row tl-row child${line.depth > 0 ? ' aside' : ''}${this.props.current ? ' current' : ''}`}
        style={{ '--depth': line.depth + 1 }}
        data-testid="timeline-node"
        data-note-id={note.id}
        data-family-of={visible(item.family)}
        data-kind={line.kind}
        data-depth={line.depth}
        role="treeitem"
        tabIndex={this.props.active ? 0 : -1}
        aria-level={line.depth + 2}
        aria-posinset={item.index + 1}
        aria-setsize={item.count}
        aria-selected={this.props.selected ? 'true' : 'false'}
        aria-current={this.props.current ? 'page' : undefined}
        onClick={() => this.props.onOpen(item)}
        onFocus={() => this.props.onFocus(item.key)}
      >
        <span class="twisty none" />
        <div class="row-main">
          <span class="line">
            <span class="title">{visible(note.title || note.id)}</span>
            <When at={note.createdAt} />
          </span>
          <span class="line sub">
            <span class="who">{visible(`${note.agent} · ${note.harness}`)}</span>
            {lineBadges(line, note)}
          </span>
        </div>
      </div>
    );
  }

  private twisty(key: string, open: boolean) {
    // For the mouse only: the row itself is the control (aria-expanded, → and ←), so nothing in it is a second one.
    return (
      <span
        class="twisty"
        data-testid="expand"
        data-expanded={open ? 'true' : 'false'}
        aria-hidden="true"
        title={t(open ? 'collapse' : 'expand')}
        onClick={(event) => {
          event.stopPropagation();
          this.props.onToggle(key);
        }}
      >
        {open ? '▼' : '▶'}
      </span>
    );
  }
}

function lineBadges(line: TimelineLineJson, note: TimelineNote) {
  return (
    <span class="badges">
      <Badge tone="neutral">{t(note.kind === 'result' ? 'kind.result' : 'kind.handoff')}</Badge>
      {line.kind === 'sub-agent' && <Badge tone="violet">{t('badge.subagent')}</Badge>}
      {line.branch && <Badge title={t('badge.branch.title')}>{t('badge.branch')}</Badge>}
      {line.inProgress && <Badge tone="green">{t('badge.inprogress')}</Badge>}
      {line.continuedBy > 1 && <Badge tone="accent">{t('badge.continued', { n: line.continuedBy })}</Badge>}
      {note.status !== 'ok' && (
        <Badge tone={note.status === 'error' ? 'red' : 'amber'} title={note.degraded}>
          {t(note.status === 'error' ? 'status.error' : 'status.degraded')}
        </Badge>
      )}
      {note.provenance === 'raw' && <Badge title={t('provenance.raw.title')}>{t('provenance.raw')}</Badge>}
    </span>
  );
}

// Items are made again on every change of the list: a row compares what it shows.
function sameItem(a: TimelineItem, b: TimelineItem): boolean {
  if (a === b) return true;
  if (a.key !== b.key || a.index !== b.index || a.count !== b.count) return false;
  if (a.type === 'family' && b.type === 'family')
    return a.family === b.family && a.open === b.open && a.parent === b.parent;
  return a.type === 'line' && b.type === 'line' && a.line === b.line;
}
