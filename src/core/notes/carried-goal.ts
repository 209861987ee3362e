// The goal a continued session carries on: its parent's, from the handoff note its lead-in names (else the newest
// note of the session it continues), so a draft of the continued session never takes baton's lead-in for its goal.
import type { Board } from '../board/open-board.js';
import type { LeadIn } from './lead-in.js';
import type { NoteRecord } from './note.js';
import { listNotes, readNote } from './read.js';
import { parseSections } from './sections.js';

export interface CarriedGoal extends LeadIn {
  /** The note found on the board (the named one, else the parent session's newest). */
  found?: { id: string; title: string; goal?: string };
}

/** What the board holds of the note a lead-in names. Never throws: a note that is not there is simply not found. */
export function carriedGoal(board: Board, leadIn: LeadIn): CarriedGoal {
  const note = board.exists ? (named(board, leadIn.note) ?? newestOf(board, leadIn.session)) : undefined;
  if (!note) return { ...leadIn };
  const parsed = parseSections(note.body);
  const goal = parsed.sections.goal?.text.trim();
  return { ...leadIn, found: { id: note.id, title: note.title, ...(goal ? { goal } : {}) } };
}

function named(board: Board, id: string | undefined): NoteRecord | undefined {
  if (id === undefined) return undefined;
  try {
    const note = readNote(board, id);
    return note.id === id ? note : undefined;
  } catch {
    return undefined;
  }
}

function newestOf(board: Board, session: string): NoteRecord | undefined {
  try {
    const own = listNotes(board, { frontMatterOnly: true }).notes.filter(
      (note) => note.session === session && note.kind !== 'result',
    );
    const newest = own.at(-1);
    return newest ? readNote(board, newest.id) : undefined;
  } catch {
    return undefined;
  }
}
