// Shared by the transcript tests: the fixture transcripts, a project with a board, and a draft read back.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Board, ensureBoard, openBoard } from '../../../src/core/board/open-board.js';
import { parseSections, type SectionKey } from '../../../src/core/notes/sections.js';
import { draftHandoff } from '../../../src/core/transcripts/draft.js';
import { testdir } from '../../helpers/testdir.js';

/** The real transcripts in test/fixtures/transcripts (see SOURCES.md there). */
export const FIXTURES = resolve(import.meta.dirname, '../../fixtures/transcripts');

export const fixture = (harness: 'claude' | 'codex', name: string) => join(FIXTURES, harness, name);

/** A git checkout `proj` with a board beside it (made, so a failed draft can be checked to write nothing). */
export function project(env: Record<string, string> = {}): { dir: string; root: string; board: Board } {
  const dir = testdir();
  const root = join(dir, 'proj');
  mkdirSync(join(root, '.git'), { recursive: true });
  writeFileSync(join(root, '.git', 'HEAD'), '0123456789abcdef0123456789abcdef01234567\n');
  const board = openBoard({ board: join(dir, 'board'), cwd: root, env, home: join(dir, 'home') });
  ensureBoard(board);
  return { dir, root, board };
}

/** Drafts from `transcript` and returns the result with the note's six sections as stored. */
export async function draft(board: Board, transcript: string) {
  const result = await draftHandoff(board, { transcript });
  const parsed = parseSections(result.note.body);
  if (!parsed.ok) throw new Error(`stored draft is not a handoff: ${parsed.problems.join('; ')}`);
  const sections = Object.fromEntries(
    Object.entries(parsed.sections).map(([key, section]) => [key, section.text]),
  ) as Record<SectionKey, string>;
  return { ...result, sections };
}

/** Writes `lines` (objects or raw strings) as a JSONL file in `dir`. */
export function jsonl(dir: string, name: string, lines: (object | string)[], end = '\n'): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + end,
  );
  return path;
}
