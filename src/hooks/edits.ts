// Before a tool writes a file: the other live sessions that touched it recently, as one warning (or a refusal,
// when the board's config asks).

import { loadSettings } from '../core/board/config.js';
import type { Board } from '../core/board/open-board.js';
import { visibleText } from '../core/display/visible-text.js';
import { short } from '../core/notes/lineage.js';
import { whoElse } from '../core/sessions/who-else.js';

/** How recent another session's touch must be to warn about it. */
export const CONFLICT_WINDOW_MS = 15 * 60 * 1000;

export interface ConflictCheck {
  /** One line per path another live session touched within the window; empty when none. */
  warning?: string;
  /** The board's config asks to refuse such edits (`hooks.blockOnConflict`). */
  block: boolean;
}

/** Other live sessions that touched `paths` in the last 15 minutes, as one warning naming them. */
export function conflictWarning(board: Board, session: string, cwd: string, paths: string[]): ConflictCheck {
  const now = board.clock();
  const lines: string[] = [];
  const one = (text: string) => visibleText(text, { singleLine: true });
  for (const path of paths) {
    for (const other of whoElse(board, path, { self: session, cwd }).others) {
      const at = Date.parse(other.paths[0]?.at ?? '');
      if (Number.isNaN(at) || now - at > CONFLICT_WINDOW_MS) continue;
      const minutes = Math.max(0, Math.round((now - at) / 60_000));
      lines.push(
        `baton: ${one(other.paths[0]!.path)} was edited ${minutes} min ago by ${one(other.agent)} (${one(other.harness)} session ${short(other.session)}, still running) — coordinate first: \`baton send --to ${one(other.agent)} --body "…"\`.`,
      );
    }
  }
  if (lines.length === 0) return { block: false };
  return { warning: lines.join('\n'), block: blocksOnConflict(board) };
}

// A config.json that cannot be read never silences the warning: it is only not a refusal (doctor reports the file).
function blocksOnConflict(board: Board): boolean {
  return loadSettings(board).settings.hooks.blockOnConflict;
}
