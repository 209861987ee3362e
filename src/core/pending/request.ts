// Asking an agent for a card entry, a new card or a handoff: the pending write, and the prompt it is shown.
import type { Board } from '../board/open-board.js';
import { ENTRY_TYPES } from '../cards/card.js';
import { readCard } from '../cards/find.js';
import { BatonError } from '../errors.js';
import { sectionsTemplate } from '../notes/sections.js';
import { latestLiveSession } from '../sessions/live.js';
import { projectKeyOf } from '../sessions/project.js';
import { projectGroup } from '../sessions/project-aliases.js';
import { boundSession, readSession } from '../sessions/session.js';
import { validateName } from '../store/names.js';
import { redactText, validateStoredName } from '../store/records.js';
import { BOARD_ENTRY_BLOCK } from './board-entry.js';
import {
  cleanExpiredPendings,
  HANDOFF_BLOCK,
  type PendingTarget,
  type PendingWrite,
  readPending,
  savePending,
} from './pending.js';
import { expiryOf, pendingTtl } from './ttl.js';

export const INTENT_LIMIT = 2000;

export interface CardRequestOptions {
  /** The card to add to; absent = the agent creates a new card (its reply carries `title:`). */
  card?: string;
  /** What the person wants written. */
  intent: string;
  /** Who asks (a person is `you`). */
  requestedBy: string;
  /**
   * The session to ask; default: the session this process runs in (an agent asking from its own shell tool), else
   * the most recently seen live session of the current project.
   */
  session?: string;
  /**
   * Whether the prompt reaches the session's agent right away. Default: when this process runs in that session (its
   * agent asked from its own shell tool, so the command's output reaches it). Otherwise the session's hooks show it
   * at its next turn boundary.
   */
  announced?: boolean;
}

export interface CardRequestResult {
  pending: PendingWrite;
  path: string;
  /** What to show the agent (the hooks inject it; the CLI prints it). */
  prompt: string;
  /** The still-open pending write of the same session that this one replaced. */
  replaced?: PendingWrite;
  redacted: number;
}

/** Stores a pending card write for a session. Validates everything before writing anything. */
export function requestCardEntry(board: Board, options: CardRequestOptions): CardRequestResult {
  return storeRequest(
    board,
    options,
    BOARD_ENTRY_BLOCK,
    () => resolveTarget(board, options.card),
    validateIntent(options.intent),
  );
}

export interface HandoffRequestOptions {
  /** What the handoff should dwell on (optional). */
  intent?: string;
  requestedBy: string;
  session?: string;
  announced?: boolean;
}

/** Stores a pending handoff for a session: its agent's next reply holds the six sections in a ```handoff block. */
export function requestHandoff(board: Board, options: HandoffRequestOptions): CardRequestResult {
  const intent = options.intent?.trim() ? validateIntent(options.intent) : '';
  return storeRequest(board, options, HANDOFF_BLOCK, () => ({ kind: 'handoff' }), intent);
}

function storeRequest(
  board: Board,
  options: { requestedBy: string; session?: string; announced?: boolean },
  block: string,
  targetOf: () => PendingTarget,
  checkedIntent: string,
): CardRequestResult {
  const requestedBy = validateStoredName(board, 'agent', options.requestedBy);
  const intent = redactText(board, checkedIntent);
  const target = targetOf();
  const here = board.exists ? boundSession(board)?.session : undefined;
  const session = resolveSession(board, options.session ?? here);
  const ttl = pendingTtl(board);
  cleanExpiredPendings(board);
  const previous = readPending(board, session.id);
  const now = board.clock();
  const pending: PendingWrite = {
    version: 1,
    session: session.id,
    block,
    target,
    intent: intent.value,
    requestedBy,
    agent: session.agent,
    createdAt: new Date(now).toISOString(),
    expiresAt: expiryOf(now, ttl),
    ...((options.announced ?? here === session.id) ? { announced: true } : {}),
  };
  const path = savePending(board, pending);
  return {
    pending,
    path,
    prompt: pendingPrompt(pending),
    replaced: previous.state === 'open' ? previous.pending : undefined,
    redacted: intent.redacted,
  };
}

/** What the agent is shown for a pending write (card entry, new card or handoff). */
export function pendingPrompt(pending: PendingWrite): string {
  return pending.target.kind === 'handoff' ? handoffPrompt(pending) : cardPrompt(pending);
}

function asker(pending: PendingWrite): string {
  // `you` is the person at the keyboard (the CLI's name for them), not the agent this prompt speaks to.
  return pending.requestedBy === 'you' ? 'Your operator' : pending.requestedBy;
}

function expiry(pending: PendingWrite): string {
  return pending.expiresAt ? ` (this request expires at ${pending.expiresAt})` : '';
}

/** The instruction for a handoff: reply with only one fenced handoff block holding the six sections. */
export function handoffPrompt(pending: PendingWrite): string {
  const lines = [
    `${asker(pending)} asks you (${pending.agent}) for a handoff note of this session: what the next session needs to carry on without you.`,
    ...(pending.intent ? [`Focus: ${pending.intent}`] : []),
    '',
    `Reply with only one fenced \`\`\`${HANDOFF_BLOCK} block holding these six sections, none empty, in full sentences:`,
    '',
    `\`\`\`${HANDOFF_BLOCK}`,
    sectionsTemplate(),
    '```',
    '',
    'If a section contains ``` code blocks, open and close the outer block with ```` (four backticks) instead.',
    `baton writes it as a handoff note when you reply${expiry(pending)}.`,
  ];
  return `${lines.join('\n')}\n`;
}

/** The instruction shown to the agent: reply with only one fenced board-entry block. */
export function cardPrompt(pending: PendingWrite): string {
  const creating = pending.target.kind === 'card-new';
  const what =
    pending.target.kind === 'card-entry'
      ? `an entry for the baton card ${pending.target.card} "${pending.target.title}"`
      : 'a new baton card';
  const lines = [
    `${asker(pending)} asks you (${pending.agent}) to write ${what}.`,
    `Request: ${pending.intent}`,
    '',
    `Reply with only one fenced \`\`\`${BOARD_ENTRY_BLOCK} block in exactly this shape (type is one of ${ENTRY_TYPES.join(', ')}):`,
    '',
    `\`\`\`${BOARD_ENTRY_BLOCK}`,
    ...(creating ? ['title: <a short title for the card>'] : []),
    'type: finding',
    '---',
    '<the entry, in Markdown>',
    '```',
    '',
    'If the entry contains ``` code blocks, open and close the outer block with ```` (four backticks) instead.',
    `baton writes the block to the board when you reply${expiry(pending)}.`,
  ];
  return `${lines.join('\n')}\n`;
}

function validateIntent(intent: string): string {
  const trimmed = intent.trim();
  if (trimmed === '') {
    throw new BatonError('invalid_input', 'empty request — say what the entry should contain');
  }
  const length = [...trimmed].length;
  if (length > INTENT_LIMIT) {
    throw new BatonError(
      'too_large',
      `request too long: ${length} characters (at most ${INTENT_LIMIT}) — put the detail in a card entry and refer to it`,
    );
  }
  return trimmed;
}

function resolveTarget(board: Board, card: string | undefined): PendingTarget {
  if (card === undefined) return { kind: 'card-new' };
  const read = readCard(board, card);
  if (read.problem) {
    throw new BatonError(
      'corrupt',
      `card ${read.card.id} is malformed (${read.problem}) — fix ${read.card.path} by hand or ask for a new card`,
    );
  }
  return { kind: 'card-entry', card: read.card.id, title: read.card.title };
}

function resolveSession(board: Board, id: string | undefined) {
  if (id !== undefined) {
    const session = board.exists ? readSession(board, validateName('session', id)) : undefined;
    if (!session) {
      throw new BatonError(
        'not_found',
        `no session ${id} on ${board.root} — check the id, or leave out --session to use the latest live session`,
      );
    }
    return session;
  }
  const live = board.exists
    ? latestLiveSession(board, projectGroup(board, projectKeyOf(board.cwd, board)))
    : undefined;
  if (!live) {
    throw new BatonError(
      'not_found',
      `no live agent session for this project on ${board.root} — start one (its hooks register it), or pass --session <id>`,
    );
  }
  return live;
}
