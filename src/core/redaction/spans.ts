// Found secret spans: ranking, merging overlaps, and rendering `[REDACTED:<kind>]` markers.

/** A half-open range [start, end) of the text that holds a secret of `kind`. */
export interface Span {
  start: number;
  end: number;
  kind: string;
  /** Lower wins when two spans start together: exact formats beat context rules. */
  rank: number;
}

/** Ranks used by the detectors, most specific first. */
export const RANK = { format: 0, environment: 1, context: 2, assignment: 3 } as const;

const MARKER = /\[REDACTED:[a-z0-9-]{1,40}\]/g;

/** Spans of markers already in the text, so that redacting twice changes nothing. */
export function findMarkers(text: string): Span[] {
  if (!text.includes('[REDACTED:')) return [];
  const markers: Span[] = [];
  for (const match of text.matchAll(MARKER)) {
    markers.push({ start: match.index, end: match.index + match[0].length, kind: 'marker', rank: -1 });
  }
  return markers;
}

function overlaps(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end;
}

/**
 * Sorts spans, drops those that touch an existing marker, and unions overlapping ones; the
 * union keeps the kind of its earliest, best-ranked span.
 */
export function mergeSpans(spans: Span[], markers: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.rank - b.rank || b.end - a.end);
  const merged: Span[] = [];
  let markerIndex = 0;
  for (const span of sorted) {
    while (markerIndex < markers.length && markers[markerIndex]!.end <= span.start) markerIndex++;
    const marker = markers[markerIndex];
    if (marker !== undefined && overlaps(span, marker)) continue;
    const last = merged[merged.length - 1];
    if (last !== undefined && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** Replaces each (sorted, disjoint) span with `[REDACTED:<kind>]`. */
export function renderSpans(text: string, spans: readonly Span[]): string {
  const parts: string[] = [];
  let cursor = 0;
  for (const span of spans) {
    parts.push(text.slice(cursor, span.start), `[REDACTED:${span.kind}]`);
    cursor = span.end;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}
