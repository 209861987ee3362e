// `baton hook <event> --harness <name>`: one event of a harness's session, answered in its envelope. A hook never
// breaks its harness: bad input, a missing or broken board, any error — no output, exit 0, one line in the log.

import { isAbsolute } from 'node:path';
import { stableAgent } from '../core/agents/identity.js';
import { registerAgent } from '../core/agents/registry.js';
import { logHookLine } from '../core/board/hook-log.js';
import { type Board, isDisabled, openBoard } from '../core/board/open-board.js';
import { renderIndex } from '../core/board-index/render.js';
import type { Taker } from '../core/messages/receipt.js';
import { clearEnding, endingsSettled } from '../core/sessions/ending.js';
import { pruneRecentEdits } from '../core/sessions/hook-gate.js';
import { clearMarker, STARTING_ENV, STARTING_FOLDER } from '../core/sessions/in-flight.js';
import { endSession, readSession, type SessionRecord } from '../core/sessions/session.js';
import { touchPaths } from '../core/sessions/touched.js';
import { nameProblem } from '../core/store/names.js';
import { oversizeTranscript, parentExited, startDetached } from './detached-draft.js';
import { CONFLICT_WINDOW_MS, conflictWarning } from './edits.js';
import { envelope, HOOKS, type HookAnswer } from './envelope.js';
import type { HookEvent, HookHarness } from './events.js';
import { grokRunsAnother } from './grok-compat.js';
import type { FlushCheck } from './harness-hooks.js';
import { startedWithin } from './idle.js';
import { clearIndexDue, indexDue, markIndexDue } from './index-due.js';
import { type HookInput, HookSkip, parseHookInput } from './input.js';
import { type MailPush, takeMail } from './mail.js';
import { rawHandoff } from './raw-handoff.js';
import { resultNote } from './result-note.js';
import { knownSession, mailboxes, startSession } from './session.js';
import { keepNextStart, keepReadyStart, READY_SOURCES, type ReadyStart, recordTime } from './start-ready.js';
import { writtenPaths } from './tool-paths.js';
import { announcePending, interceptReply } from './two-phase.js';

export interface HookRun {
  event: HookEvent;
  harness: HookHarness;
  stdin: string;
  /** Why stdin could not be read (too large, not UTF-8): the hook skips and logs it. */
  unread?: string;
  cwd: string;
  env: Record<string, string | undefined>;
  /** `--board`. */
  board?: string;
  /**
   * The hook ran for another machine (BATON_URL): the paths in its input name that machine's files, so no transcript
   * is read here (not even one a session record names) and the session works in `cwd`, the server's folder.
   */
  remote?: boolean;
  /**
   * This hook's own command line, to start it again as a detached process: at session end, a transcript too large
   * to draft inside the hook's time is drafted there (detached-draft.ts). Without it the draft is always inline.
   */
  relaunch?: readonly string[];
  /** Set in that detached process: the pid of the hook that started it (it drafts once that one has exited). */
  detachedFrom?: number;
  /**
   * A session's end the hook gate runs in the background (BATON_HOOK_BACKGROUND): nobody waits for it; once done it
   * takes away the marker that makes a new session's start wait for it (core/sessions/in-flight.ts).
   */
  background?: boolean;
  /** `--idle-after` (ms): a session start that fires on every model call acts only after this long (idle.ts). */
  idleAfter?: number;
  /**
   * A session start the hook gate answered itself from what an earlier one kept (start-ready.ts): the hook records
   * the session and keeps the answer for the next, takes no mail and prints nothing.
   */
  answered?: boolean;
}

export interface HookOutcome {
  /** What to print (may be ''). */
  output: string;
  /** Call once the output has reached the harness: marks pushed mail delivered. */
  delivered(): void;
  /** Call when it could not be printed: pushed mail goes back to the queue. */
  undelivered(): void;
}

interface Turn {
  board: Board;
  run: HookRun;
  input: HookInput;
  answer: HookAnswer;
  mail?: MailPush;
  /** A session start the gate may answer next time with what this one prints (its record's time: `since`). */
  ready?: Omit<ReadyStart, 'output' | 'since'> & { session: string };
}

const NOTHING: HookOutcome = { output: '', delivered() {}, undelivered() {} };

export async function runHook(run: HookRun): Promise<HookOutcome> {
  const opened: Opened = {};
  try {
    return await answer(run, opened);
  } finally {
    // The gate's marker of this start (hooks/gate names the session it made it for): the session's record and gate
    // marker are written by now, or never will be. Another event of the session handled here (the gate waited for
    // the start's marker in vain, or hands every such event over) takes it away too: a start hook that died must
    // not keep the session's every event waiting.
    const starting = run.event === 'session-start' ? run.env[STARTING_ENV] : opened.session;
    if (starting && !nameProblem('session', starting)) {
      const board = opened.board ?? (run.event === 'session-start' ? safeBoard(run) : undefined);
      if (board) clearMarker(board, STARTING_FOLDER, starting);
    }
  }
}

/** What answer() got as far as: the board it opened, the session its input names. */
interface Opened {
  board?: Board;
  session?: string;
}

async function answer(run: HookRun, opened: Opened): Promise<HookOutcome> {
  if (isDisabled(run.env)) return NOTHING;
  if (grokRunsAnother(run)) return NOTHING;
  let board: Board | undefined;
  let session = '-';
  const log = (message: string) => logHookLine(board, [run.harness, run.event, session], message);
  try {
    if (run.unread !== undefined) throw new HookSkip(run.unread);
    const input = parseHookInput(run.stdin, run.event, run.harness, run.cwd, run.remote);
    session = input.session;
    opened.session = session;
    board = openBoard({ board: run.board, cwd: input.cwd, env: run.env, processTree: !run.remote });
    opened.board = board;
    // No board here: baton is not used in this project. Never create one from a hook.
    if (!board.exists) return NOTHING;
    const turn: Turn = { board, run, input, answer: {} };
    await handle(turn, log);
    const output = envelope(run.harness, run.event, turn.answer);
    const since = turn.ready && recordTime(board, turn.ready.session);
    if (turn.ready && since) keepReadyStart(board, { ...turn.ready, since, output });
    if (run.answered) return NOTHING;
    const mail = turn.mail;
    if (!output) mail?.batch.release();
    return {
      output,
      delivered: () => mail?.batch.acknowledge(),
      undelivered: () => mail?.batch.release(),
    };
  } catch (error) {
    if (error instanceof HookSkip) {
      // Input that is not for this hook says nothing in the log unless a board is at hand to hold it.
      board ??= safeBoard(run);
      log(`skipped: ${error.message}`);
    } else log(`error: ${error instanceof Error ? error.message : String(error)}`);
    return NOTHING;
  } finally {
    if (run.background && run.event === 'session-end' && session !== '-') {
      board ??= safeBoard(run);
      if (board) clearEnding(board, session);
    }
  }
}

async function handle(turn: Turn, log: (message: string) => void): Promise<void> {
  const { board, input, run } = turn;
  switch (run.event) {
    case 'session-start': {
      if (run.idleAfter !== undefined && startedWithin(readSession(board, input.session), run.idleAfter))
        return;
      // A session that ended just before (this one's previous run, or the one it continues) is still being drafted
      // in the background: its end and its note come first.
      if (!(await endingsSettled(board)))
        log('a session’s end still being drafted was not waited for any longer');
      const transcriptPath = input.transcriptPath ?? expectedTranscript(run, input.session);
      const record = startSession(board, run.harness, { ...input, transcriptPath });
      registerAgent(board, record.agent, record.id);
      compactionSeen(turn, record);
      // A harness that ignores what its session start prints (Grok Build): the index waits for the first mail.
      if (silent(run, 'session-start')) {
        markIndexDue(board.root, record.id);
        return;
      }
      // Answered by the gate: mail and a pending write's request wait for the next prompt (the gate saw none).
      if (!run.answered)
        turn.mail = takeMail(board, mailboxes(board, run.harness, input, record), { by: takenBy(record) });
      // At every start — a new session, a resume, after a compaction (source compact) — the index is rebuilt.
      const index = renderIndex(board, {
        agent: record.agent,
        session: record.id,
        unreadShown: turn.mail?.batch.messages.length,
      });
      if (index.problems.length > 0) log(index.problems.join('; '));
      clearIndexDue(board.root, record.id);
      const announced = run.answered ? undefined : announce(run, board, record.id);
      turn.answer.context = joined([index.text, announced, turn.mail?.text]);
      // Nothing but the index, which the gate can tell is still right: kept for it to answer the next start.
      const home = run.env.HOME;
      const plain = !turn.mail && !announced && index.unread === 0 && index.pending.length === 0;
      const source = (READY_SOURCES as readonly (string | undefined)[]).includes(input.source);
      if (plain && source && !run.remote && home && isAbsolute(home)) {
        turn.ready = {
          harness: run.harness,
          home,
          cwd: input.cwd,
          agent: record.agent,
          stable: stableAgent(board, run.harness),
          index,
          session: record.id,
        };
      }
      return;
    }
    case 'user-prompt-submit': {
      const record = knownSession(board, run.harness, input);
      if (silent(run, 'user-prompt-submit')) return;
      turn.mail = takeMail(board, mailboxes(board, run.harness, input, record), { by: takenBy(record) });
      // A compaction since the last prompt that no session start followed: the index again, before the mail.
      let index: string | undefined;
      if (indexDue(board.root, record.id)) {
        clearIndexDue(board.root, record.id);
        index = renderIndex(board, {
          agent: record.agent,
          session: record.id,
          unreadShown: turn.mail?.batch.messages.length,
        }).text;
      }
      turn.answer.context = joined([index, announce(run, board, record.id), turn.mail?.text]);
      return;
    }
    case 'stop': {
      const record = knownSession(board, run.harness, input);
      const transcript = input.transcriptPath;
      turn.answer.notice = await interceptReply(
        board,
        record.id,
        input.lastAssistantMessage,
        transcript
          ? {
              path: transcript,
              ready: () =>
                flushed(run, log, { event: 'stop', transcriptPath: transcript, eventTime: input.eventTime }),
            }
          : undefined,
      );
      if (turn.answer.notice) log(turn.answer.notice);
      // The loop guard: a stop that follows our own block is never blocked again.
      if (input.stopHookActive) return;
      turn.mail = takeMail(board, mailboxes(board, run.harness, input, record), { by: takenBy(record) });
      let index: string | undefined;
      if (turn.mail && silent(run, 'session-start') && indexDue(board.root, record.id)) {
        clearIndexDue(board.root, record.id);
        const unreadShown = turn.mail.batch.messages.length;
        index = renderIndex(board, { agent: record.agent, session: record.id, unreadShown }).text;
      }
      turn.answer.block = joined([index, announce(run, board, record.id), turn.mail?.text]);
      return;
    }
    case 'subagent-stop': {
      // session_id is the delegating session; the sub-agent's full final output becomes its result note.
      const record = knownSession(board, run.harness, input);
      const result = await resultNote(board, record, input);
      log('written' in result ? `result note ${result.written}` : `no result note: ${result.skipped}`);
      return;
    }
    case 'pre-tool-use': {
      const paths = writtenPaths(input.toolName, input.toolInput);
      if (paths.length === 0) return;
      const check = conflictWarning(board, input.session, input.cwd, paths);
      // Marks of writes too old to warn about go, so the hook gate lets the next write through without node.
      pruneRecentEdits(board, board.clock(), CONFLICT_WINDOW_MS);
      if (check.block) turn.answer.deny = check.warning;
      else turn.answer.context = check.warning;
      return;
    }
    case 'post-tool-use': {
      const paths = writtenPaths(input.toolName, input.toolInput);
      if (paths.length === 0) return;
      knownSession(board, run.harness, input);
      touchPaths(board, input.session, paths, input.cwd);
      return;
    }
    case 'pre-compact':
    case 'session-end': {
      const record = readSession(board, input.session);
      if (!record) return;
      // Only a real compaction drafts and makes the index due again (Gemini CLI's PreCompress comes before every
      // model request: its hooks tell which one compressed).
      const compaction = compactionSeen(turn, record);
      if (run.event === 'pre-compact') {
        if (!compaction) return;
        markIndexDue(board.root, record.id);
      }
      const ending = run.event === 'session-end';
      // The detached draft of a large transcript (below): its hook has ended the session already.
      if (ending && run.detachedFrom !== undefined) await parentExited(run.detachedFrom);
      const transcript = input.transcriptPath ?? record.transcriptPath;
      if (transcript && ending && !run.remote)
        await flushed(run, log, { event: 'session-end', transcriptPath: transcript });
      const size = transcript && ending ? oversizeTranscript(transcript) : undefined;
      let detached = false;
      try {
        if (size !== undefined && !run.remote && run.relaunch && run.detachedFrom === undefined) {
          const pid = startDetached(run.relaunch, run.stdin, run.cwd, run.env);
          const mb = Math.round(size / 1024 / 1024);
          log(`raw handoff: the transcript is ${mb} MB — drafted by a detached process (pid ${pid})`);
          detached = true;
          return;
        }
        const raw = run.remote
          ? { skipped: 'over BATON_URL: the transcript is on the agent’s machine' }
          : await rawHandoff(board, record, input.transcriptPath, ending ? 'end' : 'compact');
        log('written' in raw ? `raw handoff ${raw.written}` : `no raw handoff: ${raw.skipped}`);
      } finally {
        if (ending && run.detachedFrom === undefined) endSession(board, record.id);
        // Nobody waits for an end the gate put in the background: the next start in its folder, kept for the gate
        // (the end's note changed what the index lists) before the end's marker goes — a start meanwhile waits.
        if (ending && run.background && !run.remote && !detached)
          await keepNextStart(board, {
            session: record.id,
            harness: run.harness,
            cwd: input.cwd,
            env: run.env,
          });
      }
      return;
    }
  }
}

/**
 * Waits, where the harness writes its transcript late, until it holds the turn the hook reads (a wait that ran out
 * is logged).
 */
async function flushed(run: HookRun, log: (message: string) => void, check: FlushCheck): Promise<void> {
  const wait = HOOKS[run.harness].flushed;
  if (wait && !(await wait(check)))
    log(
      `the transcript did not show the ${check.event === 'stop' ? 'turn' : 'last turn'} in time: read as it is`,
    );
}

/** Where the harness will write the session's transcript, when its start names none (not over BATON_URL). */
function expectedTranscript(run: HookRun, session: string): string | undefined {
  return run.remote ? undefined : HOOKS[run.harness].transcriptAt?.(session, run.env);
}

/** A pending request's prompt, shown only where the reply to it can be read at the stop (not Antigravity's). */
function announce(run: HookRun, board: Board, session: string): string | undefined {
  return HOOKS[run.harness].noReply ? undefined : announcePending(board, session);
}

function silent(run: HookRun, event: HookEvent): boolean {
  return HOOKS[run.harness].silent?.includes(event) === true;
}

// Mail the hook hands its harness is receipted as taken by this session, under the name the session acts as.
function takenBy(record: SessionRecord): Taker {
  return { via: 'hook', agent: record.agent, session: record.id, harness: record.harness };
}

// What the session's event says of a compaction; a harness whose hooks do not judge compacts at every pre-compact.
function compactionSeen(turn: Turn, record: SessionRecord): 'now' | 'since' | undefined {
  const { board, input, run } = turn;
  const judge = HOOKS[run.harness].compaction;
  if (!judge) return 'now';
  return judge(board, run.event, {
    session: record.id,
    trigger: input.source,
    transcriptPath: input.transcriptPath ?? record.transcriptPath,
  });
}

function joined(parts: (string | undefined)[]): string | undefined {
  const text = parts.filter((part) => part && part.trim() !== '').join('\n\n');
  return text === '' ? undefined : text;
}

function safeBoard(run: HookRun): Board | undefined {
  try {
    const board = openBoard({ board: run.board, cwd: run.cwd, env: run.env });
    return board.exists ? board : undefined;
  } catch {
    return undefined;
  }
}
