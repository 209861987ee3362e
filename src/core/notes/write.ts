// Writing a handoff note: six sections checked (nothing written unless all are there), every field filled from the
// caller, else the current session record and the git checkout, everything redacted, one new file per write.
import { isAbsolute, relative, resolve } from 'node:path';
import { readGitInfo } from '../board/git.js';
import { type Board, ensureBoard } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { projectKeyOf, projectRootOf } from '../sessions/project.js';
import { currentSession, readSession, type SessionRecord } from '../sessions/session.js';
import type { FieldValue } from '../store/front-matter.js';
import { newId } from '../store/ids.js';
import { validateName } from '../store/names.js';
import { readTextFile } from '../store/read-file.js';
import { validateStoredName, writeRecord } from '../store/records.js';
import {
  NOTE_LIMITS,
  type NoteRecord,
  type NoteStatus,
  notePath,
  type Provenance,
  parseNote,
  projectKeyProblem,
  titleFromBody,
} from './note.js';
import {
  type HandoffSections,
  parseSections,
  renderSections,
  type SectionKey,
  sectionsFrom,
} from './sections.js';

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
  /** Default: the session record's agent, else `you`. */
  agent?: string;
  /** Default: the session record's harness, else `cli`. */
  harness?: string;
  /** `curated` (default: written by an agent or person) or `raw` (extracted mechanically). */
  provenance?: Provenance;
  conclusion?: string;
  facts?: string[];
  transcriptPath?: string;
}

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
  const cwd = sessionFolder(board, record);
  const projectKey =
    record?.projectKey && !projectKeyProblem(record.projectKey)
      ? record.projectKey
      : projectKeyOf(board.cwd, board.redact);
  const projectRoot = projectRootOf(cwd);
  const files = normalizeFiles(options.files ?? [], projectRoot, board.cwd);
  const id = newId('n', board.clock());
  const session = explicitSession ?? record?.id ?? id;
  const parentSession =
    options.parentSession !== undefined
      ? options.parentSession === ''
        ? ''
        : validateName('session', options.parentSession)
      : (record?.parentSession ?? '');
  const agent = validateStoredName(board, 'agent', options.agent ?? record?.agent ?? 'you');
  const harness = validateName('slug', (options.harness ?? record?.harness ?? 'cli').toLowerCase());
  const body = renderSections(sections.sections, sections.preamble);
  if ([...body].length > NOTE_LIMITS.body) {
    throw new BatonError(
      'too_large',
      `handoff too long: ${[...body].length} characters (at most ${NOTE_LIMITS.body}) — move long logs into files and list them`,
    );
  }
  const title = validateTitle(options.title ?? titleFromBody(body) ?? 'Handoff');
  ensureBoard(board);
  const path = notePath(board, projectKey, id);
  const fields = {
    id,
    kind: 'handoff',
    projectKey,
    session,
    parentSession,
    agent,
    harness,
    createdAt: new Date(board.clock()).toISOString(),
    title,
    status,
    conclusion: options.conclusion?.trim() || undefined,
    facts: options.facts && options.facts.length > 0 ? options.facts : undefined,
    files,
    artifacts: [],
    provenance: options.provenance ?? 'curated',
    rev: readGitInfo(cwd)?.rev,
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
  const stored = readTextFile(board.root, path, NOTE_LIMITS.fileBytes);
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

/** The folder a note's session worked in: its record's cwd, else the board's (where the command runs). */
export function sessionFolder(board: Board, record: SessionRecord | undefined): string {
  return record?.cwd && isAbsolute(record.cwd) ? record.cwd : board.cwd;
}

/**
 * Files relative to the project root (with `/`), deduplicated; an absolute path inside the project becomes relative,
 * a path outside it (absolute, or climbing out with `..`) is refused.
 */
export function normalizeFiles(files: string[], projectRoot: string, cwd: string): string[] {
  if (files.length > NOTE_LIMITS.files) {
    throw new BatonError('too_large', `too many files: ${files.length} (at most ${NOTE_LIMITS.files})`);
  }
  const out: string[] = [];
  for (const file of files) {
    const trimmed = file.trim();
    if (trimmed === '') continue;
    if (/[\u0000-\u001f\u007f]/.test(trimmed)) {
      throw new BatonError('invalid_input', `file path ${JSON.stringify(trimmed)} has control characters`);
    }
    const absolute = isAbsolute(trimmed) ? resolve(trimmed) : resolve(cwd, trimmed);
    const rel = relative(projectRoot, absolute);
    if (rel === '' || rel === '..' || rel.startsWith('../') || isAbsolute(rel)) {
      throw new BatonError(
        'invalid_input',
        `file ${JSON.stringify(trimmed)} is outside the project ${projectRoot} — list files of this project only; nothing was written`,
      );
    }
    if (!out.includes(rel)) out.push(rel);
  }
  return out;
}
