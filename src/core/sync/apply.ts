// Worktree history → board: what changed between the commit the board last took in and a newer one is written to
// the board, record by record, checked like any input from elsewhere. A record the board changed meanwhile is merged
// (cards, agents, sessions) or kept (a record written once); a message new to this board is queued for its
// recipient before its file appears, as `send` does, so hooks push it and a repeated apply never queues it twice.
import { isUtf8 } from 'node:buffer';
import { lstatSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { enqueue } from '../messages/spool.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { withLock } from '../store/lock.js';
import { readTextFile } from '../store/read-file.js';
import { type Problem, removeFile } from '../store/safe-fs.js';
import { gitOk } from './git.js';
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

const NO_BLOB = /^0+$/;
const REGULAR = new Set(['100644', '100755']);
const MUTABLE = new Set<RecordKind>(['card', 'agent', 'session']);

/** Applies the record changes between commits `from` and `to` of `worktree` to the board. */
export function applyChanges(
  board: Board,
  worktree: string,
  from: string,
  to: string,
  problems: Problem[],
): ApplyOutcome {
  const counts: ApplyOutcome = { added: 0, changed: 0, removed: 0, queued: 0, refused: [], accepted: [] };
  if (from === to) return counts;
  const changes = diff(worktree, from, to, problems, counts.refused);
  const blobs = readBlobs(
    worktree,
    changes.flatMap((c) =>
      [c.before, c.after].filter(Boolean).map((id) => ({ id, cap: RECORD_BYTES[c.kind] })),
    ),
  );
  for (const change of changes) {
    const path = join(board.root, change.rel);
    const before = change.before ? blobs.get(change.before) : undefined;
    const after = change.after ? blobs.get(change.after) : undefined;
    if (change.after && after === undefined) {
      problems.push({ path, reason: 'not taken in: larger than a record may be, or not UTF-8 text' });
      counts.refused.push(change.rel);
      continue;
    }
    const problem = after === undefined ? undefined : recordProblem(change.kind, change.rel, after);
    if (problem) {
      problems.push({ path, reason: `not taken in from another machine: ${problem}` });
      counts.refused.push(change.rel);
      continue;
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
  return counts;
}

function applyOne(
  board: Board,
  worktree: string,
  change: Change,
  path: string,
  before: string | undefined,
  after: string | undefined,
  counts: ApplyCounts,
  problems: Problem[],
): boolean {
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
  writeFileAtomic(board.root, path, text);
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

function diff(worktree: string, from: string, to: string, problems: Problem[], refused: string[]): Change[] {
  const out = gitOk(worktree, [
    'diff',
    '--raw',
    '-z',
    '--no-renames',
    '--no-abbrev',
    '--no-ext-diff',
    '--no-textconv',
    from,
    to,
  ]);
  const fields = out.split('\0');
  const changes: Change[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [modeBefore, modeAfter, before, after] = (fields[i] ?? '').replace(/^:/, '').split(' ');
    const rel = fields[i + 1] ?? '';
    const kind = recordKind(rel);
    const gone = NO_BLOB.test(after ?? '');
    if (rel === '.gitattributes') continue; // the merge rules every sync writes
    if (!kind) {
      if (!gone) problems.push({ path: rel, reason: 'not a record baton syncs (left in the repository)' });
      continue;
    }
    if (!gone && !REGULAR.has(modeAfter ?? '')) {
      problems.push({ path: rel, reason: 'not a regular file in the repository (a link?) — not taken in' });
      refused.push(rel);
      continue;
    }
    changes.push({
      rel,
      kind,
      before: NO_BLOB.test(before ?? '') || !REGULAR.has(modeBefore ?? '') ? '' : (before ?? ''),
      after: gone ? '' : (after ?? ''),
    });
  }
  return changes;
}

/** Reads blobs by id, each only when it is at most its cap and strict UTF-8; the others are left out. */
function readBlobs(worktree: string, wanted: { id: string; cap: number }[]): Map<string, string> {
  const caps = new Map<string, number>();
  for (const { id, cap } of wanted) caps.set(id, Math.max(caps.get(id) ?? 0, cap));
  const texts = new Map<string, string>();
  if (caps.size === 0) return texts;
  const sizes = gitOk(worktree, ['cat-file', '--batch-check'], { input: `${[...caps.keys()].join('\n')}\n` });
  const small: string[] = [];
  for (const line of sizes.split('\n')) {
    const [id, type, size] = line.split(' ');
    if (id && type === 'blob' && Number(size) <= (caps.get(id) ?? 0)) small.push(id);
  }
  if (small.length === 0) return texts;
  let bytes: Buffer = Buffer.alloc(0);
  gitOk(worktree, ['cat-file', '--batch'], {
    input: `${small.join('\n')}\n`,
    raw: (out) => {
      bytes = out;
    },
  });
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(10, at);
    if (end === -1) break;
    const [id, , size] = bytes.subarray(at, end).toString('utf8').split(' ');
    const length = Number(size);
    const body = bytes.subarray(end + 1, end + 1 + length);
    at = end + 1 + length + 1;
    if (id && isUtf8(body)) texts.set(id, body.toString('utf8'));
  }
  return texts;
}
