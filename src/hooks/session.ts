// The session record a hook keeps, under the name core's one resolver gives the session (core/agents/identity.ts:
// BATON_AGENT, else the name its record holds, else the project's stable name for the harness, else its alias).
import { derivedAgent } from '../core/agents/alias.js';
import { sessionAgent } from '../core/agents/identity.js';
import type { Board } from '../core/board/open-board.js';
import { hasGateMarker, refreshGateMarker } from '../core/sessions/hook-gate.js';
import { boardAncestors, sessionAnchor } from '../core/sessions/process-tree.js';
import { readSession, recordSession, type SessionRecord } from '../core/sessions/session.js';
import type { HookHarness } from './events.js';
import type { HookInput } from './input.js';

/** Who the session acts as now (BATON_AGENT wins over its record, as for every command it runs). */
export function hookAgent(
  board: Board,
  harness: HookHarness,
  input: HookInput,
  record?: SessionRecord,
): string {
  return sessionAgent(board, { harness, session: input.session, recorded: record?.agent }).name;
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

/**
 * The session's record, made when it has none — and refreshed when the input names a transcript the record lacks
 * (GitHub Copilot CLI names it first at its stop), so the session's end can draft from it.
 */
export function knownSession(board: Board, harness: HookHarness, input: HookInput): SessionRecord {
  const record = readSession(board, input.session);
  if (record && (record.transcriptPath || !input.transcriptPath)) {
    // A session recorded before the hook gate came (or whose marker was lost) gets its marker back.
    if (!hasGateMarker(board, record)) refreshGateMarker(board, record);
    return record;
  }
  return startSession(board, harness, input);
}

/** The mailboxes a session reads: its agent's (see hookAgent), then its alias's (`claude-3f2a9c`). */
export function mailboxes(
  board: Board,
  harness: HookHarness,
  input: HookInput,
  record: SessionRecord,
): string[] {
  return [hookAgent(board, harness, input, record), derivedAgent(harness, input.session)];
}
