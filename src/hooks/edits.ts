// Files a tool call writes: found in its input (every harness names the path its own way; Codex's apply_patch
// carries them in the patch text), recorded on the session after the call, and checked before it against the other
// live sessions that touched them recently.

import { configFlag } from '../core/board/config.js';
import type { Board } from '../core/board/open-board.js';
import { visibleText } from '../core/display/visible-text.js';
import { short } from '../core/notes/lineage.js';
import { MAX_PATH_CHARS } from '../core/sessions/touched.js';
import { whoElse } from '../core/sessions/who-else.js';

/** Tools that write files, by name, in every harness baton wires (Claude, Codex, Gemini CLI, opencode, pi). */
const WRITING_TOOL =
  /^(write|edit|multiedit|notebookedit|apply_?patch|patch|replace|write_file|str_replace\w*|create_file)$/i;
const PATH_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'absolute_path'];
const PATCH_FILE = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/gm;
const MAX_PATHS = 50;

/** How recent another session's touch must be to warn about it. */
export const CONFLICT_WINDOW_MS = 15 * 60 * 1000;

/** The paths a tool call writes (as given, relative or absolute), or none for a tool that does not write files. */
export function writtenPaths(
  toolName: string | undefined,
  input: Record<string, unknown> | undefined,
): string[] {
  if (!toolName || !input || !WRITING_TOOL.test(toolName)) return [];
  const paths = new Set<string>();
  for (const key of PATH_KEYS) {
    const value = input[key];
    if (typeof value === 'string') paths.add(value);
  }
  for (const value of Object.values(input)) {
    if (typeof value !== 'string' || !value.includes('*** Begin Patch')) continue;
    for (const match of value.matchAll(PATCH_FILE)) paths.add((match[1] ?? match[2] ?? '').trim());
  }
  return [...paths]
    .filter((path) => path !== '' && !path.includes('\0') && path.length <= MAX_PATH_CHARS)
    .slice(0, MAX_PATHS);
}

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
  return { warning: lines.join('\n'), block: configFlag(board, 'hooks', 'blockOnConflict', false) };
}
