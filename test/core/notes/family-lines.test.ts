// A family as the timeline shows it (core/notes/family-lines.ts): the summary of a family row, and its lines — a
// chain of continuations one flat run, a branch or a sub-agent result one step in — on boards written through the
// library, hostile ones included (a loop of continuations, a parent that is not on the board, a 72-note chain).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { familyLines, summarizeFamily } from '../../../src/core/notes/family-lines.js';
import { buildTimeline } from '../../../src/core/notes/lineage.js';
import { type Board, listNotes, openBoard, writeHandoff, writeResult } from '../../../src/index.js';
import { testdir } from '../../helpers/testdir.js';

const SECTIONS = {
  goal: 'Make the login test stable.',
  done: 'Froze time.',
  state: 'Green.',
  decisions: 'Per test.',
  pitfalls: 'Timers leak.',
  next: 'Read the spec.',
};

/** A board whose clock moves a minute per write. */
function board(): Board {
  const dir = testdir();
  let now = Date.parse('2026-11-01T09:00:00.000Z');
  return openBoard({
    board: join(dir, '.baton'),
    cwd: dir,
    env: {},
    home: join(dir, 'home'),
    clock: () => (now += 60_000),
  });
}

function handoff(
  b: Board,
  session: string,
  parentSession: string,
  extra: { status?: string; as?: string } = {},
) {
  return writeHandoff(b, {
    sections: SECTIONS,
    title: `${session} handoff`,
    session,
    parentSession,
    as: extra.as ?? 'alice',
    harness: 'claude',
    status: extra.status,
    currentSession: false,
  }).note;
}

function result(b: Board, parentSession: string, title: string, status?: string) {
  return writeResult(b, {
    body: `## Findings\n\n${title}\n`,
    title,
    parentSession,
    as: 'bob',
    harness: 'codex',
    status,
    currentSession: false,
  }).note;
}

function timeline(b: Board, live: string[] = []) {
  const { notes } = listNotes(b, { frontMatterOnly: true });
  return buildTimeline(notes, (session) => live.includes(session));
}

/** Each line as `<two spaces per depth><title>[ (branch)]`. */
function drawn(lines: ReturnType<typeof familyLines>): string[] {
  return lines.map(
    (line) => `${'  '.repeat(line.depth)}${line.node.note.title}${line.branch ? ' (branch)' : ''}`,
  );
}

describe('familyLines', () => {
  it('a 72-note chain is one flat run, oldest first, however deep', () => {
    const b = board();
    let parent = '';
    for (let i = 0; i < 72; i++) {
      handoff(b, `chain-${String(i).padStart(2, '0')}`, parent);
      parent = `chain-${String(i).padStart(2, '0')}`;
    }
    const { families } = timeline(b);
    expect(families).toHaveLength(1);
    const lines = familyLines(families[0]!);
    expect(lines).toHaveLength(72);
    expect(lines.every((line) => line.depth === 0 && !line.branch)).toBe(true);
    expect(lines[0]!.node.note.title).toBe('chain-00 handoff');
    expect(lines[71]!.node.note.title).toBe('chain-71 handoff');
    const summary = summarizeFamily(families[0]!);
    expect([summary.notes, summary.newest!.title, summary.errors, summary.inProgress]).toEqual([
      72,
      'chain-71 handoff',
      0,
      0,
    ]);
  });

  it('a note continued twice starts a branch one step in; sub-agent results hang one step in under their note', () => {
    const b = board();
    handoff(b, 'a', '');
    handoff(b, 'b', 'a');
    result(b, 'b', 'lookup for b');
    handoff(b, 'side1', 'a'); // a second continuation of a: a branch
    handoff(b, 'c', 'b');
    handoff(b, 'side2', 'side1'); // the branch goes on: flat, at its own depth
    handoff(b, 'sideside', 'side1'); // a branch of the branch: one more step
    result(b, 'side2', 'lookup for side2'); // the newest work of the branch is on side2's line
    handoff(b, 'd', 'c');
    const { families } = timeline(b);
    expect(families).toHaveLength(1);
    expect(drawn(familyLines(families[0]!))).toEqual([
      'a handoff',
      '  side1 handoff (branch)',
      '    sideside handoff (branch)',
      '  side2 handoff',
      '    lookup for side2',
      'b handoff',
      '  lookup for b',
      'c handoff',
      'd handoff',
    ]);
  });

  it('the run follows the continuation with the newest activity; the other is the branch', () => {
    const b = board();
    handoff(b, 'a', '');
    handoff(b, 'first', 'a');
    handoff(b, 'second', 'a');
    handoff(b, 'first-2', 'first'); // the newest work is on the first continuation's line
    const { families } = timeline(b);
    expect(drawn(familyLines(families[0]!))).toEqual([
      'a handoff',
      '  second handoff (branch)',
      'first handoff',
      'first-2 handoff',
    ]);
  });

  it('a parent not on the board: its notes start runs of their own, and the family is still summarised', () => {
    const b = board();
    handoff(b, 'x1', 'gone-session');
    handoff(b, 'x2', 'gone-session');
    handoff(b, 'x1-next', 'x1');
    const { families } = timeline(b);
    expect(families).toHaveLength(1);
    expect(families[0]!.external).toBe('gone-session');
    expect(drawn(familyLines(families[0]!))).toEqual(['x1 handoff', 'x1-next handoff', 'x2 handoff']);
    const summary = summarizeFamily(families[0]!);
    expect([summary.notes, summary.newest!.title]).toEqual([3, 'x1-next handoff']);
  });

  it('a loop of continuations is drawn once, from its oldest note, and reported', () => {
    const b = board();
    handoff(b, 'loop-a', 'loop-c');
    handoff(b, 'loop-b', 'loop-a');
    handoff(b, 'loop-c', 'loop-b');
    const built = timeline(b);
    expect(built.families).toHaveLength(1);
    expect(built.problems).toEqual([expect.stringContaining('lineage loop')]);
    expect(drawn(familyLines(built.families[0]!))).toEqual([
      'loop-a handoff',
      'loop-b handoff',
      'loop-c handoff',
    ]);
  });
});

describe('summarizeFamily', () => {
  it('counts every note (not only the first one’s children), errors, live sessions, who and with what, most first', () => {
    const b = board();
    handoff(b, 'r', '');
    handoff(b, 'r2', 'r', { as: 'carol' });
    result(b, 'r2', 'failed lookup', 'error');
    result(b, 'r2', 'good lookup');
    handoff(b, 'r3', 'r2', { status: 'error' });
    const { families } = timeline(b, ['r3', 'r2']);
    const summary = summarizeFamily(families[0]!);
    expect(summary).toMatchObject({
      notes: 5,
      inProgress: 2,
      errors: 2,
      agents: ['alice', 'bob', 'carol'],
      harnesses: ['claude', 'codex'],
    });
    expect(summary.newest!.title).toBe('r3 handoff');
    expect(summary.latest).toBe(summary.newest!.createdAt);
  });

  it('families come newest activity first: an old family with a new note goes to the top', () => {
    const b = board();
    handoff(b, 'old', '');
    handoff(b, 'young', '');
    handoff(b, 'old-2', 'old');
    const { families } = timeline(b);
    expect(families.map((family) => summarizeFamily(family).newest!.title)).toEqual([
      'old-2 handoff',
      'young handoff',
    ]);
  });
});
