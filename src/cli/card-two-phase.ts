// `baton card ask` / `card new --ask` (store a pending write, print the agent's prompt) and `card commit`.
import type { Board } from '../core/board/open-board.js';
import { BatonError } from '../core/errors.js';
import { requestCardEntry } from '../core/pending/card-request.js';
import { commitPending } from '../core/pending/commit.js';
import { latestLiveSession } from '../core/sessions/live.js';
import { projectKeyOf } from '../core/sessions/session.js';
import { parseCommandArgs } from './args.js';
import { boardFromFlags, echoBoard, printJson } from './board-flags.js';
import { cardAuthor, cardReceipt, entryReceipt, redactionNote, requireId } from './card-format.js';
import type { CliIO } from './io.js';

/** `card ask <id> "<intent>" [--session <id>]` */
export async function askForEntry(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseCommandArgs(
    'card ask',
    argv,
    { session: { type: 'string' } },
    Number.POSITIVE_INFINITY,
  );
  const card = requireId('ask', positionals);
  const board = boardFromFlags(io, flags);
  return printRequest(io, board, flags, {
    card,
    intent: positionals.slice(1).join(' '),
    session: flags.session,
  });
}

/** Stores the request and prints the prompt on stdout (to paste into the session, when no hook injects it). */
export async function printRequest(
  io: CliIO,
  board: Board,
  flags: { as?: string; json?: boolean },
  options: { card?: string; intent: string; session?: string },
): Promise<number> {
  const result = requestCardEntry(board, { ...options, requestedBy: cardAuthor(board, flags.as) });
  const { pending } = result;
  if (flags.json) printJson(io, { board: board.root, ...result });
  else io.out(result.prompt);
  if (result.replaced) io.err(`replaced the open request of session ${pending.session}\n`);
  io.err(
    `pending write for session ${pending.session} (agent ${pending.agent})${pending.expiresAt ? ` until ${pending.expiresAt}` : ''}; its reply is written by the stop hook, or by \`baton card commit --session ${pending.session} < reply\`\n`,
  );
  io.err(redactionNote(result.redacted));
  echoBoard(io, board);
  return 0;
}

/** `card commit [--session <id>]`, the reply on stdin. A malformed reply warns, writes nothing and exits 1. */
export async function commitReply(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('card commit', argv, { session: { type: 'string' } });
  const board = boardFromFlags(io, flags);
  const session = flags.session ?? defaultSession(board);
  const reply = await io.readStdin();
  const result = commitPending(board, { session, reply });
  if (result.status === 'none') {
    const why = result.expired
      ? `the pending write for session ${session} expired at ${result.expired.expiresAt}`
      : `no pending write for session ${session}`;
    throw new BatonError('not_found', `${why} — ask again with \`baton card ask <id> "<intent>"\``);
  }
  if (result.status === 'rejected') {
    const until = result.pending.expiresAt ? ` until ${result.pending.expiresAt}` : '';
    io.err(
      `baton: warning: reply not written — ${result.warning}. Nothing was written; the request stays open${until}: reply again with one \`\`\`board-entry block\n`,
    );
    if (flags.json) printJson(io, { board: board.root, ...result });
    return 1;
  }
  if (flags.json) printJson(io, { board: board.root, ...result });
  else io.out(result.created ? cardReceipt('created', result.card) : entryReceipt(result.card, result.entry));
  io.err(redactionNote(result.redacted));
  echoBoard(io, board);
  return 0;
}

function defaultSession(board: Board): string {
  const live = board.exists ? latestLiveSession(board, projectKeyOf(board.cwd)) : undefined;
  if (!live) {
    throw new BatonError(
      'not_found',
      `no live agent session for this project on ${board.root} — pass --session <id>`,
    );
  }
  return live.id;
}
