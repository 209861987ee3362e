// After a compaction the index is due again: harnesses that start the session anew (Claude Code's and Codex's
// SessionStart with source `compact`) get it there; the others (Gemini CLI, opencode, pi) at the next prompt. The
// pre-compact hook leaves a marker (`state/index-due/<session>`); whichever comes first injects the index and
// takes the marker away. Derived state: a lost marker only means the index waits for the next session start.
import { join } from 'node:path';
import { entryKind, removeFile, touchFile } from '../core/store/safe-fs.js';

function markerPath(boardRoot: string, session: string): string {
  return join(boardRoot, 'state', 'index-due', session);
}

export function markIndexDue(boardRoot: string, session: string): void {
  touchFile(boardRoot, markerPath(boardRoot, session));
}

/** Whether the index is due for `session` (one stat: the hooks' quiet check asks it too). */
export function indexDue(boardRoot: string, session: string): boolean {
  return entryKind(markerPath(boardRoot, session)) === 'file';
}

export function clearIndexDue(boardRoot: string, session: string): void {
  removeFile(boardRoot, markerPath(boardRoot, session));
}
