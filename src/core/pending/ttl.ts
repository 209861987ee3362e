// How long a pending write stays open: `config.json` `{"pending": {"ttl": "30m"}}`, absent key = 30 minutes.
import { loadSettings } from '../board/config.js';
import type { Board } from '../board/open-board.js';

export const DEFAULT_PENDING_TTL_MS = 30 * 60 * 1000;

/** The pending-write TTL in ms for this board (Infinity: never expires). A value that cannot be used is the default. */
export function pendingTtl(board: Board): number {
  return loadSettings(board).settings.pending.ttlMs;
}

/** When a pending write made `now` expires, or undefined when it never does. */
export function expiryOf(now: number, ttlMs: number): string | undefined {
  return Number.isFinite(ttlMs) ? new Date(now + ttlMs).toISOString() : undefined;
}
