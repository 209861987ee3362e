// A raw handoff drafted from a session transcript with no model: read the transcript (streamed), render the six
// sections, write the note through writeHandoff (which validates and redacts everything it stores).
import { statSync } from 'node:fs';
import type { Board } from '../board/open-board.js';
import { carriedGoal } from '../notes/carried-goal.js';
import type { NoteRecord } from '../notes/note.js';
import { listNotes, readNote } from '../notes/read.js';
import { type WriteHandoffResult, writeHandoff } from '../notes/write.js';
import type { TranscriptDigest } from './digest.js';
import { draftFacts, draftTitle, renderDraft } from './render.js';
import { readTranscriptSource, type TranscriptSource, type TranscriptSourceOptions } from './source.js';

export { noteFiles } from './source.js';

/** Which transcript {@link draftHandoff} reads. */
export interface DraftHandoffOptions extends TranscriptSourceOptions {
  /** Default: the harness's stored title, else the first line of the first prompt. */
  title?: string;
}

/** The raw handoff {@link draftHandoff} wrote, with what it read. */
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
  return writeDraft(board, await readTranscriptSource(board, options, 'draft from'), options.title);
}

/** Writes the raw handoff of a transcript already read (the hooks judge the digest first). */
export function writeDraft(board: Board, source: TranscriptSource, title?: string): DraftHandoffResult {
  const { digest, path } = source;
  let redacted = 0;
  const redact = (text: string) => {
    const result = board.redact(text);
    redacted += result.count;
    return result.text;
  };
  const carried = digest.continued ? carriedGoal(board, digest.continued) : undefined;
  const sections = renderDraft(digest, { transcriptPath: path, redact, carried });
  const result = writeHandoff(board, {
    sections,
    title: title ?? draftTitle(digest, redact, carried),
    files: source.files,
    session: source.session,
    parentSession: source.parentSession,
    as: source.agent,
    harness: digest.harness,
    provenance: 'raw',
    transcriptPath: path,
    facts: draftFacts(digest),
  });
  return { ...result, redacted: result.redacted + redacted, digest, transcript: path };
}

const RECENT_DRAFTS = 20;

/**
 * The raw draft already written from this transcript when the file has not changed since (its modification time is
 * not after the note's), else undefined: drafting it again would only repeat that note.
 */
export function draftedAlready(board: Board, source: TranscriptSource): NoteRecord | undefined {
  const stored = board.redact(source.path).text;
  // The cached front matter holds no transcript path: the newest raw drafts are read whole, a few at most.
  const raw = listNotes(board, { frontMatterOnly: true }).notes.filter((note) => note.provenance === 'raw');
  const last = raw
    .slice(-RECENT_DRAFTS)
    .reverse()
    .map((note) => readNote(board, note.id))
    .find((note) => note.transcriptPath === stored);
  if (!last) return undefined;
  let modified: number;
  try {
    modified = statSync(source.path).mtimeMs;
  } catch {
    return undefined;
  }
  return modified <= Date.parse(last.createdAt) ? last : undefined;
}
