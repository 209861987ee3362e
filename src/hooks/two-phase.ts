// Two-phase writes seen from a session's hooks: a request made from outside the session is shown to the agent at
// its next turn boundary; once shown, the agent's next reply is intercepted and committed. A reply without a usable
// block aborts the request with a loud warning and writes nothing.
import type { Board } from '../core/board/open-board.js';
import { visibleText } from '../core/display/visible-text.js';
import { commitPending } from '../core/pending/commit.js';
import { clearPending, markAnnounced, pendingPath, readPending } from '../core/pending/pending.js';
import { pendingPrompt } from '../core/pending/request.js';
import { readTranscript } from '../core/transcripts/read-transcript.js';

/** The prompt of the session's pending write when its agent has not been shown it yet (it is now marked shown). */
export function announcePending(board: Board, session: string): string | undefined {
  const read = readPending(board, session);
  if (read.state !== 'open' || read.pending.announced) return undefined;
  return board.store.withLock(pendingPath(board, session), () => {
    const again = readPending(board, session);
    if (again.state !== 'open' || again.pending.announced) return undefined;
    markAnnounced(board, again.pending);
    // Card titles and requests come from the board: control characters shown, never passed to the model.
    return visibleText(pendingPrompt(again.pending).trimEnd());
  });
}

/** A transcript to read the reply from; `ready` resolves once the harness has written the turn into it. */
export interface TranscriptToRead {
  path: string;
  ready?: () => Promise<unknown>;
}

/**
 * Commits the session's announced pending write from the agent's reply: `reply`, else the transcript's last
 * assistant message. Returns the line to show the person, or undefined when nothing was pending.
 */
export async function interceptReply(
  board: Board,
  session: string,
  reply: string | undefined,
  transcript: TranscriptToRead | undefined,
): Promise<string | undefined> {
  const read = readPending(board, session);
  if (read.state !== 'open' || !read.pending.announced) return undefined;
  if (reply === undefined && transcript) await transcript.ready?.();
  const text = reply ?? (transcript ? (await readTranscript(transcript.path)).lastAssistant : undefined);
  if (text === undefined) return undefined;
  const result = commitPending(board, { session, reply: text });
  if (result.status === 'noted') {
    return `baton: wrote handoff note ${result.note.id} "${visibleText(result.note.title, { singleLine: true })}"`;
  }
  if (result.status === 'committed') {
    const what = result.created
      ? `created card ${result.card.id}`
      : `added ${result.entry.type} ${result.entry.id} to card ${result.card.id}`;
    return `baton: ${what} "${visibleText(result.card.title, { singleLine: true })}"`;
  }
  if (result.status === 'rejected') {
    // Not left open: every later reply would be read as the answer and warned about again.
    clearPending(board, session);
    const again = result.pending.target.kind === 'handoff' ? 'baton handoff request' : 'baton card ask';
    return `baton: warning: the reply was not written to the board — ${visibleText(result.warning, { singleLine: true })}. Nothing was written; ask again with \`${again}\`.`;
  }
  return undefined;
}
