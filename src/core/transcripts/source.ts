// Where a handoff made from a transcript comes from and where it goes: the transcript named directly or through a
// session record, read into a digest, and the session, lineage, agent and files the note is filed under.
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { sessionFolder } from '../notes/origin.js';
import { projectRootOf } from '../sessions/project.js';
import { readSession, type SessionRecord } from '../sessions/session.js';
import { sha256Hex } from '../sha256.js';
import { nameProblem, validateName } from '../store/names.js';
import type { TranscriptDigest } from './digest.js';
import { type ReadTranscriptOptions, readTranscript } from './read-transcript.js';

export interface TranscriptSourceOptions {
  /** The transcript file (relative to the board's cwd). Default: the `session`'s recorded transcriptPath. */
  transcript?: string;
  /** A session on the board: its record gives the transcript, project, agent and lineage. */
  session?: string;
  /** Default: the session record's agent, else the harness's name (`claude`, `codex`, …). */
  agent?: string;
}

/** A transcript read, and the fields of the note made from it. */
export interface TranscriptSource {
  digest: TranscriptDigest;
  /** The transcript read, as an absolute path. */
  path: string;
  session: string;
  parentSession?: string;
  agent?: string;
  files: string[];
}

/**
 * Reads the transcript `options` name (directly or through a session record) and works out the note's fields.
 * Throws `not_found` for an unknown session or one with no transcript recorded, `invalid_input` when neither is
 * given (`verb` says what for: "draft from"), and whatever readTranscript refuses.
 */
export async function readTranscriptSource(
  board: Board,
  options: TranscriptSourceOptions,
  verb: string,
  read: ReadTranscriptOptions = {},
): Promise<TranscriptSource> {
  let record: SessionRecord | undefined;
  let transcript = options.transcript;
  if (options.session !== undefined) {
    const id = validateName('session', options.session);
    record = board.exists ? readSession(board, id) : undefined;
    if (!record) {
      throw new BatonError(
        'not_found',
        `no session ${id} on this board — \`baton sessions\` lists them; or pass --transcript <file>`,
      );
    }
    if (transcript === undefined) {
      if (!record.transcriptPath) {
        throw new BatonError(
          'not_found',
          `session ${id} has no transcript path recorded — pass --transcript <file>; nothing was written`,
        );
      }
      transcript = record.transcriptPath;
    }
  }
  if (transcript === undefined) {
    throw new BatonError('invalid_input', `give a transcript file or a session id to ${verb}`);
  }
  const path = resolve(board.cwd, transcript);
  const digest = await readTranscript(path, read);
  const session = record?.id ?? sessionName(digest, path);
  record ??= board.exists ? readSession(board, session) : undefined;
  // A transcript that does not say its folder (Gemini CLI's lists it only among its workspace directories): the
  // session's, so that its files are placed inside or outside it rightly.
  if (digest.cwd === undefined && record?.cwd && isAbsolute(record.cwd)) digest.cwd = record.cwd;
  // A continued session's lead-in names its parent too.
  const parent = digest.parentSession ?? digest.continued?.session;
  return {
    digest,
    path,
    session,
    parentSession: record || parent === undefined || nameProblem('session', parent) ? undefined : parent,
    agent: options.agent ?? record?.agent ?? digest.harness,
    files: noteFiles(digest, projectRootOf(sessionFolder(board, record))),
  };
}

/**
 * The session id a note is filed under: the transcript's own, else its file name (Claude and Codex name files
 * after the session), else a stable id made from the file's path.
 */
function sessionName(digest: TranscriptDigest, path: string): string {
  for (const candidate of [digest.sessionId, basename(path).replace(/\.jsonl?$/i, '')]) {
    if (candidate !== undefined && !nameProblem('session', candidate)) return candidate;
  }
  return `transcript-${sha256Hex(path).slice(0, 16)}`;
}

// The project the note is filed under, as writeHandoff finds it: the session record's folder, else the board's
// cwd, up to its git root. Files outside it cannot be listed in the note.

/**
 * The note's `files`: paths inside the project as they are; paths inside the session's folder (the same project,
 * maybe checked out elsewhere or on another machine) placed at the same spot in this project; others left out
 * (the Done section still lists them).
 */
export function noteFiles(digest: TranscriptDigest, root: string): string[] {
  const out: string[] = [];
  for (const { path } of digest.files.values()) {
    if (/[\u0000-\u001f\u007f]/.test(path)) continue;
    const absolute = isAbsolute(path) ? path : join(root, path);
    if (inside(root, absolute)) out.push(absolute);
    else if (digest.cwd && isAbsolute(digest.cwd) && inside(digest.cwd, absolute)) {
      out.push(join(root, relative(digest.cwd, absolute)));
    }
  }
  return out;
}

function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}
