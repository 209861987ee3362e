// The hooks' nothing-to-do check, run before anything else is loaded: most hook calls (a prompt with no new mail, a
// stop with nothing pending, a tool that writes no file) end here after a JSON parse and a few stats, so their cost
// stays next to Node's own start-up. It only reads; anything it is unsure of goes to the full hook.
import { join } from 'node:path';
import { derivedAgent } from '../core/agents/alias.js';
import { decideAgent } from '../core/agents/claims.js';
import { isDisabled, resolveBoard } from '../core/board/resolve.js';
import { queuedIds } from '../core/messages/spool.js';
import { hasGateMarker, RECENT_EDITS_FOLDER } from '../core/sessions/hook-gate.js';
import { readJsonRecord } from '../core/store/json-record.js';
import { nameProblem } from '../core/store/names.js';
import { readTextFile } from '../core/store/read-file.js';
import { entryKind, listNames } from '../core/store/safe-fs.js';
import type { HookEvent, HookHarness } from './events.js';
import { grokRunsAnother } from './grok-compat.js';
import { startedWithin } from './idle.js';
import { indexDue } from './index-due.js';
import { HookSkip, parseHookInput } from './input.js';
import { writtenPaths } from './tool-paths.js';

export interface QuietCheck {
  event: HookEvent;
  harness: HookHarness;
  stdin: string;
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  board?: string;
  /** `--idle-after` (ms): see idle.ts. */
  idleAfter?: number;
}

/** True only when the hook certainly has nothing to do and nothing to log. */
export function nothingToDo(check: QuietCheck): boolean {
  if (isDisabled(check.env) || grokRunsAnother(check)) return true;
  let input: ReturnType<typeof parseHookInput>;
  try {
    input = parseHookInput(check.stdin, check.event, check.harness, check.cwd);
  } catch (error) {
    if (error instanceof HookSkip) return false; // the full hook logs why
    throw error;
  }
  const { event } = check;
  const writes = event === 'pre-tool-use' || event === 'post-tool-use';
  if (writes && writtenPaths(input.toolName, input.toolInput).length === 0) return true;
  // A session start on every model call (--idle-after): nothing to do while the session was started lately.
  if (event === 'session-start' && check.idleAfter !== undefined) {
    const board = resolveBoard({ board: check.board, cwd: input.cwd, env: check.env, home: check.home });
    if (!board.exists) return true;
    const disk = { readText: (path: string, max?: number) => readTextFile(board.root, path, max) };
    const path = join(board.root, 'sessions', `${input.session}.json`);
    const record = readJsonRecord<{ id: string; lastSeen: string }>(disk, path, {
      id: 'string',
      lastSeen: 'string',
    });
    return record.ok && record.value.id === input.session && startedWithin(record.value, check.idleAfter);
  }
  const asks = event === 'user-prompt-submit' || event === 'stop' || event === 'pre-tool-use';
  // A sub-agent's stop has a result note to write wherever a board is.
  if (!asks && event !== 'subagent-stop') return false;
  const board = resolveBoard({ board: check.board, cwd: input.cwd, env: check.env, home: check.home });
  if (!board.exists) return true;
  if (event === 'subagent-stop') return false;
  const sessions = join(board.root, 'sessions');
  if (event === 'pre-tool-use') {
    // No other session wrote a file lately (core/sessions/hook-gate.ts): no one to warn about.
    return listNames(board.root, join(board.root, ...RECENT_EDITS_FOLDER)).every(
      (name) => name === input.session,
    );
  }
  // The disk read as the file store reads it, without loading the store (this check is a hook's whole cost).
  const disk = { readText: (path: string, max?: number) => readTextFile(board.root, path, max) };
  const path = join(sessions, `${input.session}.json`);
  const record = readJsonRecord<{ id: string; harness: string; agent: string; transcriptPath?: string }>(
    disk,
    path,
    { id: 'string', harness: 'string', agent: 'string', transcriptPath: 'string?' },
  );
  if (!record.ok || record.value.id !== input.session) return false;
  // The hook gate's marker is missing or stale: the full hook puts it back (hook-gate.ts).
  if (!hasGateMarker(board, record.value)) return false;
  // The input names a transcript the record lacks (GitHub Copilot CLI names it first at its stop): the full hook
  // records it, so the session's end can draft from it.
  if (input.transcriptPath && !record.value.transcriptPath) return false;
  // Who the session is, by core's one rule (a bad BATON_AGENT throws: the full hook logs it); its record exists, so
  // the project's stable name is never reached. Its mail waits in its agent's mailbox or its alias's.
  const recorded = record.value.agent;
  const agent = decideAgent({
    env: check.env.BATON_AGENT,
    session: nameProblem('agent', recorded) ? undefined : recorded,
  });
  const alias = derivedAgent(check.harness, input.session);
  if (!agent) return false;
  if (queuedIds(board, agent.name).length > 0) return false;
  if (alias !== agent.name && queuedIds(board, alias).length > 0) return false;
  if (event === 'user-prompt-submit' && indexDue(board.root, input.session)) return false;
  return entryKind(join(board.root, 'pending', `${input.session}.json`)) === 'missing';
}
