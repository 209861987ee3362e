// How every command shows a time to a person: UTC to the second, with the zone written as `Z`; ages as "2 d ago".
import { visibleText } from './visible-text.js';

/**
 * `2026-11-30T11:03:25.677Z` (or any time Date can read, such as a hand-edited `+02:00` offset) as
 * `2026-11-30 11:03:25Z`. Text that is not a time is shown as it is, control characters made visible.
 */
export function formatTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return visibleText(iso, { singleLine: true });
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

/**
 * A time of `now`'s UTC day as the time of day alone (`21:25:40Z`), any other as formatTime does
 * (`2026-11-30 21:25:40Z`): a receipt from today reads short, one from another day never passes for today's.
 */
export function formatClock(iso: string, now: number): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return formatTime(iso);
  const full = formatTime(iso);
  return new Date(ms).toISOString().slice(0, 10) === new Date(now).toISOString().slice(0, 10)
    ? full.slice(11)
    : full;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long before `now` `iso` was, in the unit a person would say (`just now`, `5 min ago`, `3 h ago`, `2 d ago`), as
 * the web page says it; a time ahead of `now` (another machine's clock) is `just now`. Not a time: shown as it is.
 */
export function formatAge(iso: string, now: number): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return visibleText(iso, { singleLine: true });
  const span = now - ms;
  if (span < 45_000) return 'just now';
  if (span < HOUR) return `${Math.max(1, Math.round(span / MINUTE))} min ago`;
  if (span < DAY) return `${Math.round(span / HOUR)} h ago`;
  return `${Math.round(span / DAY)} d ago`;
}
