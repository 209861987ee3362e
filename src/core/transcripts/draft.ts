// A raw handoff drafted from a session transcript with no model: read the transcript (streamed), render the six
// sections, write the note through writeHandoff (which validates and redacts everything it stores).
import { createHash } from 'node:crypto';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { sessionFolder, type WriteHandoffResult, writeHandoff } from '../notes/write.js';
import { readSession, type SessionRecord } from '../sessions/session.js';
import { projectRootOf } from '../sessions/touched.js';
import { nameProblem, validateName } from '../store/names.js';
import type { TranscriptDigest } from './digest.js';
import { readTranscript } from './read-transcript.js';
import { draftFacts, draftTitle, renderDraft } from './render.js';

export interface DraftHandoffOptions {
  /** The transcript file (relative to the board's cwd). Default: the `session`'s recorded transcriptPath. */
  transcript?: string;
  /** A session on the board: its record gives the transcript, project, agent and lineage. */
  session?: string;
  /** Default: the harness's stored title, else the first line of the first prompt. */
  title?: string;
  /** Default: the session record's agent, else the harness's name (`claude`, `codex`, …). */
  agent?: string;
}

export interface DraftHandoffResult extends WriteHandoffResult {
  digest: TranscriptDigest;
  /** The transcript read, as an absolute path. */
  transcript: string;
}

/**
 * Drafts a `provenance: raw` handoff from a transcript and writes it. Nothing is written when the transcript is
 * refused (missing, not a regular file, empty, binary, not JSONL, of an unknown shape) or the note is invalid.
 */
export async function draftHandoff(board: Board, options: DraftHandoffOptions): Promise<DraftHandoffResult> {
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
    throw new BatonError('invalid_input', 'give a transcript file or a session id to draft from');
  }
  const path = resolve(board.cwd, transcript);
  const digest = await readTranscript(path);
  const session = record?.id ?? sessionName(digest, path);
  record ??= board.exists ? readSession(board, session) : undefined;
  let redacted = 0;
  const redact = (text: string) => {
    const result = board.redact(text);
    redacted += result.count;
    return result.text;
  };
  const sections = renderDraft(digest, { transcriptPath: path, redact });
  const parent = digest.parentSession;
  const result = writeHandoff(board, {
    sections,
    title: options.title ?? draftTitle(digest, redact),
    files: noteFiles(digest, projectRootOf(sessionFolder(board, record))),
    session,
    parentSession: record || parent === undefined || nameProblem('session', parent) ? undefined : parent,
    agent: options.agent ?? record?.agent ?? digest.harness,
    harness: digest.harness,
    provenance: 'raw',
    transcriptPath: path,
    facts: draftFacts(digest),
  });
  return { ...result, redacted: result.redacted + redacted, digest, transcript: path };
}

/**
 * The session id a draft is filed under: the transcript's own, else its file name (Claude and Codex name files
 * after the session), else a stable id made from the file's path.
 */
function sessionName(digest: TranscriptDigest, path: string): string {
  for (const candidate of [digest.sessionId, basename(path).replace(/\.jsonl?$/i, '')]) {
    if (candidate !== undefined && !nameProblem('session', candidate)) return candidate;
  }
  return `transcript-${createHash('sha256').update(path).digest('hex').slice(0, 16)}`;
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
