// One pack item as text within a limit: a header line baton writes (`--- <handle> · …`), then everything from the
// board behind the gutter with its control characters shown. What gives way, in order: the body (down to an
// excerpt), a note's files, its facts one by one, the body excerpt, the conclusion; last, the item's minimum —
// its handle, title and a short excerpt — which stays even when it alone exceeds the limit.
import type { CardEntry } from '../cards/card.js';
import { BODY_GUTTER, framedBody, visibleText } from '../display/visible-text.js';
import { excerpt, longestFitting } from './fit.js';
import type { PackItem } from './resolve.js';

/** Characters a body keeps before anything else of its item gives way. */
export const BODY_EXCERPT = 160;
/** Characters of title and of excerpt in an item's minimum. */
const MIN_TITLE = 60;
const MIN_EXCERPT = 80;

export interface ItemText {
  text: string;
  /** Whether anything of the item was left out. */
  cut: boolean;
}

type NoteItem = Extract<PackItem, { kind: 'note' }>;
type CardItem = Extract<PackItem, { kind: 'card' }>;
type MsgItem = Extract<PackItem, { kind: 'msg' }>;

/** `item` in full when it fits `limit`, else cut as the header says; never less than its minimum. */
export function renderItem(item: PackItem, limit = Number.POSITIVE_INFINITY): ItemText {
  switch (item.kind) {
    case 'note':
      return fitNote(item, limit);
    case 'card':
      return fitCard(item, limit);
    case 'msg':
      return fitMessage(item, limit);
  }
}

const line = (text: string) => visibleText(text, { singleLine: true });
const field = (name: string, text: string) => `${BODY_GUTTER}${name}: ${line(text)}`;
const framed = (text: string) => (text === '' ? [] : [framedBody(text)]);
const count = (n: number, of: number, what: string) => `${what} ${n} of ${of}`;

// The item's minimum: its handle, a title and a short excerpt, each one line.
function minimum(handle: string, title: string, gist: string): ItemText {
  const lines = [`--- ${handle}`];
  if (title) lines.push(field('title', excerpt(title, MIN_TITLE)));
  // Markdown heading marks say nothing on one line.
  const shown = excerpt(
    gist
      .replace(/^#+\s*/gm, '')
      .replace(/\s+/g, ' ')
      .trim(),
    MIN_EXCERPT,
  );
  if (shown) lines.push(`${BODY_GUTTER}${line(shown)}`);
  return { text: [...lines, '[cut to fit the budget: an excerpt]'].join('\n'), cut: true };
}

interface NoteCut {
  body: number;
  files: boolean;
  facts: number;
  conclusion: number;
}

function noteText(item: NoteItem, cut: NoteCut): string {
  const { note } = item;
  const body = note.body.replace(/^\n+/, '').trimEnd();
  const conclusion = note.conclusion ?? '';
  const via = item.handle === item.key ? '' : ` (${item.key})`;
  const lines = [
    [
      `--- ${item.handle}${via}`,
      note.kind,
      note.status,
      `project ${line(note.projectKey)}`,
      `by ${line(note.agent)} (${line(note.harness)})`,
      line(note.createdAt),
      ...(note.provenance === 'raw' ? ['raw draft'] : []),
    ].join(' · '),
    field('title', note.title),
  ];
  if (conclusion) lines.push(field('conclusion', excerpt(conclusion, cut.conclusion)));
  const facts = note.facts.slice(0, cut.facts);
  if (facts.length > 0) lines.push(`${BODY_GUTTER}facts:`, ...facts.map((f) => `${BODY_GUTTER}- ${line(f)}`));
  if (cut.files && note.files.length > 0) lines.push(field('files', note.files.join(', ')));
  if (cut.files && note.artifacts.length > 0) lines.push(field('artifacts', note.artifacts.join(', ')));
  const shown = excerpt(body, cut.body);
  if (shown) lines.push(BODY_GUTTER.trimEnd(), ...framed(shown));
  const parts = [
    ...(shown.length < body.length ? [`body ${shown.length} of ${body.length} chars`] : []),
    ...(facts.length < note.facts.length ? [count(facts.length, note.facts.length, 'facts')] : []),
    ...(!cut.files && note.files.length > 0 ? [`${note.files.length} files left out`] : []),
    ...(!cut.files && note.artifacts.length > 0 ? [`${note.artifacts.length} artifacts left out`] : []),
    ...(cut.conclusion < conclusion.length ? ['conclusion cut'] : []),
  ];
  if (parts.length > 0) lines.push(`[cut to fit the budget: ${parts.join(', ')}]`);
  return lines.join('\n');
}

function fitNote(item: NoteItem, limit: number): ItemText {
  const { note } = item;
  const bodyLength = note.body.length;
  const conclusionLength = note.conclusion?.length ?? 0;
  const whole: NoteCut = {
    body: bodyLength,
    files: true,
    facts: note.facts.length,
    conclusion: conclusionLength,
  };
  const full = noteText(item, whole);
  if (full.length <= limit) return { text: full, cut: false };
  const excerptChars = Math.min(BODY_EXCERPT, bodyLength);
  const byBody = longestFitting(excerptChars, bodyLength - 1, limit, (body) =>
    noteText(item, { ...whole, body }),
  );
  if (byBody) return { text: byBody, cut: true };
  // Files, then facts one by one from the last, go before the body excerpt, and all of them before the conclusion.
  const steps: NoteCut[] = [{ ...whole, body: excerptChars, files: false }];
  for (let facts = note.facts.length - 1; facts >= 0; facts--) steps.push({ ...steps.at(-1)!, facts });
  if (conclusionLength > 0) steps.push({ ...steps.at(-1)!, body: 0 });
  const cut = steps.at(-1)!;
  for (const step of steps) {
    const text = noteText(item, step);
    if (text.length <= limit) return { text, cut: true };
  }
  if (conclusionLength > MIN_EXCERPT) {
    const byConclusion = longestFitting(MIN_EXCERPT, conclusionLength - 1, limit, (conclusion) =>
      noteText(item, { ...cut, conclusion }),
    );
    if (byConclusion) return { text: byConclusion, cut: true };
  }
  return minimum(item.handle, note.title, note.conclusion || note.body);
}

function cardText(item: CardItem, chars: number): string {
  const { card, entries } = item;
  const total = entries.reduce((sum, entry) => sum + entry.body.length, 0);
  const lines = [
    `--- ${item.handle} · by ${line(card.createdBy || 'unknown')} · created ${line(card.createdAt)} · ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`,
    field('title', card.title),
  ];
  let left = chars;
  let shown = 0;
  let shownChars = 0;
  for (const entry of entries) {
    if (left <= 0) break;
    const body = excerpt(entry.body, left);
    lines.push(BODY_GUTTER.trimEnd(), entryLine(entry), ...framed(body));
    left -= entry.body.length;
    shown++;
    shownChars += body.length;
  }
  if (shownChars < total) {
    lines.push(
      `[cut to fit the budget: ${count(shown, entries.length, 'entries')}, ${shownChars} of ${total} chars]`,
    );
  }
  return lines.join('\n');
}

function entryLine(entry: CardEntry): string {
  return `${BODY_GUTTER}${[entry.id, entry.type, entry.author, entry.at].map(line).join(' · ')}`;
}

function fitCard(item: CardItem, limit: number): ItemText {
  const total = item.entries.reduce((sum, entry) => sum + entry.body.length, 0);
  const full = cardText(item, total);
  if (full.length <= limit) return { text: full, cut: false };
  const lo = Math.min(MIN_EXCERPT, total);
  const byEntries = longestFitting(lo, total - 1, limit, (chars) => cardText(item, chars));
  if (byEntries) return { text: byEntries, cut: true };
  return minimum(item.handle, item.card.title, item.entries[0]?.body ?? '');
}

function messageText(item: MsgItem, chars: number): string {
  const { message } = item;
  const body = message.body.trimEnd();
  const shown = excerpt(body, chars);
  const lines = [
    `--- ${item.handle} · from ${line(message.from)} to ${line(message.to)} · ${line(message.at)}`,
    ...(message.subject ? [field('subject', message.subject)] : []),
    ...(message.replyTo ? [field('reply to', message.replyTo)] : []),
    ...framed(shown),
  ];
  if (shown.length < body.length)
    lines.push(`[cut to fit the budget: body ${shown.length} of ${body.length} chars]`);
  return lines.join('\n');
}

function fitMessage(item: MsgItem, limit: number): ItemText {
  const length = item.message.body.trimEnd().length;
  const full = messageText(item, length);
  if (full.length <= limit) return { text: full, cut: false };
  const byBody = longestFitting(Math.min(MIN_EXCERPT, length), length - 1, limit, (chars) =>
    messageText(item, chars),
  );
  if (byBody) return { text: byBody, cut: true };
  const { message } = item;
  return minimum(
    `${item.handle} · from ${line(message.from)} to ${line(message.to)}`,
    '',
    message.subject || message.body,
  );
}
