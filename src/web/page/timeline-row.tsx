// One row of the relation timeline: title, agent · harness, badges, time. A row renders again only when its node,
// place, selection or the page's clock and language change, so moving the selection through thousands of rows
// touches two of them.
import { Component } from 'preact';
import type { TimelineNodeJson } from '../api-types.js';
import { t } from './i18n.js';
import { noteHref } from './route.js';
import { Badge, short, When } from './ui.js';
import { visible } from './visible.js';

export interface Row {
  key: string;
  node: TimelineNodeJson;
  depth: number;
  open: boolean;
}

interface RowProps {
  row: Row;
  selected: boolean;
  current: boolean;
  /** Changes every minute and on a language switch (relative times, labels). */
  stamp: number;
  onToggle: (key: string, open: boolean) => void;
}

export class TimelineRow extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    const { row, selected, current, stamp } = this.props;
    return (
      next.row.node !== row.node ||
      next.row.open !== row.open ||
      next.row.depth !== row.depth ||
      next.selected !== selected ||
      next.current !== current ||
      next.stamp !== stamp
    );
  }

  override render() {
    return renderRow(this.props);
  }
}

function renderRow(props: RowProps) {
  const { node, depth, open } = props.row;
  const note = node.note;
  const parent = node.children.length > 0;
  const badges = (
    <span class="badges">
      {note && <Badge tone="neutral">{t(note.kind === 'result' ? 'kind.result' : 'kind.handoff')}</Badge>}
      {node.kind === 'sub-agent' && <Badge tone="violet">{t('badge.subagent')}</Badge>}
      {node.kind === 'external' && <Badge tone="dashed">{t('badge.external')}</Badge>}
      {node.inProgress && <Badge tone="green">{t('badge.inprogress')}</Badge>}
      {node.continuedBy > 0 && <Badge tone="accent">{t('badge.continued', { n: node.continuedBy })}</Badge>}
      {node.source && <Badge title={t('badge.source.title')}>{t('badge.source', { id: node.source })}</Badge>}
      {note && note.status !== 'ok' && (
        <Badge tone={note.status === 'error' ? 'red' : 'amber'} title={note.degraded}>
          {t(note.status === 'error' ? 'status.error' : 'status.degraded')}
        </Badge>
      )}
      {note?.provenance === 'raw' && <Badge title={t('provenance.raw.title')}>{t('provenance.raw')}</Badge>}
    </span>
  );
  const body = (
    <>
      <span class="line">
        <span class="title">
          {note ? visible(note.title || note.id) : t('external.session', { id: short(node.external ?? '') })}
        </span>
        <When at={note?.createdAt ?? node.latest} />
      </span>
      <span class="line sub">
        <span class="who">{note ? visible(`${note.agent} · ${note.harness}`) : t('external.note')}</span>
        {badges}
      </span>
    </>
  );
  return (
    <div
      class={`row tl-row${depth > 0 ? ' child' : ''}${node.kind === 'external' ? ' external' : ''}${props.current ? ' current' : ''}`}
      style={{ '--depth': depth }}
      data-testid="timeline-node"
      data-note-id={note?.id}
      data-external={note ? undefined : visible(node.external ?? '')}
      data-kind={node.kind}
      role="treeitem"
      tabIndex={-1}
      aria-level={depth + 1}
      aria-selected={props.selected ? 'true' : 'false'}
      data-selected={props.selected ? 'true' : undefined}
    >
      {parent ? (
        <button
          type="button"
          class="twisty"
          data-testid="expand"
          aria-expanded={open ? 'true' : 'false'}
          title={t(open ? 'collapse' : 'expand')}
          onClick={() => props.onToggle(props.row.key, !open)}
        >
          {/* Named by its text (no aria-label to disagree with the count shown): "Expand 2 below". */}
          <span class="sr-only">{t(open ? 'collapse' : 'expand')}</span>
          <span aria-hidden="true">{open ? '▼' : '▶'}</span>
          <span class="kids">{node.children.length}</span>
          <span class="sr-only">{t('below')}</span>
        </button>
      ) : (
        <span class="twisty none" />
      )}
      {note ? (
        <a class="row-main" href={noteHref(note.id)} aria-current={props.current ? 'page' : undefined}>
          {body}
        </a>
      ) : (
        <div class="row-main" title={visible(node.external)}>
          {body}
        </div>
      )}
    </div>
  );
}
