// Before a compaction, and when a session ends, a mechanical raw handoff drafted from its transcript, so nothing the
// session learned is lost (config `hooks.rawHandoffOnCompact`, default on). A session that wrote its own handoff
// needs no raw one at its end.
import { loadSettings } from '../core/board/config.js';
import type { Board } from '../core/board/open-board.js';
import { listNotes } from '../core/notes/read.js';
import type { SessionRecord } from '../core/sessions/session.js';
import { draftHandoff } from '../core/transcripts/draft.js';

export type RawHandoffResult = { written: string } | { skipped: string };

export async function rawHandoff(
  board: Board,
  record: SessionRecord,
  transcriptPath: string | undefined,
  moment: 'compact' | 'end',
): Promise<RawHandoffResult> {
  if (!loadSettings(board).settings.hooks.rawHandoffOnCompact)
    return { skipped: 'hooks.rawHandoffOnCompact is off' };
  const transcript = transcriptPath ?? record.transcriptPath;
  if (!transcript) return { skipped: 'no transcript path' };
  if (moment === 'end') {
    const own = listNotes(board, { project: record.projectKey, frontMatterOnly: true }).notes.filter(
      (note) => note.session === record.id,
    );
    // The newest note of the session is its own handoff (or a raw one already drafted at this point): enough.
    const newest = own.at(-1);
    if (newest && (newest.provenance === 'curated' || newest.createdAt >= record.lastSeen)) {
      return { skipped: `session already has note ${newest.id}` };
    }
  }
  const result = await draftHandoff(board, { session: record.id, transcript });
  return { written: result.note.id };
}
