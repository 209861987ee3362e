// `baton card ask` / `card new --ask` (store a pending write, print the agent's prompt) and `card commit`.
import type { Board } from '../core/board/open-board.js';
import { formatTime } from '../core/display/time.js';
import { visibleText } from '../core/display/visible-text.js';
import { BatonError } from '../core/errors.js';
import { commitPending } from '../core/pending/commit.js';
import { type CardRequestResult, requestCardEntry } from '../core/pending/request.js';
import { latestLiveSession } from '../core/sessions/live.js';
import { projectKeyOf } from '../core/sessions/project.js';
import { projectGroup } from '../core/sessions/project-aliases.js';
import { boardFromFlags, echoBoard, printJson } from './board-flags.js';
import {
  cardArgs,
  cardReceipt,
  entryReceipt,
  HUMAN_AUTHOR,
  redactionNote,
  requireId,
} from './card-format.js';
import { type CliIO, UsageError } from './io.js';

/** `card ask <id> "<intent>" [--session <id>]` */
export async function askForEntry(argv: string[], io: CliIO): Promise<number> {
  const args = cardArgs(io, 'ask', argv);
  if (!args) return 0;
  const { flags, positionals } = args;
  const card = requireId('ask', positionals);
  const intent = positionals.slice(1).join(' ');
  if (intent.trim() === '') {
    throw new UsageError(`card ask needs a request: baton card ask ${card} "<what the entry should say>"`);
  }
  const board = boardFromFlags(io, flags);
  return printRequest(io, board, flags, (requestedBy) =>
    requestCardEntry(board, { card, intent, session: flags.session, requestedBy }),
  );
}

/**
 * Stores the request and prints the prompt on stdout (to paste into the session, when no hook injects it).
 * The one who asks is the person at the keyboard (`you`) unless `--as` names someone else; the one asked is
 * the session's agent — never the same name by default, whatever agent this shell is registered as.
 */
export async function printRequest(
  io: CliIO,
  board: Board,
  flags: { as?: string; json?: boolean },
  request: (requestedBy: string) => CardRequestResult,
): Promise<number> {
  const result = request(flags.as || HUMAN_AUTHOR);
  const { pending } = result;
  if (flags.json) printJson(io, { board: board.root, ...result });
  else io.out(visibleText(result.prompt));
  if (result.replaced) io.err(`replaced the open request of session ${pending.session}\n`);
  const asks = pending.requestedBy === HUMAN_AUTHOR ? 'you ask' : `${pending.requestedBy} asks`;
  const what =
    pending.target.kind === 'card-entry'
      ? `an entry on ${pending.target.card}`
      : pending.target.kind === 'handoff'
        ? 'a handoff note'
        : 'a new card';
  const until = pending.expiresAt ? ` until ${formatTime(pending.expiresAt)}` : '';
  io.err(
    `pending write: ${asks} ${pending.agent} (session ${pending.session}) for ${what}${until}; its reply is written by the stop hook, or by \`baton card commit --session ${pending.session} < reply\`\n`,
  );
  io.err(redactionNote(result.redacted));
  echoBoard(io, board);
  return 0;
}

/** `card commit [--session <id>]`, the reply on stdin. A malformed reply warns, writes nothing and exits 1. */
export async function commitReply(argv: string[], io: CliIO): Promise<number> {
  const args = cardArgs(io, 'commit', argv);
  if (!args) return 0;
  const { flags } = args;
  const board = boardFromFlags(io, flags);
  const session = flags.session ?? defaultSession(board);
  const reply = await io.readStdin();
  const result = commitPending(board, { session, reply });
  if (result.status === 'none') {
    const why = result.expired
      ? `the pending write for session ${session} expired at ${formatTime(result.expired.expiresAt ?? '')}`
      : `no pending write for session ${session}`;
    throw new BatonError('not_found', `${why} — ask again with \`baton card ask <id> "<intent>"\``);
  }
  if (result.status === 'rejected') {
    if (flags.json) printJson(io, { board: board.root, ...result });
    else {
      const until = result.pending.expiresAt ? ` until ${formatTime(result.pending.expiresAt)}` : '';
      io.err(
        `baton: warning: reply not written — ${visibleText(result.warning)}. Nothing was written; the request stays open${until}: reply again with one \`\`\`board-entry block\n`,
      );
    }
    return 1;
  }
  if (flags.json) printJson(io, { board: board.root, ...result });
  else if (result.status === 'noted')
    io.out(
      `wrote handoff note ${result.note.id} "${visibleText(result.note.title, { singleLine: true })}"\n`,
    );
  else io.out(result.created ? cardReceipt('created', result.card) : entryReceipt(result.card, result.entry));
  io.err(redactionNote(result.redacted));
  echoBoard(io, board);
  return 0;
}

function defaultSession(board: Board): string {
  const live = board.exists
    ? latestLiveSession(board, projectGroup(board, projectKeyOf(board.cwd, board)))
    : undefined;
  if (!live) {
    throw new BatonError(
      'not_found',
      `no live agent session for this project on ${board.root} — pass --session <id>`,
    );
  }
  return live.id;
}
