// Where a note comes from, the same for handoffs and results: the session record it is written for (when there is
// one), the folder that session worked in, its project (key and root), its agent and harness, the git revision of
// its checkout, and the files it names, made relative to that project.
import { isAbsolute, relative, resolve } from 'node:path';
import { readGitInfo } from '../board/git.js';
import type { Board } from '../board/open-board.js';
import { BatonError } from '../errors.js';
import { projectKeyOf, projectRootOf } from '../sessions/project.js';
import type { SessionRecord } from '../sessions/session.js';
import { validateName } from '../store/names.js';
import { validateStoredName } from '../store/records.js';
import { NOTE_LIMITS, projectKeyProblem } from './note.js';

export interface NoteOrigin {
  projectKey: string;
  /** The files given, relative to the project root (see normalizeFiles). */
  files: string[];
  agent: string;
  harness: string;
  /** Short commit id of the session folder's checkout, when it has one. */
  rev?: string;
}

/**
 * The origin of a note written for `record` (undefined: the command's own folder and no session): the record's
 * project, else the board's cwd's; agent and harness as given, else the record's, else `you` and `cli`.
 */
export function noteOrigin(
  board: Board,
  record: SessionRecord | undefined,
  given: { agent?: string; harness?: string; files?: string[] },
): NoteOrigin {
  const cwd = sessionFolder(board, record);
  const projectKey =
    record?.projectKey && !projectKeyProblem(record.projectKey)
      ? record.projectKey
      : projectKeyOf(board.cwd, board);
  return {
    projectKey,
    files: normalizeFiles(given.files ?? [], projectRootOf(cwd), board.cwd),
    agent: validateStoredName(board, 'agent', given.agent ?? record?.agent ?? 'you'),
    harness: validateName('slug', (given.harness ?? record?.harness ?? 'cli').toLowerCase()),
    rev: readGitInfo(cwd)?.rev,
  };
}

/** The folder a note's session worked in: its record's cwd, else the board's (where the command runs). */
export function sessionFolder(board: Board, record: SessionRecord | undefined): string {
  return record?.cwd && isAbsolute(record.cwd) ? record.cwd : board.cwd;
}

/**
 * Files relative to the project root (with `/`), deduplicated; an absolute path inside the project becomes relative,
 * a path outside it (absolute, or climbing out with `..`) is refused.
 */
export function normalizeFiles(files: string[], projectRoot: string, cwd: string): string[] {
  if (files.length > NOTE_LIMITS.files) {
    throw new BatonError('too_large', `too many files: ${files.length} (at most ${NOTE_LIMITS.files})`);
  }
  const out: string[] = [];
  for (const file of files) {
    const trimmed = file.trim();
    if (trimmed === '') continue;
    if (/[\u0000-\u001f\u007f]/.test(trimmed)) {
      throw new BatonError('invalid_input', `file path ${JSON.stringify(trimmed)} has control characters`);
    }
    const absolute = isAbsolute(trimmed) ? resolve(trimmed) : resolve(cwd, trimmed);
    const rel = relative(projectRoot, absolute);
    if (rel === '' || rel === '..' || rel.startsWith('../') || isAbsolute(rel)) {
      throw new BatonError(
        'invalid_input',
        `file ${JSON.stringify(trimmed)} is outside the project ${projectRoot} — list files of this project only; nothing was written`,
      );
    }
    if (!out.includes(rel)) out.push(rel);
  }
  return out;
}
