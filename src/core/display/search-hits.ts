// How search hits are shown in a terminal or to a model: one header line per hit (type, id, time, title, project),
// its snippet framed line by line below it; everything from the board escaped (visible-text.ts).
import type { SearchHit } from '../search/search-index.js';
import { formatTime } from './time.js';
import { framedBody, visibleText } from './visible-text.js';

const TYPE_WIDTH = 7;

/** The hits, one block each: `note    n-01…  2026-11-30 12:00:00Z  Title  (project)` then `  │ snippet line`. */
export function formatSearchHits(hits: readonly SearchHit[]): string {
  return hits
    .map((hit) => {
      const project = hit.project ? `  (${visibleText(hit.project, { singleLine: true })})` : '';
      const head = `${hit.type.padEnd(TYPE_WIDTH)} ${visibleText(hit.id, { singleLine: true })}  ${formatTime(hit.at)}  ${visibleText(hit.title, { singleLine: true })}${project}`;
      return hit.snippet ? `${head}\n${framedBody(hit.snippet, '  │ ')}` : head;
    })
    .join('\n');
}

/** The command that opens a hit in full. */
export function openCommand(hit: Pick<SearchHit, 'type' | 'id'>): string {
  const id = visibleText(hit.id, { singleLine: true });
  if (hit.type === 'card') return `baton card read ${id}`;
  if (hit.type === 'message') return `baton thread ${id}`;
  return `baton read ${id}`;
}
