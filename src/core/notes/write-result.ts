// Writing a result note: one per delegated task, its body the full deliverable, its front matter the summary. Every
// field is checked before anything is written; the file name is a fresh id, never the task's text.
import { actingAs } from '../agents/acting-as.js';
import { type Board, ensureBoard } from '../board/open-board.js';
import { cut } from '../display/cut.js';
import { BatonError, isBatonError } from '../errors.js';
import { currentSession, readSession, type SessionRecord } from '../sessions/session.js';
import { newId } from '../store/ids.js';
import { validateName } from '../store/names.js';
import { NOTE_LIMITS, notePath, titleFromBody } from './note.js';
import { noteOrigin } from './origin.js';
import { cutNotice, headOf, type ResultCut } from './result-head.js';
import { storeNote, validateStatus, validateTitle, type WriteHandoffResult } from './write.js';

/** Bounds of a result: its summary fields are read in lists and indexes, the body holds the rest. */
export const RESULT_LIMITS = {
  /**
   * UTF-8 bytes of a deliverable kept whole (as given, before redaction); past it the note keeps the head, the full
   * size and where the whole is (result-head.ts), never nothing. 4 MiB: issue 21 asks for at least 4 MB, and a
   * sub-agent's final message is bounded by its model's output budget (at most ~128k tokens, about 0.5 MB), so
   * every real deliverable stays whole with room to spare; while a note file stays small enough for every reader to
   * open whole (NOTE_LIMITS.fileBytes) and for one redaction pass to stay bounded (about 1.5 s on 4 MiB of the
   * redaction bench's worst pathological input, ~40 ms on prose). The hook's stdin (16 MiB) holds more than this.
   */
  bodyBytes: 4 * 1024 * 1024,
  facts: 20,
  factChars: 300,
  conclusionChars: 1000,
  /** A longer task is cut to this many characters, ending in `…` (it is the prompt, not the deliverable). */
  taskChars: 500,
  artifacts: NOTE_LIMITS.files,
  artifactChars: 4096,
} as const;

/** The result note {@link writeResult} writes: a sub-agent's whole deliverable. */
export interface WriteResultOptions {
  /** The full deliverable, as the sub-agent gave it: never a summary. Empty → nothing is written. */
  body: string;
  /** Default: the first line of the task, else of the body. */
  title?: string;
  /** `ok` (default) or `error` — error only when the delegation itself failed (the caller knows, not the prose). */
  status?: string;
  conclusion?: string;
  /** Short, droppable facts: at most 20, each at most 300 characters. */
  facts?: string[];
  /** Artifact ids (paths, commits, URLs) the agent reports. */
  artifacts?: string[];
  /**
   * Artifact ids the system saw (e.g. files a sub-agent's transcript shows it wrote). When given — even empty —
   * they win: the stored `artifacts` are these, and reported ones not among them are dropped (and returned).
   */
  observedArtifacts?: string[];
  /** The delegation's prompt; longer than 500 characters it is cut, ending in `…`. */
  task?: string;
  /** The session that did the work. Default: the note's own id (a sub-agent has no session of its own). */
  session?: string;
  /**
   * The delegating session. Default: the `session`'s record's parentSession when it has a record, else the
   * session this process runs in (where the delegation happened), else ''.
   */
  parentSession?: string;
  /** The agent that did the work. Default: the record of `session`, else of the delegating session, else `you`. */
  as?: string;
  /** @deprecated The old name of `as`. */
  agent?: string;
  /** Default: as agent, else `cli`. */
  harness?: string;
  /** Files the work touched, in this project (as for handoffs). */
  files?: string[];
  /** The sub-agent's transcript, when known. */
  transcriptPath?: string;
  /**
   * A file that holds the whole deliverable (the one `--file` named), named by the note when it keeps only the head.
   * Default: the transcript.
   */
  wholeAt?: string;
  /** Default true; false for a server answering other processes (MCP over HTTP). */
  currentSession?: boolean;
}

/** What {@link writeResult} wrote. */
export interface WriteResultResult extends WriteHandoffResult {
  /** Reported artifacts dropped because the system observed others. */
  droppedArtifacts: string[];
  /** Set when the note keeps only the head of the deliverable (its size was over RESULT_LIMITS.bodyBytes). */
  cut?: ResultCut;
}

/**
 * Writes one result note. A bad field writes nothing; so does an empty body (an abandoned delegation). A body over
 * RESULT_LIMITS.bodyBytes is kept as its head, and the note says so (`truncated: true`, `fullBytes`, status
 * `degraded` unless `error`, and a closing paragraph naming the transcript or `wholeAt`).
 */
export function writeResult(board: Board, options: WriteResultOptions): WriteResultResult {
  const body = options.body ?? '';
  if (body.trim() === '') {
    throw new BatonError(
      'invalid_input',
      'empty result — nothing was written: give the full deliverable on stdin or with --file (an abandoned delegation writes no note)',
    );
  }
  const status = validateStatus(options.status);
  const facts = validateFacts(options.facts ?? []);
  const conclusion = validateConclusion(options.conclusion);
  const reported = validateArtifacts('artifact', options.artifacts ?? []);
  const observed =
    options.observedArtifacts === undefined
      ? undefined
      : validateArtifacts('observed artifact', options.observedArtifacts);
  const artifacts = observed ?? reported;
  const task = trimTask(options.task);
  const explicitSession =
    options.session === undefined ? undefined : validateName('session', options.session);
  const explicitParent =
    options.parentSession === undefined || options.parentSession === ''
      ? options.parentSession
      : validateName('session', options.parentSession);
  const own = board.exists && explicitSession !== undefined ? readSession(board, explicitSession) : undefined;
  const current =
    board.exists && (options.currentSession ?? true) && !own ? currentSession(board) : undefined;
  const parentSession = explicitParent ?? (own ? own.parentSession : (current?.id ?? ''));
  const parent = parentRecord(board, parentSession, current);
  const origin = noteOrigin(board, own ?? parent, { ...options, agent: actingAs(options, 'agent') });
  // The title comes from the start of the body: a 4 MiB one is not split into lines for it.
  const title = validateTitle(
    options.title ?? firstLine(options.task) ?? titleFromBody(body.slice(0, TITLE_SCAN)) ?? 'Result',
  );
  const id = newId('n', board.clock());
  ensureBoard(board);
  const path = notePath(board, origin.projectKey, id);
  const wholeAt = options.wholeAt ?? (options.transcriptPath && `the transcript ${options.transcriptPath}`);
  const fields = (cut: ResultCut | undefined) => ({
    id,
    kind: 'result',
    projectKey: origin.projectKey,
    session: explicitSession ?? id,
    parentSession,
    agent: origin.agent,
    harness: origin.harness,
    createdAt: new Date(board.clock()).toISOString(),
    title,
    status: cut && status === 'ok' ? 'degraded' : status,
    truncated: cut ? true : undefined,
    fullBytes: cut?.fullBytes,
    conclusion,
    facts: facts.length > 0 ? facts : undefined,
    files: origin.files,
    artifacts,
    provenance: 'curated' as const,
    rev: origin.rev,
    task,
    transcriptPath: options.transcriptPath,
  });
  const dropped = observed ? reported.filter((a) => !observed.includes(a)) : [];
  const fullBytes = Buffer.byteLength(body);
  const head = fullBytes > RESULT_LIMITS.bodyBytes ? headOf(body, RESULT_LIMITS.bodyBytes) : body;
  const cut: ResultCut | undefined =
    head === body ? undefined : { fullBytes, keptBytes: Buffer.byteLength(head), reason: 'size', wholeAt };
  try {
    const stored = storeNote(board, path, fields(cut), cut ? closed(head, cut) : body);
    return { ...stored, droppedArtifacts: dropped, cut };
  } catch (error) {
    if (!isBatonError(error, 'too_large')) throw error;
  }
  // Redaction lengthened the note past what a note file holds (a body made of short secrets, each marker longer
  // than what it hides): the head of the redacted text is kept, then redacted again on the way (a no-op).
  const redacted = board.redact(head);
  const kept = headOf(redacted.text, RESULT_LIMITS.bodyBytes);
  const shrunk: ResultCut = { fullBytes, keptBytes: Buffer.byteLength(kept), reason: 'redaction', wholeAt };
  const stored = storeNote(board, path, fields(shrunk), closed(kept, shrunk));
  const kinds = [...new Set([...redacted.kinds, ...stored.redactedKinds])].sort();
  return {
    ...stored,
    redacted: redacted.count + stored.redacted,
    redactedKinds: kinds,
    droppedArtifacts: dropped,
    cut: shrunk,
  };
}

/** Characters at the start of a body a default title is looked for in. */
const TITLE_SCAN = 64 * 1024;

// A head and the paragraph that says what was cut.
function closed(head: string, cut: ResultCut): string {
  return `${head}${cutNotice(cut, RESULT_LIMITS.bodyBytes)}`;
}

// The delegating session's record: the one this process runs in when it is that session, else read by id.
function parentRecord(
  board: Board,
  id: string,
  current: SessionRecord | undefined,
): SessionRecord | undefined {
  if (id === '' || !board.exists) return undefined;
  return current?.id === id ? current : readSession(board, id);
}

function validateFacts(facts: string[]): string[] {
  const kept = facts.map((fact) => fact.replace(/\s+/g, ' ').trim()).filter((fact) => fact !== '');
  if (kept.length > RESULT_LIMITS.facts) {
    throw new BatonError(
      'too_large',
      `too many facts: ${kept.length} (at most ${RESULT_LIMITS.facts}) — facts are short and droppable; put the rest in the body. Nothing was written`,
    );
  }
  for (const fact of kept) {
    const length = [...fact].length;
    if (length > RESULT_LIMITS.factChars) {
      throw new BatonError(
        'too_large',
        `fact too long: ${length} characters (at most ${RESULT_LIMITS.factChars}) — "${[...fact].slice(0, 40).join('')}…"; put the detail in the body. Nothing was written`,
      );
    }
  }
  return kept;
}

function validateConclusion(conclusion: string | undefined): string | undefined {
  const trimmed = conclusion?.trim();
  if (!trimmed) return undefined;
  const length = [...trimmed].length;
  if (length > RESULT_LIMITS.conclusionChars) {
    throw new BatonError(
      'too_large',
      `conclusion too long: ${length} characters (at most ${RESULT_LIMITS.conclusionChars}) — the body holds the full text. Nothing was written`,
    );
  }
  return trimmed;
}

function validateArtifacts(what: string, artifacts: string[]): string[] {
  const out: string[] = [];
  for (const artifact of artifacts) {
    const trimmed = artifact.trim();
    if (trimmed === '') continue;
    if (/[\u0000-\u001f\u007f]/.test(trimmed)) {
      throw new BatonError(
        'invalid_input',
        `${what} ${JSON.stringify(trimmed.slice(0, 80))} has control characters — nothing was written`,
      );
    }
    if ([...trimmed].length > RESULT_LIMITS.artifactChars) {
      throw new BatonError(
        'too_large',
        `${what} too long (at most ${RESULT_LIMITS.artifactChars} characters) — nothing was written`,
      );
    }
    if (!out.includes(trimmed)) out.push(trimmed);
  }
  if (out.length > RESULT_LIMITS.artifacts) {
    throw new BatonError(
      'too_large',
      `too many ${what}s: ${out.length} (at most ${RESULT_LIMITS.artifacts}) — nothing was written`,
    );
  }
  return out;
}

/** The task on one line, cut to RESULT_LIMITS.taskChars characters (ending in `…`); undefined when empty. */
export function trimTask(task: string | undefined): string | undefined {
  const flat = task?.replace(/\s+/g, ' ').trim();
  if (!flat) return undefined;
  const chars = [...flat];
  return chars.length <= RESULT_LIMITS.taskChars
    ? flat
    : `${chars
        .slice(0, RESULT_LIMITS.taskChars - 1)
        .join('')
        .trimEnd()}…`;
}

// A title from the task: its first line with text, at most 120 characters (titleFromBody's bound).
function firstLine(task: string | undefined): string | undefined {
  const line = task
    ?.split('\n')
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .find((text) => text !== '');
  if (!line) return undefined;
  return cut(line, 120);
}
