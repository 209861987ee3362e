// How every command shows a time to a person: UTC to the second, with the zone written as `Z`.
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
