// How a message's delivery reads to its sender, one line per recipient: `delivered to claude@shop (session 3f2a9c)
// 21:25:40Z`, or `waiting — bob has no live session (last seen 2 d ago)`. Names are shown on one line, escaped.
import type { DeliveryStatus } from '../messages/delivery-status.js';
import type { Presence } from '../sessions/presence.js';
import { sessionTag } from './session-tag.js';
import { formatAge, formatClock } from './time.js';
import { visibleText } from './visible-text.js';

const oneLine = (text: string) => visibleText(text, { singleLine: true });

const VIA = { hook: 'a hook', listen: 'baton listen', poll: 'baton poll', mcp: 'MCP dm_inbox' } as const;

/** One status as a line (no newline); `now` (ms) sets what "today" and "2 d ago" mean. */
export function formatDelivery(status: DeliveryStatus, now: number): string {
  if (status.state === 'waiting') return formatWaiting(status.presence, now);
  const receipt = status.receipt;
  if (!receipt) return `delivered to ${oneLine(status.to)} (no receipt on this machine)`;
  const where = receipt.session
    ? `session ${oneLine(sessionTag(receipt.session))}`
    : `${VIA[receipt.via]}, no session`;
  return `delivered to ${oneLine(receipt.agent)} (${where}) ${formatClock(receipt.at, now)}`;
}

/** What `send` says of a recipient: waiting for its live session's next turn, or for a session at all. */
export function formatWaiting(presence: Presence, now: number): string {
  const name = oneLine(presence.agent);
  if (presence.live)
    return `waiting — queued for ${name}'s live session ${oneLine(sessionTag(presence.live.session))}`;
  const seen = presence.lastSeen
    ? `last seen ${formatAge(presence.lastSeen, now)}`
    : 'never seen on this board';
  return `waiting — ${name} has no live session (${seen})`;
}

/** A status as flat JSON (`--json`, the web API): the fields it was judged by, and the line formatDelivery prints. */
export interface DeliveryFields {
  /** The message copy's id and its recipient. */
  id: string;
  to: string;
  state: 'delivered' | 'waiting';
  /** Delivered: who took it and when, from its receipt (absent when no receipt is kept). */
  agent?: string;
  session?: string;
  /** Six letters of `session` (or `liveSession`) as a person reads them: `3f2a9c` (see session-tag.ts). */
  sessionTag?: string;
  harness?: string;
  via?: string;
  at?: string;
  /** Waiting: the recipient's live session, if any, else when it was last seen (absent: never). */
  liveSession?: string;
  lastSeen?: string;
  text: string;
}

export function deliveryFields(status: DeliveryStatus, now: number): DeliveryFields {
  const text = formatDelivery(status, now);
  const { id, to, state } = status;
  if (status.state === 'waiting') {
    const { live, lastSeen } = status.presence;
    const where = live ? { liveSession: live.session, sessionTag: sessionTag(live.session) } : { lastSeen };
    return { id, to, state, ...where, text };
  }
  const r = status.receipt;
  if (!r) return { id, to, state, text };
  const session = r.session ? { session: r.session, sessionTag: sessionTag(r.session) } : {};
  return { id, to, state, agent: r.agent, ...session, harness: r.harness, via: r.via, at: r.at, text };
}
