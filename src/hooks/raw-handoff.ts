// Before a compaction, and when a session ends, a mechanical raw handoff drafted from its transcript, so nothing the
// session learned is lost (config `hooks.rawHandoffOnCompact`, default on). One rule for every harness, judged on
// the transcript's times (what the session did after a note was written):
// - a curated note of the session (MCP write_handoff, `baton handoff write`, a two-phase reply) is never followed by
//   a raw draft unless the session had a new turn after it — a prompt the person typed, or mail or a request baton
//   pushed at a stop. The agent's answer to its own write_handoff is the same turn: the curated note stands.
// - a raw draft is written only when the transcript holds something after the session's newest raw one (a turn or
//   a reply), so the draft at a session's end always holds its last reply.
// A transcript without times falls back to the session record: a raw note newer than its last sign of life is
// enough; a curated note stands.
import { loadSettings } from '../core/board/config.js';
import type { Board } from '../core/board/open-board.js';
import type { NoteRecord } from '../core/notes/note.js';
import { listNotes } from '../core/notes/read.js';
import type { SessionRecord } from '../core/sessions/session.js';
import type { TranscriptDigest } from '../core/transcripts/digest.js';
import { writeDraft } from '../core/transcripts/draft.js';
import { readTranscriptSource } from '../core/transcripts/source.js';

export type RawHandoffResult = { written: string } | { skipped: string };

export async function rawHandoff(
  board: Board,
  record: SessionRecord,
  transcriptPath: string | undefined,
  _moment: 'compact' | 'end',
): Promise<RawHandoffResult> {
  if (!loadSettings(board).settings.hooks.rawHandoffOnCompact)
    return { skipped: 'hooks.rawHandoffOnCompact is off' };
  const transcript = transcriptPath ?? record.transcriptPath;
  if (!transcript) return { skipped: 'no transcript path' };
  const own = listNotes(board, { project: record.projectKey, frontMatterOnly: true }).notes.filter(
    (note) => note.session === record.id,
  );
  const source = await readTranscriptSource(board, { session: record.id, transcript }, 'draft from');
  const enough = alreadyCovered(own, source.digest, record);
  if (enough) return { skipped: enough };
  return { written: writeDraft(board, source).note.id };
}

/** Why the session's notes already say what a raw draft now would, or undefined when a draft is due. */
export function alreadyCovered(
  own: NoteRecord[],
  digest: Pick<TranscriptDigest, 'lastTurnAt' | 'lastReplyAt'>,
  record: Pick<SessionRecord, 'lastSeen'>,
): string | undefined {
  const curated = own.filter((note) => note.provenance === 'curated').at(-1);
  if (curated && !after(digest.lastTurnAt, curated.createdAt)) {
    return `session already has note ${curated.id}: curated, no turn after it`;
  }
  const raw = own.filter((note) => note.provenance === 'raw').at(-1);
  if (!raw || (curated && curated.createdAt > raw.createdAt)) return undefined;
  const known = [digest.lastTurnAt, digest.lastReplyAt].filter(
    (time) => !Number.isNaN(Date.parse(time ?? '')),
  );
  const covered =
    known.length === 0 ? raw.createdAt >= record.lastSeen : !known.some((time) => after(time, raw.createdAt));
  return covered ? `session already has note ${raw.id}` : undefined;
}

/** Whether the transcript time `time` is later than the note time `than` (an unknown time is not). */
function after(time: string | undefined, than: string): boolean {
  if (time === undefined) return false;
  const a = Date.parse(time);
  const b = Date.parse(than);
  return !Number.isNaN(a) && !Number.isNaN(b) && a > b;
}
