// `gc`: removes what interrupted or finished work leaves behind — never a record, never through a symlink.
import { lstatSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { messagePath } from '../messages/message.js';
import { markerAgeMs, queuedIds, spoolDir } from '../messages/spool.js';
import { findExpiredPendings } from '../pending/pending.js';
import { TEMP_SUFFIX } from '../store/atomic-write.js';
import { nameProblem } from '../store/names.js';
import { entryKind, listNames, walkTree } from '../store/safe-fs.js';
import { type Board, boardPath } from './open-board.js';

export interface GcOptions {
  /** Report what would go, remove nothing. */
  dryRun?: boolean;
}

export interface GcReport {
  removed: { path: string; reason: string }[];
  dryRun: boolean;
}

// Younger than this, a temp file or queue marker may belong to a write still in progress.
const IN_PROGRESS_MS = 60_000;
// Younger than this, a lock may be held by a slow writer even if its owner file is unreadable.
const LOCK_STALE_MS = 30_000;

/** Removes leftover temp files, queue markers whose send was killed, expired pending writes, abandoned locks. */
export function collectGarbage(board: Board, options: GcOptions = {}): GcReport {
  const found: GcReport['removed'] = [];
  const now = Date.now();
  if (!board.exists) return { removed: found, dryRun: options.dryRun === true };
  walkTree(board.root, (path, name, kind) => {
    if (kind === 'symlink') return true;
    const age = now - lstatSync(path).mtimeMs;
    if (name.endsWith(TEMP_SUFFIX) && age > IN_PROGRESS_MS) {
      found.push({ path, reason: 'temp file left by an interrupted write' });
      return true;
    }
    if (kind === 'dir' && name.endsWith('.lock') && lockAbandoned(path, age)) {
      found.push({ path, reason: 'lock left by a writer that is gone' });
      return true;
    }
    return false;
  });
  for (const agent of listNames(boardPath(board, 'state', 'delivery'))) {
    if (nameProblem('agent', agent)) continue;
    for (const id of queuedIds(board, agent)) {
      const orphan = entryKind(messagePath(board, agent, id)) === 'missing';
      if (orphan && markerAgeMs(board, agent, id, now) > IN_PROGRESS_MS) {
        found.push({
          path: join(spoolDir(board, agent, 'new'), id),
          reason: 'queued id whose send was killed',
        });
      }
    }
  }
  for (const path of findExpiredPendings(board)) found.push({ path, reason: 'expired pending write' });
  if (!options.dryRun) for (const item of found) rmSync(item.path, { recursive: true, force: true });
  return { removed: found, dryRun: options.dryRun === true };
}

function lockAbandoned(lockDir: string, age: number): boolean {
  if (age > LOCK_STALE_MS) return true;
  try {
    process.kill(Number(readFileSync(join(lockDir, 'owner'), 'utf8')), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
