// A hook never shows its failures to the harness: it writes one line each to `state/hooks.log` on the board
// (bounded: past 1 MB the log moves to hooks.log.1), and logging itself can never fail the hook.

import { type Board, boardPath } from '../core/board/open-board.js';
import { visibleText } from '../core/display/visible-text.js';
import { appendToFile } from '../core/store/safe-fs.js';

export const HOOK_LOG = ['state', 'hooks.log'] as const;
const ROTATE_AT = 1024 * 1024;
const LINE_CHARS = 600;

export function logHookLine(board: Board | undefined, fields: string[], message: string): void {
  if (!board?.exists) return;
  try {
    const text = visibleText([new Date().toISOString(), ...fields, message].join(' '), { singleLine: true });
    const line = text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS - 1)}…` : text;
    appendToFile(board.root, boardPath(board, ...HOOK_LOG), `${line}\n`, ROTATE_AT);
  } catch {
    // Nowhere left to report to: the hook still exits 0, silently.
  }
}
