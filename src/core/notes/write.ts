import { actingAs } from '../agents/acting-as.js';
import { type Board, ensureBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { currentSession, readSession, type SessionRecord } from '../sessions/session.js';
import type { FieldValue } from '../store/front-matter.js';
import { newId } from '../store/ids.js';
import { validateName } from '../store/names.js';
import { writeRecord } from '../store/records.js';
import {
  NOTE_LIMITS,
  type NoteRecord,
  type NoteStatus,
  notePath,
  type Provenance,
  parseNote,
  titleFromBody,
} from './note.js';
import { noteOrigin } from './origin.js';
import {
  type HandoffSections,
  parseSections,
  renderSections,
  type SectionKey,
  sectionsFrom,
} from './sections.js';

/**
 * The handoff note {@link writeHandoff} writes: its text (a body or the sections) and where it comes from.
 */
export interface WriteHandoffOptions {
  /** The handoff in Markdown: six `##` sections (English or Chinese headings), any order. Or give `sections`. */
  body?: string;
  /** The six sections as texts (MCP, drafts); English headings are used. */
  sections?: Record<SectionKey, string>;
  /** Default: the first line of the Goal section. */
  title?: string;
  /** `ok` (default) or `error`; `degraded` is for readers only. */
  status?: string;
  /** Files the work touched: relative to the project root, or absolute paths inside it. */
  files?: string[];
  /** The session writing it. Default: the session this process runs in, else the note's own id. */
  session?: string;
  /**
   * Default true: fields not given come from the session this process runs in. False for a server answering other
   * processes (MCP over HTTP): its own session says nothing about its clients.
   */
  currentSession?: boolean;
  /** The session this one continues. Default: the session record's parentSession, else ''. */
  parentSession?: string;
  /** The agent handing off. Default: the session record's agent, else `you`. */
  as?: string;
  /** @deprecated The old name of `as`. */
  agent?: string;
  /** Default: the session record's harness, else `cli`. */
  harness?: string;
  /** `curated` (default: written by an agent or person) or `raw` (extracted mechanically). */
  provenance?: Provenance;
  conclusion?: string;
  facts?: string[];
  transcriptPath?: string;
}

/** What {@link writeHandoff} wrote. */
export interface WriteHandoffResult {
  note: NoteRecord;
  path: string;
  /** Credential spans replaced before storing. */
  redacted: number;
  redactedKinds: string[];
}

const STATUSES = ['ok', 'error'] as const;

/** Writes one handoff note. Validates everything first: a missing section, a bad field or path writes nothing. */
export function writeHandoff(board: Board, options: WriteHandoffOptions): WriteHandoffResult {
  const sections = handoffSections(options);
  const status = validateStatus(options.status);
  const explicitSession =
    options.session === undefined ? undefined : validateName('session', options.session);
  const record = sessionRecord(board, explicitSession, options.currentSession ?? true);
  const origin = noteOrigin(board, record, { ...options, agent: actingAs(options, 'agent') });
  const id = newId('n', board.clock());
  const session = explicitSession ?? record?.id ?? id;
  const parentSession =
    options.parentSession !== undefined
      ? options.parentSession === ''
        ? ''
        : validateName('session', options.parentSession)
      : (record?.parentSession ?? '');
  const body = renderSections(sections.sections, sections.preamble);
  if ([...body].length > NOTE_LIMITS.body) {
    throw new BatonError(
      'too_large',
      `handoff too long: ${[...body].length} characters (at most ${NOTE_LIMITS.body}) — move long logs into files and list them`,
    );
  }
  const title = validateTitle(options.title ?? titleFromBody(body) ?? 'Handoff');
  ensureBoard(board);
  const path = notePath(board, origin.projectKey, id);
  const fields = {
    id,
    kind: 'handoff',
    projectKey: origin.projectKey,
    session,
    parentSession,
    agent: origin.agent,
    harness: origin.harness,
    createdAt: new Date(board.clock()).toISOString(),
    title,
    status,
    conclusion: options.conclusion?.trim() || undefined,
    facts: options.facts && options.facts.length > 0 ? options.facts : undefined,
    files: origin.files,
    artifacts: [],
    provenance: options.provenance ?? 'curated',
    rev: origin.rev,
    transcriptPath: options.transcriptPath ?? record?.transcriptPath,
  };
  return storeNote(board, path, fields, body);
}

/**
 * Writes a note file (redacted, atomically) and reads it back: what is on disk is what the caller gets. A file that
 * would be longer than readers open (NOTE_LIMITS.fileBytes) is refused, `too_large`, and nothing is written.
 */
export function storeNote(
  board: Board,
  path: string,
  fields: Record<string, FieldValue | undefined> & { id: string },
  body: string,
): WriteHandoffResult {
  const written = writeRecord(board, path, fields, body, { maxBytes: NOTE_LIMITS.fileBytes });
  const stored = board.store.readText(path, NOTE_LIMITS.fileBytes);
  if (!stored.ok)
    throw new BatonError('io', `note ${fields.id} could not be read back from ${path}: ${stored.reason}`);
  return {
    note: parseNote(stored.text, path),
    path,
    redacted: written.redacted,
    redactedKinds: written.kinds,
  };
}

function handoffSections(options: WriteHandoffOptions): { sections: HandoffSections; preamble: string } {
  if (options.sections !== undefined && options.body !== undefined) {
    throw new BatonError('invalid_input', 'give the handoff as a body or as sections, not both');
  }
  const source =
    options.sections !== undefined ? renderSections(sectionsFrom(options.sections)) : options.body;
  if (source === undefined || source.trim() === '') {
    throw new BatonError(
      'invalid_input',
      'empty handoff — give the six sections (Goal, Done, State and open questions, Decisions and rejected options, Pitfalls and blockers, Next steps and read-first list) on stdin or with --file',
    );
  }
  const parsed = parseSections(source);
  if (!parsed.ok) {
    throw new BatonError(
      'invalid_input',
      `not a handoff: ${parsed.problems.join('; ')} — nothing was written`,
    );
  }
  return { sections: parsed.sections, preamble: parsed.preamble };
}

/** `ok` when not given; `ok` or `error` as given; anything else (`degraded`, `paused`) is refused. */
export function validateStatus(status: string | undefined): NoteStatus {
  if (status === undefined) return 'ok';
  if ((STATUSES as readonly string[]).includes(status)) return status as NoteStatus;
  throw new BatonError(
    'invalid_input',
    `unknown status ${JSON.stringify(status)} — use ok or error (degraded is set by readers)`,
  );
}

/** A title on one line, not empty, at most NOTE_LIMITS.title characters. */
export function validateTitle(title: string): string {
  const trimmed = title.replace(/\s+/g, ' ').trim();
  if (trimmed === '') throw new BatonError('invalid_input', 'empty title');
  const length = [...trimmed].length;
  if (length > NOTE_LIMITS.title) {
    throw new BatonError('too_large', `title too long: ${length} characters (at most ${NOTE_LIMITS.title})`);
  }
  return trimmed;
}

function sessionRecord(
  board: Board,
  explicit: string | undefined,
  current: boolean,
): SessionRecord | undefined {
  if (!board.exists) return undefined;
  if (explicit !== undefined) return readSession(board, explicit);
  return current ? currentSession(board) : undefined;
}
