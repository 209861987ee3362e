// Board → worktree: the records as they are on this machine, copied where they differ, so `git add` sees exactly
// what changed here since the last sync. A file is read only when its size or time differs from its copy's (the copy
// is given the board file's time), so a sync of an unchanged board costs a stat per record.
import { lstatSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { Board } from '../board/open-board.js';
import { isTempName, writeFileAtomic } from '../store/atomic-write.js';
import { LOCK_SUFFIX } from '../store/lock.js';
import { readTextFile } from '../store/read-file.js';
import {
  type EntryKind,
  entryKind,
  type Problem,
  removeFile,
  SYMLINK_REASON,
  walkTree,
} from '../store/safe-fs.js';
import { RECORD_BYTES, RECORD_DIRS, recordKind } from './records.js';

/**
 * Copies the board's records into `worktree`; returns how many paths changed there (written or removed). `refused`:
 * records this board would not take in from another machine — missing here, but not removed from the history.
 */
export function exportRecords(
  board: Board,
  worktree: string,
  problems: Problem[],
  refused: ReadonlySet<string> = new Set(),
): number {
  let changed = 0;
  const onBoard = new Set<string>();
  // Where the board could not be looked into (a link, a FIFO in place of a folder): nothing below was removed here,
  // so nothing below is removed from the history either.
  const unseen: string[] = [];
  for (const top of RECORD_DIRS) {
    const kind = entryKind(join(board.root, top));
    if (kind !== 'dir' && kind !== 'missing') {
      problems.push({
        path: join(board.root, top),
        reason: kind === 'symlink' ? SYMLINK_REASON : 'is not a folder',
      });
      unseen.push(`${top}/`);
      continue;
    }
    walkTree(board.root, join(board.root, top), (path, name, kind) => {
      if (skipped(name, kind)) return true;
      const rel = path
        .slice(board.root.length + 1)
        .split('\\')
        .join('/');
      if (kind === 'dir') return undefined;
      onBoard.add(rel);
      if (kind !== 'file') unseen.push(`${rel}/`);
      if (kind === 'symlink') problems.push({ path, reason: SYMLINK_REASON });
      if (kind !== 'file') return undefined;
      const recordType = recordKind(rel);
      if (!recordType) {
        problems.push({ path, reason: 'not a record baton syncs (left on this machine)' });
        return undefined;
      }
      const copy = join(worktree, rel);
      const mine = lstatSync(path);
      const theirs = statOf(copy);
      // The same to the millisecond: the copy is given the board file's time through a Date, which utimes turns
      // into float seconds — 55.951043 may come back as 55.950999, so truncated times would differ.
      if (theirs && theirs.size === mine.size && Math.abs(theirs.mtimeMs - mine.mtimeMs) < 1)
        return undefined;
      const read = readTextFile(board.root, path, RECORD_BYTES[recordType]);
      if (!read.ok) {
        if (!read.missing) problems.push({ path, reason: read.reason });
        return undefined;
      }
      // The copy is read only when it is as long as the record (so never more than a record's cap).
      if (!theirs || theirs.size !== mine.size || readFileSync(copy, 'utf8') !== read.text) {
        writeFileAtomic(worktree, copy, read.text, { fsync: false });
        changed++;
      }
      utimesSync(copy, mine.atime, mine.mtime);
      return undefined;
    });
  }
  // What the worktree holds and the board no longer does was removed here (a deleted card, expired notes).
  for (const top of RECORD_DIRS) {
    walkTree(worktree, join(worktree, top), (path, name, kind) => {
      if (kind !== 'file') return undefined;
      const rel = path
        .slice(worktree.length + 1)
        .split('\\')
        .join('/');
      if (onBoard.has(rel) || refused.has(rel) || !recordKind(rel) || isTempName(name)) return undefined;
      if (unseen.some((prefix) => rel.startsWith(prefix))) return undefined;
      removeFile(worktree, path);
      changed++;
      return undefined;
    });
  }
  return changed;
}

// Writers' temp files and lock folders are transient; a hidden name is never a record.
function skipped(name: string, kind: EntryKind): boolean {
  return isTempName(name) || (kind === 'dir' && name.endsWith(LOCK_SUFFIX));
}

function statOf(path: string): { size: number; mtimeMs: number } | undefined {
  try {
    const stat = lstatSync(path);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}
