// Who a hook acts for and the session record it keeps: BATON_AGENT, else the name registered for the session, else
// one derived from the harness and the session id (`claude-3f2a9c`), stable for the session.
import type { Board } from '../core/board/open-board.js';
import { boardAncestors, sessionAnchor } from '../core/sessions/process-tree.js';
import { readSession, recordSession, type SessionRecord } from '../core/sessions/session.js';
import { nameProblem } from '../core/store/names.js';
import { derivedAgent } from './agent-name.js';
import type { HookHarness } from './events.js';
import type { HookInput } from './input.js';

export function hookAgent(
  board: Board,
  harness: HookHarness,
  input: HookInput,
  record?: SessionRecord,
): string {
  const fromEnv = board.env.BATON_AGENT;
  if (fromEnv && !nameProblem('agent', fromEnv)) return fromEnv;
  if (record && !nameProblem('agent', record.agent)) return record.agent;
  return derivedAgent(harness, input.session);
}

/**
 * Writes (or refreshes) the session's record: at session start, and for any other event of a session the hooks
 * have not met yet (baton was wired in mid-session). Its pid is the harness process, so commands the agent runs
 * from its shell tool find their session, and the session is live while that process runs.
 */
export function startSession(board: Board, harness: HookHarness, input: HookInput): SessionRecord {
  const previous = readSession(board, input.session);
  return recordSession(board, {
    id: input.session,
    agent: hookAgent(board, harness, input, previous),
    harness,
    cwd: input.cwd,
    pid: sessionAnchor(boardAncestors(board))?.pid,
    transcriptPath: input.transcriptPath,
  });
}

/** The session's record, made when it has none. */
export function knownSession(board: Board, harness: HookHarness, input: HookInput): SessionRecord {
  return readSession(board, input.session) ?? startSession(board, harness, input);
}
