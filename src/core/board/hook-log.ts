// The hooks' log (`state/hooks.log`): a hook never shows its failures to the harness, so it writes one line each
// here (bounded: past 1 MB the log moves to hooks.log.1), and `doctor` reports the latest errors. Logging itself
// can never fail a hook.
import { visibleText } from '../display/visible-text.js';
import { readTextFile } from '../store/read-file.js';
import { appendToFile } from '../store/safe-fs.js';
import { type Board, boardPath } from './open-board.js';

export const HOOK_LOG = ['state', 'hooks.log'] as const;
const ROTATE_AT = 1024 * 1024;
const LINE_CHARS = 600;

/** Appends `<time> <fields…> <message>` as one line (control characters shown as escapes). */
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

export interface HookErrors {
  /** Error lines in the current log. */
  count: number;
  /** The newest one, as written. */
  last?: string;
}

/** The errors hooks logged (lines with ` error: `); none when there is no log or it cannot be read. */
export function hookErrors(board: Board): HookErrors {
  const read = readTextFile(board.root, boardPath(board, ...HOOK_LOG), ROTATE_AT * 2);
  if (!read.ok) return { count: 0 };
  const errors = read.text.split('\n').filter((line) => line.includes(' error: '));
  return { count: errors.length, last: errors.at(-1) };
}
