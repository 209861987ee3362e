// `--idle-after`: for a harness whose only hook at the start of work fires before every model call (Antigravity's
// PreInvocation), baton's session start acts when the session is new to the board, has ended, or was last started
// longer ago than the window — and is quiet otherwise, so the index and the waiting mail come once per stretch of
// work, not with every call. The session record's lastSeen is when baton last started it (a start writes it).

/** A `--idle-after` value in ms: a duration of at least a second ("90s", "30m", "2h"); undefined when it is not one. */
export function idleWindow(value: string): number | undefined {
  const match = /^(\d+)(s|m|h|d)$/.exec(value.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 's']!;
  return ms >= 1000 && Number.isSafeInteger(ms) ? ms : undefined;
}

/** Whether a session with this record was started within `windowMs` of `now` and has not ended since. */
export function startedWithin(
  record: { lastSeen?: unknown; endedAt?: unknown } | undefined,
  windowMs: number,
  now = Date.now(),
): boolean {
  if (!record || record.endedAt !== undefined || typeof record.lastSeen !== 'string') return false;
  const seen = Date.parse(record.lastSeen);
  return Number.isFinite(seen) && seen <= now && now - seen < windowMs;
}
