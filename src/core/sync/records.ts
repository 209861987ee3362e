// What `baton sync` carries: the board's records, by path, and the checks a record from another machine must pass
// before it is written here. Never `state/` (derived), `pending/` (this machine's sessions), `board.json` or
// `config.json` (this machine's board and settings).

import { AGENT_SCHEMA } from '../agents/registry.js';
import { CARD_FILE, CARD_LIMITS } from '../cards/card.js';
import { parseCardText } from '../cards/card-text.js';
import { DAY_DIR, MESSAGE_FILE_BYTES, parseMessageText } from '../messages/message.js';
import { NOTE_LIMITS, noteIdOfFile, projectKeyProblem } from '../notes/note.js';
import { SESSION_SCHEMA } from '../sessions/session.js';
import { parseRecord } from '../store/front-matter.js';
import { isId } from '../store/ids.js';
import { type JsonSchema, parseJsonRecord } from '../store/json-record.js';
import { nameProblem } from '../store/names.js';

export type RecordKind = 'agent' | 'session' | 'message' | 'card' | 'note';

/** The board's top folders that hold records; `baton sync` looks nowhere else. */
export const RECORD_DIRS = ['agents', 'sessions', 'messages', 'cards', 'notes'] as const;

/** The largest file of each kind that is carried (a bigger one is reported, never read whole). */
export const RECORD_BYTES: Record<RecordKind, number> = {
  agent: 256 * 1024,
  session: 256 * 1024,
  message: MESSAGE_FILE_BYTES,
  card: CARD_LIMITS.fileBytes,
  note: NOTE_LIMITS.fileBytes,
};

/** The kind of record at `rel` (a `/`-separated path inside the board), or undefined when it is not one. */
export function recordKind(rel: string): RecordKind | undefined {
  const parts = rel.split('/');
  const [top, a, b, c] = parts;
  switch (top) {
    case 'agents':
      return parts.length === 2 && jsonName(a, 'agent') ? 'agent' : undefined;
    case 'sessions':
      return parts.length === 2 && jsonName(a, 'session') ? 'session' : undefined;
    case 'cards':
      return parts.length === 2 && CARD_FILE.test(a ?? '') ? 'card' : undefined;
    case 'messages':
      return parts.length === 4 &&
        !nameProblem('agent', a ?? '') &&
        DAY_DIR.test(b ?? '') &&
        /^m-[0-9A-HJKMNP-TV-Z]{26}\.md$/.test(c ?? '')
        ? 'message'
        : undefined;
    case 'notes':
      return parts.length === 3 && !projectKeyProblem(a ?? '') && noteIdOfFile(b ?? '') ? 'note' : undefined;
    default:
      return undefined;
  }
}

function jsonName(name: string | undefined, kind: 'agent' | 'session'): boolean {
  return !!name && name.endsWith('.json') && !nameProblem(kind, name.slice(0, -'.json'.length));
}

/**
 * Why `text` is not a well-formed record for `rel` (its kind from recordKind), or undefined when it is. What the
 * readers of each kind require: the id matches the file name, the fields have their types.
 */
export function recordProblem(kind: RecordKind, rel: string, text: string): string | undefined {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  switch (kind) {
    case 'message': {
      const read = parseMessageText(text, rel);
      return read.ok ? undefined : read.reason;
    }
    case 'card': {
      const parse = parseCardText(text, CARD_FILE.exec(name)?.[1]);
      return parse.ok ? undefined : parse.reason;
    }
    case 'note': {
      const record = parseRecord(text);
      if (!record.ok) return `front matter: ${record.reason}`;
      const id = record.fields.id;
      return typeof id === 'string' && isId(id, 'n') && `${id}.md` === name
        ? undefined
        : 'its id does not match its file name';
    }
    case 'agent':
      return jsonProblem(text, AGENT_SCHEMA, 'name', name);
    case 'session':
      return jsonProblem(text, SESSION_SCHEMA, 'id', name);
  }
}

function jsonProblem(text: string, schema: JsonSchema, key: string, name: string): string | undefined {
  const read = parseJsonRecord<Record<string, unknown>>(text, schema);
  if (!read.ok) return read.reason;
  return `${read.value[key]}.json` === name ? undefined : `its "${key}" does not match its file name`;
}
