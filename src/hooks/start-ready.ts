// A session's start answered by the hook gate without node (hooks/gate): what the full hook printed at the last start
// on this board, for this harness and folder, kept where only this user writes —
// `~/.cache/baton/start-ready/<the board's path>/<harness>` — never in the board, whose files anyone who can write
// there may have planted (a prepared answer is text put before a model as it is; the index the hook lays out escapes
// what it shows). With it, what decided it and the files and folders it was read from:
//   baton-start-ready 1
//   cwd<TAB><the session's folder, as the harness gave it>
//   agent<TAB><the name it was laid out for>
//   stable<TAB><the project's stable name for the harness, or nothing>
//   key<TAB><the project's key>
//   f<TAB><path>   there, and no newer than this file
//   d<TAB><path>   a folder (a checkout's .git: its time changes at every git command)
//   a<TAB><path>   not there
//   output
//   <what the hook printed, byte for byte>
// The gate prints it only while every stamp holds and only for a session it can check itself: its name (BATON_AGENT,
// its record's, the stable one), no mail waiting for it or its alias, no pending write, no session's end still being
// drafted. The file's own time is set a little before the session's record was written — before anything here was
// read — so whatever changes after the read is newer than it: 100 ms where file times have sub-second parts, 2 s
// where they do not (settleMs). Derived and disposable: without it a start costs a node start, and writes it again.
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { sessionAgent, stableAgent } from '../core/agents/identity.js';
import { findCheckout } from '../core/board/git.js';
import { type Board, boardPath } from '../core/board/open-board.js';
import { type BoardIndex, renderIndex } from '../core/board-index/render.js';
import { CARDS_DIR } from '../core/cards/card.js';
import { listCardFiles } from '../core/cards/find.js';
import { NOTES_DIR } from '../core/notes/note.js';
import { listProjects } from '../core/notes/read.js';
import { pathKeyOf, projectKeyOf } from '../core/sessions/project.js';
import { olderFolderProbe } from '../core/sessions/project-aliases.js';
import { sessionPath } from '../core/sessions/session.js';
import { replaceFileAtomic } from '../core/store/atomic-write.js';
import { nameProblem } from '../core/store/names.js';
import { readTextFile } from '../core/store/read-file.js';
import { entryKind, listNames } from '../core/store/safe-fs.js';
import { envelope, HOOKS } from './envelope.js';
import { type HookHarness, isHookHarness } from './events.js';

/** Set by the gate for the start it answered: the hook records the session and prints nothing. */
export const ANSWERED_ENV = 'BATON_HOOK_ANSWERED';
/** The starts a prepared answer stands for: a compaction's (`compact`) has work of its own. */
export const READY_SOURCES = ['startup', 'resume', 'clear', 'new'] as const;
/** A kept answer's first line. */
export const READY_HEADER = 'baton-start-ready 1';
/** The most the gate reads of one (it answers nothing from a longer one). */
export const READY_MAX_BYTES = 256 * 1024;
/**
 * How far before its reference an answer's time is set: past the file system's tick and the kernel's coarse clock's
 * lag — a fraction of a millisecond and a jiffy where times have sub-second parts (ext4, XFS, btrfs, APFS, tmpfs),
 * whole seconds where they do not (FAT's tick is two). `sample` is the time of a file just written there.
 */
function settleMs(sample: number): number {
  return sample % 1000 === 0 ? 2000 : 100;
}

/** Where the answer for `harness` on the board at `root` is kept, in the home folder `home`. */
export function readyPath(home: string, root: string, harness: string): string {
  return join(home, '.cache', 'baton', 'start-ready', ...root.split(sep).filter(Boolean), harness);
}

/** What a start that can be answered by the gate next time printed, and who it was for. */
export interface ReadyStart {
  harness: string;
  /** The home folder of the user the hook runs as (HOME). */
  home: string;
  /** The session's folder, as its input gave it. */
  cwd: string;
  agent: string;
  /** The project's stable name for the harness (config.json `agents`), when it has one. */
  stable?: string;
  /** The index it printed. */
  index: BoardIndex;
  /**
   * A time (ms) before anything the index was read from was read: the session's record's, written just before
   * (the board's own clock), or the clock's after a session's end (see keepNextStart).
   */
  since: number;
  /** The time of a file just written on the board, which tells its file system's tick (default: `since`). */
  sample?: number;
  output: string;
}

/** The time of the session's record, just written at its start: the reference of what its start then reads. */
export function recordTime(board: Board, session: string): number | undefined {
  const stat = board.store.stat(sessionPath(board, session));
  return stat.kind === 'file' ? stat.mtimeMs : undefined;
}

/**
 * After a session's end drafted in the background (nobody waits for it): the next session's start in `cwd` kept for
 * the gate, since the end's note changed what the index lists. It waits until what the end wrote is older than
 * the stamps can tell apart (settleMs); a start that comes sooner goes to node, and keeps its own answer. For the
 * ending session's harness, only for a name a new session of it would act under without a record: BATON_AGENT, else
 * the project's stable name. The other harnesses whose last start in the same folder kept an answer (agents of
 * several harnesses at work in one project) get theirs laid out again for the name it was kept for: the end's note
 * made it stale too. True when the ending harness's was kept.
 */
export async function keepNextStart(
  board: Board,
  ended: { session: string; harness: HookHarness; cwd: string; env: Record<string, string | undefined> },
): Promise<boolean> {
  const { session, harness, cwd } = ended;
  const home = ended.env.HOME;
  if (!home || !isAbsolute(home)) return false;
  try {
    const identity = sessionAgent(board, { harness, session: 'next' });
    const others = keptElsewhere(home, board, harness, cwd);
    const own = identity.source !== 'alias' && !HOOKS[harness].silent?.includes('session-start');
    if (!own && others.length === 0) return false;
    // The ended session's record, just written: how long the file system's tick is.
    const sample = recordTime(board, session) ?? 0;
    await new Promise((resolve) => setTimeout(resolve, settleMs(sample) + 50));
    const since = Date.now();
    const next = { home, cwd, since, sample };
    for (const other of others) keepNewStart(board, { ...next, ...other });
    return own && keepNewStart(board, { ...next, harness, agent: identity.name });
  } catch {
    return false;
  }
}

/** Laid out as a new session's start lays it out (no record, no pending request) and kept, when it is plain. */
function keepNewStart(
  board: Board,
  start: { harness: HookHarness; agent: string; home: string; cwd: string; since: number; sample: number },
): boolean {
  const index = renderIndex(board, { agent: start.agent, session: '' });
  // Mail for its name makes it not plain.
  if (index.unread !== 0 || index.pending.length > 0) return false;
  const output = envelope(start.harness, 'session-start', { context: index.text });
  return keepReadyStart(board, { ...start, stable: stableAgent(board, start.harness), index, output });
}

/**
 * The harnesses other than `harness` whose kept answer for this board is for a start in `cwd`, with the name it was
 * laid out for. The cache is this user's own, but read as carefully as anything: plain files, capped, names checked.
 */
function keptElsewhere(
  home: string,
  board: Board,
  harness: HookHarness,
  cwd: string,
): { harness: HookHarness; agent: string }[] {
  const dir = dirname(readyPath(home, board.root, harness));
  const out: { harness: HookHarness; agent: string }[] = [];
  for (const name of listNames(dir, dir)) {
    const other = isHookHarness(name) ? name : undefined;
    if (!other || other === harness || HOOKS[other].silent?.includes('session-start')) continue;
    const read = readTextFile(dir, join(dir, name), READY_MAX_BYTES);
    if (!read.ok) continue;
    const head = read.text.slice(0, read.text.indexOf('\noutput\n') + 1).split('\n');
    const field = (key: string) => head.find((line) => line.startsWith(`${key}\t`))?.slice(key.length + 1);
    const agent = field('agent');
    if (head[0] !== READY_HEADER || field('cwd') !== cwd || !agent || nameProblem('agent', agent)) continue;
    out.push({ harness: other, agent });
  }
  return out;
}

/**
 * Keeps `ready` for the gate when everything its index was read from can be stamped; else leaves what is kept
 * alone (its own stamps still judge it). Best effort: a start is never failed by it. True when kept.
 */
export function keepReadyStart(board: Board, ready: ReadyStart): boolean {
  try {
    const text = readyText(board, ready);
    if (text === undefined) return false;
    const path = readyPath(ready.home, board.root, ready.harness);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    replaceFileAtomic(path, text, {
      fsync: false,
      mode: 0o600,
      mtimeMs: ready.since - settleMs(ready.sample ?? ready.since),
    });
    return true;
  } catch {
    return false;
  }
}

function readyText(board: Board, ready: ReadyStart): string | undefined {
  const { index } = ready;
  // The folder's key today, the one a new session gets; an index of an older key (a resumed session's) is its own.
  if (index.project !== projectKeyOf(ready.cwd, board)) return undefined;
  const stamps = sourceStamps(board, ready, index);
  if (!stamps) return undefined;
  const head = [
    READY_HEADER,
    `cwd\t${ready.cwd}`,
    `agent\t${ready.agent}`,
    `stable\t${ready.stable ?? ''}`,
    `key\t${index.project}`,
    ...stamps,
    'output',
  ];
  if (head.some((line) => line.includes('\n') || line.includes('\r'))) return undefined;
  const text = `${head.join('\n')}\n${ready.output}`;
  return Buffer.byteLength(text) < READY_MAX_BYTES ? text : undefined;
}

/**
 * A stamp of every file and folder the index and the session's name were read from, or undefined when one is
 * neither (a link, a FIFO) or a notes folder may hold an older key (the answer would then follow session records).
 */
function sourceStamps(board: Board, ready: ReadyStart, index: BoardIndex): string[] | undefined {
  const stamps: string[] = [];
  const stamp = (path: string, allowDir = true): boolean => {
    const kind = entryKind(path);
    if (kind === 'missing') stamps.push(`a\t${path}`);
    else if (kind === 'file' || (allowDir && kind === 'dir')) stamps.push(`f\t${path}`);
    else return false;
    return true;
  };
  // Settings: the index's valves, the stable names, the project's key.
  if (!stamp(boardPath(board, 'config.json'), false)) return undefined;
  // The project's identity: its checkout (a .git made or removed on the way up, its origin), else the folders up.
  if (!identityStamps(ready.cwd, stamp, stamps)) return undefined;
  // Notes: the folders (a project added, a note added or removed), the notes listed (edited in place), and what
  // told that no folder holds an older key of this one.
  const here = index.project;
  const known = [here, pathKeyOf(ready.cwd, board.redact)];
  const probe = olderFolderProbe(board, known);
  if (probe.older) return undefined;
  if (!stamp(boardPath(board, NOTES_DIR))) return undefined;
  const folders = new Set([...listProjects(board), ...known]);
  for (const key of folders) if (!stamp(boardPath(board, NOTES_DIR, key))) return undefined;
  for (const path of probe.read) if (!stamp(path, false)) return undefined;
  for (const note of index.notes) {
    const path = known
      .map((key) => boardPath(board, NOTES_DIR, key, `${note.id}.md`))
      .find((candidate) => entryKind(candidate) === 'file');
    if (!path) return undefined;
    stamps.push(`f\t${path}`);
  }
  // Cards: the folder, and every card (the five latest are found by reading them all).
  if (!stamp(boardPath(board, CARDS_DIR))) return undefined;
  for (const card of listCardFiles(board)) if (!stamp(card.path, false)) return undefined;
  return stamps;
}

function identityStamps(cwd: string, stamp: (path: string, allowDir?: boolean) => boolean, stamps: string[]) {
  const checkout = findCheckout(cwd);
  // No .git in any folder from the session's up to the checkout's top (not it), or up to / without a checkout.
  for (let dir = resolve(cwd); dir !== checkout?.root; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    if (entryKind(dotGit) !== 'missing') return false;
    stamps.push(`a\t${dotGit}`);
    if (dirname(dir) === dir) break;
  }
  if (!checkout) return true;
  // The checkout's own .git (a folder's time changes at every git command: that it is one is what counts), and the
  // config its origin is read from.
  const dotGit = join(checkout.root, '.git');
  const kind = entryKind(dotGit);
  if (kind === 'dir') stamps.push(`d\t${dotGit}`);
  else if (kind !== 'file' || !stamp(dotGit, false)) return false;
  if (checkout.gitDir !== checkout.commonDir && !stamp(join(checkout.gitDir, 'commondir'), false))
    return false;
  return stamp(join(checkout.commonDir, 'config'), false);
}
