// What a note is (`notes/<project-key>/n-<id>.md`): its fields, where its file lives, and how a file becomes a note.
// Reading never fails and never returns nothing: a broken note comes back with what could be read, marked degraded.
import { basename, dirname } from 'node:path';
import { type Board, boardPath } from '../board/open-board.js';
import { cut } from '../display/cut.js';
import { type Fields, parseRecord } from '../store/front-matter.js';
import { idTime, isId } from '../store/ids.js';
import { nameProblem } from '../store/names.js';

export const NOTES_DIR = 'notes';
export const NOTE_KINDS = ['handoff', 'result'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];
/**
 * A writer says ok or error; `degraded` is set by readers, and by the one writer whose note is not whole: a result
 * cut to its head (write-result.ts).
 */
export const NOTE_STATUSES = ['ok', 'error', 'degraded'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];
export const PROVENANCES = ['curated', 'raw'] as const;
export type Provenance = (typeof PROVENANCES)[number];

export const NOTE_LIMITS = {
  /** Characters in a handoff's body: six sections, a summary for the next session (results: RESULT_LIMITS). */
  body: 200_000,
  /**
   * Bytes of one note file a reader opens, and the most a writer writes (records.ts refuses more): a result's 4 MiB
   * body (RESULT_LIMITS.bodyBytes), room for redaction markers (longer than what they hide) and its front matter.
   */
  fileBytes: 8 * 1024 * 1024,
  title: 200,
  files: 500,
} as const;

const NOTE_FILE = /^(n-[0-9A-HJKMNP-TV-Z]{26})\.md$/;

/** A handoff or result note as stored, parsed. */
export interface NoteRecord {
  id: string;
  kind: NoteKind;
  projectKey: string;
  /** The harness session that wrote it (or the note's own id when no session was known). */
  session: string;
  /** The session this one continues (`''` = first of its line). */
  parentSession: string;
  agent: string;
  harness: string;
  createdAt: string;
  title: string;
  status: NoteStatus;
  conclusion?: string;
  facts: string[];
  files: string[];
  artifacts: string[];
  provenance: Provenance;
  rev?: string;
  transcriptPath?: string;
  /** A result note's task: the delegation's prompt, trimmed. */
  task?: string;
  /** A result note that holds only the head of its deliverable (result-head.ts): `truncated: true` on disk. */
  truncated?: boolean;
  /** With `truncated`: the whole deliverable's size in UTF-8 bytes. */
  fullBytes?: number;
  /** The body as stored: the full text. */
  body: string;
  /** Absolute path of the note file. */
  path: string;
  /** Set by readers when the file could not be read whole; says what is missing or wrong. */
  degraded?: string;
}

export function notePath(board: Board, projectKey: string, id: string): string {
  return boardPath(board, NOTES_DIR, projectKey, `${id}.md`);
}

/** The note id a file name carries (`n-<id>.md`), or undefined. */
export function noteIdOfFile(name: string): string | undefined {
  return NOTE_FILE.exec(name)?.[1];
}

/** A project key is a folder name: lowercase letters, digits and dashes (what projectKeyOf makes). */
export function projectKeyProblem(key: string): string | undefined {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key)) return 'must be lowercase letters, digits and dashes';
  return nameProblem('slug', key);
}

/**
 * A note file's text as a note. Never throws: front matter that is missing or broken gives a note marked
 * `degraded` with the id and project taken from the file's place, the title from the body, the whole text as body.
 * `frontMatterOnly`: `text` is the file's front matter alone (an empty body is then not a fault).
 */
export function parseNote(text: string, path: string, frontMatterOnly = false): NoteRecord {
  const fileId = noteIdOfFile(basename(path)) ?? basename(path).replace(/\.md$/, '');
  const projectKey = basename(dirname(path));
  const record = parseRecord(text);
  if (!record.ok) {
    return {
      ...defaults(fileId, projectKey, path),
      createdAt: fallbackTime(fileId, []),
      title: titleFromBody(text) ?? fileId,
      conclusion: conclusionFromBody(text),
      body: text,
      status: 'degraded',
      degraded: `absent: ${record.reason}`,
    };
  }
  if (isOlderLayout(record.fields)) return olderLayout(record.fields, record.body, fileId, projectKey, path);
  const f = record.fields;
  const problems: string[] = [];
  const text_ = (key: string, fallback = ''): string => {
    const value = f[key];
    if (value === undefined) return fallback;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    problems.push(key);
    return fallback;
  };
  const list = (key: string): string[] => {
    const value = f[key];
    if (value === undefined || value === '') return [];
    if (Array.isArray(value)) return value;
    if (typeof value === 'string') return [value];
    problems.push(key);
    return [];
  };
  const oneOf = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const value = text_(key, fallback);
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(key);
    return fallback;
  };
  const id = text_('id', fileId);
  if (id !== fileId || !isId(id, 'n')) problems.push('id');
  // One literal, not a spread over defaults() (10,000 notes on a timeline make the difference), keys in the order
  // the spread gave them.
  const note: NoteRecord = {
    id: fileId,
    kind: oneOf('kind', NOTE_KINDS, 'handoff'),
    projectKey,
    session: text_('session', fileId),
    parentSession: text_('parentSession'),
    agent: text_('agent', 'unknown'),
    harness: text_('harness', 'unknown'),
    createdAt: validTime(text_('createdAt')) ?? fallbackTime(fileId, problems),
    title: text_('title') || titleFromBody(record.body) || fileId,
    status: oneOf('status', NOTE_STATUSES, 'ok'),
    facts: list('facts'),
    files: list('files'),
    artifacts: list('artifacts'),
    provenance: oneOf('provenance', PROVENANCES, 'curated'),
    body: record.body,
    path,
    conclusion: optional(f, 'conclusion'),
    rev: optional(f, 'rev'),
    transcriptPath: optional(f, 'transcriptPath'),
    task: optional(f, 'task'),
  };
  // Written only on a result cut to its head; the fast front-matter reader gives them as text, YAML as values.
  if (f.truncated === true || f.truncated === 'true') {
    note.truncated = true;
    const full = /^\d{1,15}$/.test(String(f.fullBytes)) ? Number(f.fullBytes) : undefined;
    if (full !== undefined) note.fullBytes = full;
  }
  if (text_('projectKey', projectKey) !== projectKey) problems.push('projectKey');
  if (!note.session) problems.push('session');
  if (problems.length > 0) {
    note.degraded = `fields: ${[...new Set(problems)].join(', ')}`;
    note.status = 'degraded';
  } else if (!frontMatterOnly && record.body.trim() === '') {
    note.degraded = 'absent: the note has front matter and no body';
    note.status = 'degraded';
  }
  return note;
}

/** A note whose file is not text (binary, or not UTF-8): what its place says, marked degraded, with no body. */
export function unreadableNote(path: string, reason: string): NoteRecord {
  const fileId = noteIdOfFile(basename(path)) ?? basename(path).replace(/\.md$/, '');
  return {
    ...defaults(fileId, basename(dirname(path)), path),
    createdAt: fallbackTime(fileId, []),
    status: 'degraded',
    degraded: `absent: the file ${reason}`,
  };
}

// The older layout (v1): front matter without the summary fields (no `kind`, no `status`), with the older names
// `type`, `summary`, `created`, `author`. It is read as it is — never migrated, never rewritten on disk.
function isOlderLayout(fields: Fields): boolean {
  return fields.kind === undefined && fields.status === undefined;
}

function olderLayout(
  fields: Fields,
  body: string,
  fileId: string,
  projectKey: string,
  path: string,
): NoteRecord {
  const text = (...keys: string[]): string | undefined => {
    for (const key of keys) {
      const value = fields[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
    return undefined;
  };
  const list = (key: string): string[] => {
    const value = fields[key];
    return Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
  };
  const type = text('type');
  return {
    ...defaults(fileId, projectKey, path),
    kind: type === 'result' ? 'result' : 'handoff',
    session: text('session') ?? fileId,
    parentSession: text('parentSession', 'parent') ?? '',
    agent: text('agent', 'author', 'from') ?? 'unknown',
    harness: text('harness') ?? 'unknown',
    createdAt: validTime(text('createdAt', 'created', 'date') ?? '') ?? fallbackTime(fileId, []),
    title: text('title') ?? titleFromBody(body) ?? fileId,
    conclusion: text('conclusion', 'summary') ?? conclusionFromBody(body),
    files: list('files'),
    body,
    status: 'degraded',
    degraded: 'v1: an older layout without a summary; the summary is synthesised from its text',
  };
}

const SUMMARY_SECTIONS = /^#{1,3}\s+(done|result|summary|conclusion|已完成)\s*[:：]?\s*$/i;

/**
 * A conclusion synthesised from a note's text: the first lines of its Done (or Result, Summary, Conclusion)
 * section, else of its first paragraph that is not a heading, at most 200 characters. Undefined for no text.
 */
export function conclusionFromBody(body: string): string | undefined {
  const lines = body.split('\n').map((line) => line.trim());
  const at = lines.findIndex((line) => SUMMARY_SECTIONS.test(line));
  const from = at === -1 ? lines : lines.slice(at + 1);
  const paragraph: string[] = [];
  for (const line of from) {
    if (line === '---' || /^[A-Za-z_]+: /.test(line)) continue;
    if (line.startsWith('#')) {
      if (paragraph.length > 0) break;
      continue;
    }
    if (line === '') {
      if (paragraph.length > 0) break;
      continue;
    }
    paragraph.push(line.replace(/^[>*\-\s]+/, ''));
  }
  const text = paragraph.join(' ').replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  return cut(text, 200);
}

function defaults(id: string, projectKey: string, path: string): NoteRecord {
  return {
    id,
    kind: 'handoff',
    projectKey,
    session: id,
    parentSession: '',
    agent: 'unknown',
    harness: 'unknown',
    // Set by the caller: the id's time is worked out only where no createdAt can be read.
    createdAt: '',
    title: id,
    status: 'ok',
    facts: [],
    files: [],
    artifacts: [],
    provenance: 'curated',
    body: '',
    path,
  };
}

function optional(fields: Fields, key: string): string | undefined {
  const value = fields[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

// What toISOString writes, with a day every month has: kept as it is (10,000 notes make the round trip count).
const CANONICAL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

function validTime(value: string): string | undefined {
  if (CANONICAL_TIME.test(value)) return value;
  return value && !Number.isNaN(Date.parse(value)) ? new Date(Date.parse(value)).toISOString() : undefined;
}

// An id carries its creation time; a note without a usable createdAt is placed by it.
function fallbackTime(id: string, problems: string[]): string {
  if (isId(id, 'n')) return new Date(idTime(id)).toISOString();
  problems.push('createdAt');
  return new Date(0).toISOString();
}

/** A title from a body: the first line of its Goal section, else its first text line, at most 120 characters. */
export function titleFromBody(body: string): string | undefined {
  const lines = body.split('\n');
  const goal = lines.findIndex((line) => /^#{1,3}\s+(goals?|任务目标)\s*[:：]?\s*$/i.test(line.trim()));
  // Without a Goal heading (a broken note), skip what looks like front matter.
  const from = goal === -1 ? lines.filter((line) => !/^[A-Za-z_]+: /.test(line)) : lines.slice(goal + 1);
  const first = from
    .map((line) => line.replace(/^[#>*\-\s]+/, '').trim())
    .find((line) => line !== '' && line !== '---');
  if (!first) return undefined;
  return cut(first, 120);
}
