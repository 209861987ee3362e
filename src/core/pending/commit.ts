// Committing a pending write from an agent's reply — the one function the CLI and the stop hooks call.
import { dirname } from 'node:path';
import type { Board } from '../board/open-board.js';
import { appendEntry } from '../cards/append.js';
import type { CardEntry, CardSummary } from '../cards/card.js';
import { createCard } from '../cards/create.js';
import { BatonError, isBatonError } from '../errors.js';
import type { NoteRecord } from '../notes/note.js';
import { type WriteHandoffResult, writeHandoff } from '../notes/write.js';
import { parseBoardEntryReply } from './board-entry.js';
import { findFencedBlocks } from './fenced-blocks.js';
import { clearPending, HANDOFF_BLOCK, type PendingWrite, pendingPath, readPending } from './pending.js';

export interface CommitOptions {
  session: string;
  /** The agent's reply (its last message), prose around the block allowed. */
  reply: string;
}

export type CommitResult =
  /** Nothing is pending for the session (`expired` is set when it had just expired; it has been removed). */
  | { status: 'none'; session: string; expired?: PendingWrite }
  /** The reply was not usable: nothing was written and the pending write stays open until it expires. */
  | { status: 'rejected'; session: string; pending: PendingWrite; warning: string }
  | {
      status: 'committed';
      session: string;
      pending: PendingWrite;
      card: CardSummary;
      entry: CardEntry;
      /** True when the reply created the card. */
      created: boolean;
      redacted: number;
    }
  /** A requested handoff, written as a note of the session. */
  | {
      status: 'noted';
      session: string;
      pending: PendingWrite;
      note: NoteRecord;
      path: string;
      redacted: number;
    };

/**
 * Writes the session's pending entry from `reply`, then clears the pending write. A malformed reply (no block,
 * two blocks, unknown type, empty body, a title for an existing card, …) is `rejected` with a warning naming
 * the problem; nothing is written. Throws only for a pending file that is not one (`corrupt`) and for I/O errors.
 */
export function commitPending(board: Board, options: CommitOptions): CommitResult {
  const session = options.session;
  const path = pendingPath(board, session);
  // No pending folder, no pending write (and nowhere to put the lock).
  if (!board.exists || board.store.checkFolders(dirname(path)).state !== 'ok')
    return { status: 'none', session };
  return board.store.withLock(path, () => {
    const read = readPending(board, session);
    if (read.state === 'none') return { status: 'none', session };
    if (read.state === 'expired') return { status: 'none', session, expired: read.pending };
    if (read.state === 'corrupt') {
      throw new BatonError(
        'corrupt',
        `pending write ${read.path} is unreadable (${read.reason}) — remove it`,
      );
    }
    const { pending } = read;
    const reject = (warning: string): CommitResult => ({ status: 'rejected', session, pending, warning });
    const target = pending.target;
    if (target.kind === 'handoff') {
      const written = writeHandoffReply(board, pending, options.reply);
      if (typeof written === 'string') return reject(written);
      clearPending(board, session);
      return {
        status: 'noted',
        session,
        pending,
        note: written.note,
        path: written.path,
        redacted: written.redacted,
      };
    }
    const parsed = parseBoardEntryReply(options.reply, {
      creating: target.kind === 'card-new',
      card: target.kind === 'card-entry' ? target.card : undefined,
    });
    if (!parsed.ok) return reject(parsed.problem);
    const { entry } = parsed;
    try {
      const written =
        target.kind === 'card-new'
          ? createCard(board, {
              title: entry.title ?? '',
              as: pending.agent,
              entry: { type: entry.type, body: entry.body },
            })
          : appendEntry(board, target.card, { type: entry.type, as: pending.agent, body: entry.body });
      clearPending(board, session);
      return {
        status: 'committed',
        session,
        pending,
        card: written.card,
        entry: written.entry!,
        created: target.kind === 'card-new',
        redacted: written.redacted,
      };
    } catch (error) {
      if (isBatonError(error) && error.code !== 'io') return reject(error.message);
      throw error;
    }
  });
}

/** The reply's one ```handoff block, written as the session's handoff note; a string says why it was not. */
function writeHandoffReply(board: Board, pending: PendingWrite, reply: string): WriteHandoffResult | string {
  const blocks = findFencedBlocks(reply, HANDOFF_BLOCK);
  if (blocks.length !== 1) {
    return blocks.length === 0
      ? 'the reply has no ```handoff block — reply with exactly one'
      : `the reply has ${blocks.length} \`\`\`handoff blocks — reply with exactly one`;
  }
  if (!blocks[0]!.closed) return 'the ```handoff block is not closed — end it with ``` on its own line';
  try {
    return writeHandoff(board, {
      body: blocks[0]!.content,
      session: pending.session,
      as: pending.agent,
      currentSession: false,
    });
  } catch (error) {
    if (isBatonError(error) && error.code !== 'io') return error.message;
    throw error;
  }
}
