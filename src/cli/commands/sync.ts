// `baton sync [--watch]` — the board through git, to and from the other machines; and `baton sync merge-file`, the
// merge driver git runs for a record both sides changed.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { untrackedBoardAdvice } from '../../core/board/git-ignore.js';
import { type Board, requireBoard } from '../../core/board/open-board.js';
import { visibleText } from '../../core/display/visible-text.js';
import { GitInterrupted } from '../../core/sync/git.js';
import { mergeRecord } from '../../core/sync/merge.js';
import { RECORD_BYTES, recordKind } from '../../core/sync/records.js';
import { BoardGone, boardIsThere, SyncBusy, type SyncResult, syncBoard } from '../../core/sync/sync.js';
import { intFlag } from '../args.js';
import { boardFromFlags, echoBoard, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, reportError, UsageError } from '../io.js';

export const usage = `baton sync [--watch] [--interval <seconds>] [--json]
  Moves the board through git to and from other machines: commits this machine's records (never state/),
  fetches, merges, pushes, and retries when another machine pushed first. Messages that arrive for agents
  here are queued for them, as if sent here. By default the board lives on the branch "baton" of the
  project's own repository, in a worktree baton keeps under .baton/state/sync (your branches never see it);
  .baton/config.json can name another: {"sync": {"repo": "<url or path>", "remote": "origin", "branch": "baton"}}.
  --watch syncs on every change to the board and every --interval seconds (default 30) until interrupted
  (SIGINT/SIGTERM), or until the board is deleted.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  if (argv[0] === 'merge-file') return mergeFile(argv.slice(1), io);
  const { flags } = parseFor('sync', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  keepHeapSmall();
  const options = { mergeDriver: driverCommand(), signal: io.signal };
  if (!flags.watch) {
    const stopped = noteSignal();
    try {
      const result = await syncWhenFree(io, () => syncBoard(board, options), flags.json);
      report(io, result, flags.json);
      echoBoard(io, board);
      const untracked = flags.json ? undefined : untrackedBoardAdvice(board.root);
      if (untracked) io.err(`${untracked}\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof GitInterrupted)) throw error;
      reportError(io, error, flags.json);
      return stopped.exitCode();
    } finally {
      stopped.release();
    }
  }
  const intervalMs = intFlag('interval', flags.interval, 30, 1) * 1000;
  return watchLoop(
    io,
    intervalMs,
    async () => report(io, await syncWhenFree(io, () => syncBoard(board, options), flags.json), flags.json),
    board,
  );
}

// A sync reads records of up to 4 MiB from the history one at a time, each checked and dropped: what is live stays
// at a record or two, but V8 lets such garbage pile up to several times that before it collects. Asked to favour
// size, it collects early: taking in 135 cards of 4 MiB peaks near 105 MB instead of 150–180 (`npm run bench`).
function keepHeapSmall(): void {
  try {
    setFlagsFromString('--optimize-for-size');
  } catch {
    // a Node that refuses flags after start: the sync is the same, only its memory peaks higher
  }
}

// The exit code a shell expects of a command a signal stopped (128 + its number): the git a signal stops makes the
// sync end on its own, a moment after the signal.
function noteSignal(): { exitCode(): number; release(): void } {
  let code = 130;
  const onInt = () => {
    code = 130;
  };
  const onTerm = () => {
    code = 143;
  };
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return {
    exitCode: () => code,
    release: () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    },
  };
}

// Another sync of this board (a --watch, a second terminal) is waited for, up to two minutes, in short asynchronous
// naps: Ctrl-C still stops the wait.
const BUSY_WAIT_MS = 120_000;

async function syncWhenFree(
  io: CliIO,
  once: () => Promise<SyncResult>,
  json: boolean | undefined,
): Promise<SyncResult> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      return await once();
    } catch (error) {
      if (!(error instanceof SyncBusy) || Date.now() > deadline || io.signal?.aborted) throw error;
      // Said once, so a wait of up to two minutes is not mistaken for a hang (not with --json: stderr is JSON then).
      if (!told && !json)
        io.err('baton: another baton sync of this board is running — waiting for it (Ctrl-C stops)\n');
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
  }
}

function report(io: CliIO, result: SyncResult, json: boolean | undefined): void {
  reportProblems(io, result.problems);
  if (json) {
    printJson(io, result);
    return;
  }
  const parts: string[] = [];
  parts.push(result.committed > 0 ? `${result.committed} local change(s) committed` : 'no local changes');
  const { added, changed, removed, queued } = result.received;
  if (added + changed + removed > 0) {
    parts.push(
      `received ${added} new, ${changed} changed, ${removed} removed record(s)${queued > 0 ? `, ${queued} message(s) queued for delivery` : ''}`,
    );
  }
  const where = `${result.remote}/${result.branch}`;
  if (!result.hasRemote)
    parts.push(`no remote "${result.remote}" — committed here only (git remote add ${result.remote} <url>)`);
  else if (result.pushed) parts.push(`pushed to ${where}`);
  else parts.push(`up to date with ${where}`);
  io.out(`sync: ${visibleText(parts.join(' · '), { singleLine: true })}\n`);
}

// A sync on every change (gathered for a second) and on every interval; a failed round is reported and the next
// one tries again. Stops on SIGINT/SIGTERM — within the signal's grace period, a sync under way included (its git is
// stopped) — and, with exit code 1, when the board is gone (looked for every second).
async function watchLoop(
  io: CliIO,
  intervalMs: number,
  once: () => Promise<void>,
  board: Board,
): Promise<number> {
  const { BoardWatcher } = await import('../../core/board/watch.js');
  const watcher = new BoardWatcher(board.root, { settleMs: 1000 });
  let wake: (() => void) | undefined;
  let dirty = true;
  const stop = watcher.subscribe((areas) => {
    if (areas.some((area) => area !== 'pending')) {
      dirty = true;
      wake?.();
    }
  });
  // Listened to for the whole loop, so a signal always waits for the loop to end (not only during a nap).
  const onAbort = () => wake?.();
  io.signal?.addEventListener('abort', onAbort);
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });
  try {
    for (;;) {
      if (io.signal?.aborted) return 0;
      if (!boardIsThere(board)) {
        reportError(io, new BoardGone(board));
        return 1;
      }
      if (dirty) {
        dirty = false;
        try {
          await once();
        } catch (error) {
          if (io.signal?.aborted || error instanceof GitInterrupted) return 0;
          if (!(error instanceof BoardGone)) reportError(io, error);
        }
        continue;
      }
      const due = Date.now() + intervalMs;
      while (!dirty && !io.signal?.aborted && boardIsThere(board) && Date.now() < due)
        await nap(Math.min(1000, due - Date.now()));
      if (Date.now() >= due) dirty = true;
    }
  } finally {
    stop();
    io.signal?.removeEventListener('abort', onAbort);
  }
}

// This very baton, for git to run as the merge driver (quoted for the shell git runs it through).
function driverCommand(): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  return `${quote(process.execPath)} ${quote(process.argv[1] ?? 'baton')} sync merge-file`;
}

/** `baton sync merge-file <base> <ours> <theirs> <path>`: writes the merged record over <ours>; exit 1 = conflict. */
function mergeFile(args: string[], io: CliIO): number {
  const [base, ours, theirs, path] = args;
  if (!base || !ours || !theirs || !path)
    throw new UsageError('usage: baton sync merge-file <base> <ours> <theirs> <path> (git runs this)');
  const kind = recordKind(path);
  if (!kind) {
    io.err(`baton: ${visibleText(path)} is not a record baton merges\n`);
    return 1;
  }
  // Git's own temp files, but their content came from another machine: sized before they are read.
  const read = (file: string) => {
    if (statSync(file).size > RECORD_BYTES[kind])
      throw new UsageError(`${file} is larger than a ${kind} may be`);
    return readFileSync(file, 'utf8');
  };
  const merged = mergeRecord(kind, read(base), read(ours), read(theirs));
  if (!merged.ok) {
    io.err(`baton: cannot merge ${visibleText(path)}: ${merged.reason}\n`);
    return 1;
  }
  writeFileSync(ours, merged.text);
  return 0;
}
