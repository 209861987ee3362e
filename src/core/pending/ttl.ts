// How long a pending write stays open: `config.json` `{"pending": {"ttl": "30m"}}`, absent key = 30 minutes.
import { configValue } from '../board/config.js';
import { type Board, boardPath } from '../board/open-board.js';
import { BatonError } from '../errors.js';

export const DEFAULT_PENDING_TTL_MS = 30 * 60 * 1000;

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses `"90s"`, `"30m"`, `"2h"`, `"1d"`, `"500ms"` or a number of ms. `"0"` / `0` means never expire (0). */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(value);
  if (!match) return undefined;
  return Math.round(Number(match[1]) * UNITS[match[2] ?? 'ms']!);
}

/**
 * The pending-write TTL in ms for this board (0 = never expire). A `config.json` that is present but broken is
 * an error naming the fix, rather than a silent default.
 */
export function pendingTtl(board: Board): number {
  const ttl = configValue(board, 'pending', 'ttl');
  if (ttl === undefined) return DEFAULT_PENDING_TTL_MS;
  const ms = parseDuration(ttl);
  if (ms === undefined) {
    throw new BatonError(
      'invalid_input',
      `${boardPath(board, 'config.json')}: pending.ttl ${JSON.stringify(ttl)} is not a duration — use e.g. "30m", "2h" or "0" (never expire)`,
    );
  }
  return ms;
}
