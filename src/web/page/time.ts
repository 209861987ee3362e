// Relative time labels ("3 min ago" / "3 分钟前", "in 5 min"); the full ISO time goes in a title attribute.
import { lang, t } from './i18n.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A short label for `iso` relative to `now` (ms); an unreadable time is shown as written. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const diff = now - at;
  const ahead = diff < 0;
  const span = Math.abs(diff);
  if (span < 45_000) return ahead ? t('time.soon') : t('time.now');
  const [n, unit] =
    span < HOUR
      ? [Math.max(1, Math.round(span / MINUTE)), 'min']
      : span < DAY
        ? [Math.round(span / HOUR), 'h']
        : span < 30 * DAY
          ? [Math.round(span / DAY), 'd']
          : [0, 'date'];
  if (unit === 'date')
    return new Date(at).toLocaleDateString(lang(), { year: 'numeric', month: 'short', day: 'numeric' });
  const key = `time.${unit}.${ahead ? 'in' : 'ago'}` as const;
  return t(key as 'time.min.ago', { n });
}
