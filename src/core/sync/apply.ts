// Worktree history → board: what changed between the commit the board last took in and a newer one is written to
// the board, record by record, checked like any input from elsewhere. The changes are read from git as a stream and
// each record's blob only when it fits its kind's cap (blobs.ts), so memory stays at a record or two however much
// arrives; a record over its cap is reported and the others go on. A record the board changed meanwhile is merged
// (cards, agents, sessions) or kept (a record written once); a message new to this board is queued for its
// recipient before its file appears, as `send` does, so hooks push it and a repeated apply never queues it twice.
import { isUtf8 } from 'node:buffer';
import { lstatSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { enqueue } from '../messages/spool.js';
import { markTakenInSession } from '../sessions/hook-gate.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { withLock } from '../store/lock.js';
import { readTextFile } from '../store/read-file.js';
import { type Problem, removeFile } from '../store/safe-fs.js';
import { BlobReader, type WantedBlob } from './blobs.js';
import type { ByteReader } from './byte-reader.js';
import { type Git, gitFailure } from './git.js';
import { mergeRecord } from './merge.js';
import { RECORD_BYTES, type RecordKind, recordKind, recordProblem } from './records.js';

export interface ApplyCounts {
  added: number;
  changed: number;
  removed: number;
  /** Messages queued for their recipients here. */
  queued: number;
}

export interface ApplyOutcome extends ApplyCounts {
  /** Records in the history that were not written here (malformed, too large, a link): kept out of the board. */
  refused: string[];
  /** Records that were taken in (or already matched): no longer refused. */
  accepted: string[];
}

interface Change {
  rel: string;
  kind: RecordKind;
  /** Blob ids before and after ('' when absent). */
  before: string;
  after: string;
}

/** A blob read as text. */
interface Blob {
  text: string;
  bytes: Uint8Array;
}

/** Why a blob was not read as text. */
type Unread = 'too_large' | 'not_utf8';

const NO_BLOB = /^0+$/;
const REGULAR = new Set(['100644', '100755']);
const MUTABLE = new Set<RecordKind>(['card', 'agent', 'session']);

// Changes taken in per batch of blob requests to git (the blobs themselves are read one at a time).
const BATCH = 64;
// The longest path read from a diff: far more than any record's.
const PATH_MAX = 4096;

/** Applies the record changes between commits `from` and `to` of `worktree` to the board. */
export async function applyChanges(
  board: Board,
  git: Git,
  worktree: string,
  from: string,
  to: string,
  problems: Problem[],
): Promise<ApplyOutcome> {
  const counts: ApplyOutcome = { added: 0, changed: 0, removed: 0, queued: 0, refused: [], accepted: [] };
  if (from === to) return counts;
  const diffArgs = [
    'diff',
    '--raw',
    '-z',
    '--no-renames',
    '--no-abbrev',
    '--no-ext-diff',
    '--no-textconv',
    from,
    to,
  ];
  const diff = await git.start(worktree, diffArgs);
  let blobs: BlobReader | undefined;
  try {
    blobs = await BlobReader.open(git, worktree);
    let batch: Change[] = [];
    for (;;) {
      const change = await nextChange(diff.stdout, problems, counts.refused);
      if (change === 'end') break;
      if (change) batch.push(change);
      if (batch.length >= BATCH) {
        await applyBatch(board, blobs, worktree, batch, counts, problems);
        batch = [];
      }
    }
    await applyBatch(board, blobs, worktree, batch, counts, problems);
    const ended = await diff.done;
    if (ended.status !== 0) throw gitFailure(diffArgs, ended);
    await blobs.close();
  } catch (error) {
    diff.stop();
    blobs?.stop();
    throw error;
  }
  return counts;
}

async function applyBatch(
  board: Board,
  blobs: BlobReader,
  worktree: string,
  batch: Change[],
  counts: ApplyOutcome,
  problems: Problem[],
): Promise<void> {
  const wanted: WantedBlob[] = batch.flatMap((c) =>
    [c.before, c.after].filter(Boolean).map((id) => ({ id, cap: RECORD_BYTES[c.kind] })),
  );
  const read = blobs.read(wanted);
  // The text, and its bytes (valid until the next blob is read: written as they are, not encoded again).
  const next = async (): Promise<Blob | Unread> => {
    const bytes = (await read.next()).value;
    if (!bytes) return 'too_large';
    return isUtf8(bytes) ? { text: bytes.toString('utf8'), bytes } : 'not_utf8';
  };
  for (const change of batch) {
    const before = change.before ? await next() : undefined;
    const after = change.after ? await next() : undefined;
    const path = join(board.root, change.rel);
    if (after === 'too_large' || after === 'not_utf8') {
      const why =
        after === 'too_large'
          ? `larger than a ${change.kind} may be (${RECORD_BYTES[change.kind]} bytes)`
          : 'not UTF-8 text';
      problems.push({ path, reason: `not taken in from another machine: ${why}` });
      counts.refused.push(change.rel);
      continue;
    }
    // An unreadable old version is no common base: the board's copy is merged against nothing.
    const base = before === 'too_large' || before === 'not_utf8' ? undefined : before?.text;
    applyChange(board, worktree, change, path, base, after, counts, problems);
  }
  // The generator's end: nothing of this batch is left unread.
  await read.next();
}

function applyChange(
  board: Board,
  worktree: string,
  change: Change,
  path: string,
  before: string | undefined,
  after: Blob | undefined,
  counts: ApplyOutcome,
  problems: Problem[],
): void {
  const problem = after === undefined ? undefined : recordProblem(change.kind, change.rel, after.text);
  if (problem) {
    problems.push({ path, reason: `not taken in from another machine: ${problem}` });
    counts.refused.push(change.rel);
    return;
  }
  const apply = () => applyOne(board, worktree, change, path, before, after, counts, problems);
  try {
    const taken = MUTABLE.has(change.kind) ? withLock(board.root, path, apply) : apply();
    (taken ? counts.accepted : counts.refused).push(change.rel);
  } catch (error) {
    // A link planted on the way (messages/<agent>, a queue folder): this record waits, the others go on.
    if (!(error instanceof BatonError) || error.code !== 'unsafe_path') throw error;
    problems.push({ path, reason: `not taken in: ${error.message}` });
    counts.refused.push(change.rel);
  }
}

function applyOne(
  board: Board,
  worktree: string,
  change: Change,
  path: string,
  before: string | undefined,
  theirs: Blob | undefined,
  counts: ApplyCounts,
  problems: Problem[],
): boolean {
  const after = theirs?.text;
  const read = readTextFile(board.root, path, RECORD_BYTES[change.kind]);
  if (!read.ok && !read.missing) {
    problems.push({ path, reason: `${read.reason} — the version from another machine was not written` });
    return false;
  }
  const now = read.ok ? read.text : undefined;
  if (now === after) return true;
  if (after === undefined) {
    // Removed elsewhere: removed here too, unless it changed here since (then the next sync carries it back).
    if (now === before && removeFile(board.root, path)) counts.removed++;
    return true;
  }
  let text = after;
  if (now !== undefined && now !== before) {
    if (!MUTABLE.has(change.kind)) return true; // written once: this board's copy stands (a hand edit)
    const merged = mergeRecord(change.kind, before ?? '', now, after);
    if (!merged.ok) {
      problems.push({ path, reason: `kept as it is here: ${merged.reason}` });
      return true;
    }
    text = merged.text;
  } else if (now === undefined && before !== undefined) {
    return true; // deleted here since the last sync: the deletion travels with the next commit
  }
  if (now === undefined && change.kind === 'message') {
    const recipient = change.rel.split('/')[1] as string;
    const id = change.rel.slice(change.rel.lastIndexOf('/') + 1, -'.md'.length);
    enqueue(board, recipient, id);
    counts.queued++;
  }
  writeFileAtomic(board.root, path, text === after ? (theirs as Blob).bytes : text);
  if (change.kind === 'session') markTakenInSession(board, text);
  if (now === undefined) counts.added++;
  else counts.changed++;
  if (text === after) keepTimes(path, join(worktree, change.rel));
  return true;
}

// The copy in the worktree takes the board file's time, so the next export sees it unchanged without reading it.
function keepTimes(boardFile: string, copy: string): void {
  try {
    const stat = lstatSync(boardFile);
    utimesSync(copy, stat.atime, stat.mtime);
  } catch {
    // the copy is compared by content next time
  }
}

/**
 * The next change of record from `git diff --raw -z` (`:<mode> <mode> <id> <id> <status>` NUL `<path>` NUL);
 * undefined for a path that is not one (reported), `'end'` at the end.
 */
async function nextChange(
  diff: ByteReader,
  problems: Problem[],
  refused: string[],
): Promise<Change | undefined | 'end'> {
  const meta = await diff.until(0, 1024);
  if (meta === undefined) return 'end';
  const name = await diff.until(0, PATH_MAX);
  if (meta === 'too_long' || name === undefined)
    throw new BatonError('io', 'git diff printed what baton cannot read');
  if (name === 'too_long') {
    problems.push({
      path: '(a path of more than 4096 bytes)',
      reason: 'not a record baton syncs (left in the repository)',
    });
    return undefined;
  }
  const [modeBefore, modeAfter, before, after] = meta.toString('utf8').replace(/^:/, '').split(' ');
  const rel = name.toString('utf8');
  const kind = recordKind(rel);
  const gone = NO_BLOB.test(after ?? '');
  if (rel === '.gitattributes') return undefined; // baton's own (attributes.ts keeps any other out)
  if (!kind) {
    if (!gone) problems.push({ path: rel, reason: 'not a record baton syncs (left in the repository)' });
    return undefined;
  }
  if (!gone && !REGULAR.has(modeAfter ?? '')) {
    problems.push({ path: rel, reason: 'not a regular file in the repository (a link?) — not taken in' });
    refused.push(rel);
    return undefined;
  }
  return {
    rel,
    kind,
    before: NO_BLOB.test(before ?? '') || !REGULAR.has(modeBefore ?? '') ? '' : (before ?? ''),
    after: gone ? '' : (after ?? ''),
  };
}
