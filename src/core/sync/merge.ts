// Three-way merges of the records two machines can both change: a card (append-only: entries from both sides
// kept, each whole, ordered by id), an agent's registry record and a session record (merged by a rule). Used by the
// merge driver git runs, and when a merge lands on a board that changed meanwhile. Pure: text in, text out.
import { parseCardText } from '../cards/card-text.js';
import { parseRecord } from '../store/front-matter.js';
import type { RecordKind } from './records.js';

export type MergeResult = { ok: true; text: string } | { ok: false; reason: string };

/** Merges `ours` and `theirs` (each may be '' for "absent", like git's empty %O) against their common `base`. */
export function mergeRecord(kind: RecordKind, base: string, ours: string, theirs: string): MergeResult {
  if (ours === theirs) return { ok: true, text: ours };
  if (base === ours) return { ok: true, text: theirs };
  if (base === theirs) return { ok: true, text: ours };
  switch (kind) {
    case 'card':
      return mergeCard(base, ours, theirs);
    case 'agent':
      return mergeJson(ours, theirs, mergeAgent);
    case 'session':
      return mergeJson(ours, theirs, mergeSession);
    default:
      return { ok: false, reason: 'both sides changed a record that is written once' };
  }
}

interface SplitCard {
  /** Front matter and any text before the first entry, as written. */
  head: string;
  /** Each entry's lines from its heading up to the next heading, by entry id. */
  entries: Map<string, string>;
}

// A card parses first (so every `### e-` line after the front matter is a valid, unique heading), then is cut at
// its headings, keeping each entry's bytes exactly as written.
function splitCard(text: string): SplitCard | string {
  const parse = parseCardText(text);
  if (!parse.ok) return parse.reason;
  const record = parseRecord(text);
  if (!record.ok) return record.reason;
  const lines = text.split('\n');
  let line = countLines(text.slice(0, text.length - record.body.length));
  const headLines: string[] = lines.slice(0, line);
  const entries = new Map<string, string>();
  let current: { id: string; lines: string[] } | undefined;
  const close = () => {
    if (!current) return;
    // Every entry ends with a blank line, so entries can be put in any order and stay apart.
    if (current.lines.at(-1) !== '') current.lines.push('');
    entries.set(current.id, current.lines.join('\n'));
  };
  for (; line < lines.length; line++) {
    const text_ = lines[line]!;
    const id = /^### (e-[0-9A-HJKMNP-TV-Z]{26}) · /.exec(text_)?.[1];
    if (id) {
      close();
      current = { id, lines: [text_] };
    } else if (current) current.lines.push(text_);
    else headLines.push(text_);
  }
  close();
  if (entries.size === 0 && headLines.at(-1) !== '') headLines.push('');
  return { head: headLines.join('\n'), entries };
}

function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

function mergeCard(baseText: string, oursText: string, theirsText: string): MergeResult {
  const ours = splitCard(oursText);
  if (typeof ours === 'string') return { ok: false, reason: `our side is not a card: ${ours}` };
  const theirs = splitCard(theirsText);
  if (typeof theirs === 'string') return { ok: false, reason: `their side is not a card: ${theirs}` };
  const base = baseText === '' ? undefined : splitCard(baseText);
  const baseEntries = typeof base === 'object' ? base.entries : new Map<string, string>();
  const baseHead = typeof base === 'object' ? base.head : undefined;
  // The head (title, creator) is written once; a hand edit on one side is kept.
  let head = ours.head;
  if (ours.head !== theirs.head) {
    if (baseHead === ours.head) head = theirs.head;
    else if (baseHead !== theirs.head) return { ok: false, reason: 'both sides edited the card’s header' };
  }
  const merged = new Map<string, string>();
  const ids = new Set([...ours.entries.keys(), ...theirs.entries.keys()]);
  for (const id of ids) {
    const mine = ours.entries.get(id);
    const other = theirs.entries.get(id);
    const was = baseEntries.get(id);
    // An entry one side removed by hand (it was in the base) stays removed, unless the other side edited it.
    if (mine === undefined || other === undefined) {
      const kept = (mine ?? other) as string;
      if (was === undefined || kept !== was) merged.set(id, kept);
      continue;
    }
    if (mine === other || other === was) merged.set(id, mine);
    else if (mine === was) merged.set(id, other);
    else return { ok: false, reason: `both sides edited entry ${id}` };
  }
  const body = [...merged.keys()].sort().map((id) => merged.get(id) as string);
  const text = [head, ...body].join('\n');
  return { ok: true, text: text.endsWith('\n') ? text : `${text}\n` };
}

type Json = Record<string, unknown>;

function mergeJson(
  oursText: string,
  theirsText: string,
  rule: (ours: Json, theirs: Json) => Json,
): MergeResult {
  const ours = parseObject(oursText);
  const theirs = parseObject(theirsText);
  // One side absent (deleted) or unreadable: the readable side is kept whole, so nothing written is lost.
  if (!ours && !theirs) return { ok: false, reason: 'neither side is a JSON object' };
  if (!ours || !theirs) return { ok: true, text: ours ? oursText : theirsText };
  return { ok: true, text: `${JSON.stringify(rule(ours, theirs), null, 2)}\n` };
}

function parseObject(text: string): Json | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

// An agent seen on two machines: first seen at the earlier time, last seen at the later, every session kept.
function mergeAgent(ours: Json, theirs: Json): Json {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  const firsts = [text(ours.firstSeen), text(theirs.firstSeen)].filter(Boolean).sort();
  const lasts = [text(ours.lastSeen), text(theirs.lastSeen)].filter(Boolean).sort();
  return {
    ...theirs,
    ...ours,
    firstSeen: firsts[0] ?? '',
    lastSeen: lasts.at(-1) ?? '',
    sessions: [...new Set([...list(ours.sessions), ...list(theirs.sessions)])],
  };
}

// A session is written on the machine it runs on; should two copies differ, the one seen last is the newer, and
// one that has ended stays ended.
function mergeSession(ours: Json, theirs: Json): Json {
  const seen = (value: Json) => (typeof value.lastSeen === 'string' ? value.lastSeen : '');
  const newer = seen(theirs) > seen(ours) ? theirs : ours;
  const older = newer === ours ? theirs : ours;
  const merged = { ...newer };
  if (merged.endedAt === undefined && older.endedAt !== undefined) merged.endedAt = older.endedAt;
  return merged;
}
