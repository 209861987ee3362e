// Boards for the browser tests, written with the core library (in-process: fast, and every record is a real one).
// Times are relative to now (a few hours back), so no clock ever passes them and newer writes sort after them.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { projectKeyOf } from '../../../src/core/sessions/project.js';
import { type SessionRecord, writeSession } from '../../../src/core/sessions/session.js';
import {
  appendEntry,
  type Board,
  createCard,
  openBoard,
  registerAgent,
  sendMessage,
  writeHandoff,
  writeResult,
} from '../../../src/index.js';

const MINUTE = 60_000;

/** A board at `<dir>/.baton` whose clock is set per write: `at(minutes)` is that many minutes after the start. */
export function seedBoard(dir: string): { board: Board; root: string; at(minutes: number): Board } {
  const start = Date.now() - 10 * 60 * MINUTE;
  let now = start;
  const root = join(dir, '.baton');
  const board = openBoard({ board: root, cwd: dir, env: {}, home: dir, clock: () => now });
  return {
    board,
    root,
    at(minutes: number) {
      now = start + minutes * MINUTE;
      return board;
    },
  };
}

/** Six sections, each naming `label` so a test can tell whose they are. Markdown inside, to be rendered. */
export function sections(
  label: string,
): Record<'goal' | 'done' | 'state' | 'decisions' | 'pitfalls' | 'next', string> {
  return {
    goal: `Goal of ${label}: make the **login test** stable.`,
    done: `Done in ${label}:\n\n- froze time per test\n- removed the retry`,
    state: `State of ${label}: suite green 20/20 runs.`,
    decisions: `Decisions of ${label}: per test, not global.`,
    pitfalls: `Pitfalls of ${label}: \`vi.useFakeTimers\` leaks between files.`,
    next: `Next for ${label}: read test/login.spec.ts first.`,
  };
}

/** A session id shaped like a harness's own (a UUID), with a readable prefix. */
export function sessionId(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

export function writeSessionRecord(
  board: Board,
  id: string,
  options: { agent: string; live: boolean; parentSession?: string; cwd?: string; touched?: string[] },
): SessionRecord {
  const now = new Date(board.clock()).toISOString();
  const record: SessionRecord = {
    id,
    harness: 'claude',
    agent: options.agent,
    cwd: options.cwd ?? board.cwd,
    projectKey: projectKeyOf(board.cwd),
    parentSession: options.parentSession ?? '',
    startedAt: now,
    lastSeen: now,
    ...(options.live ? {} : { endedAt: now }),
    ...(options.touched ? { touched: options.touched, touchedAt: options.touched.map(() => now) } : {}),
  };
  registerAgent(board, options.agent);
  writeSession(board, record);
  return record;
}

export interface TimelineBoard {
  root: string;
  /** Note ids by label. */
  notes: Record<'l1' | 'l2' | 'l3' | 'sub' | 'lone' | 'ext' | 'o1' | 'o2', string>;
  sessions: Record<'l1' | 'l2' | 'l3' | 'lone' | 'ext' | 'o1' | 'o2', string>;
  /** The session the external family's note continues (no note on this board). */
  external: string;
  /** Top-level rows, newest activity first: note ids, or `external:<session>`. */
  familyOrder: string[];
}

/**
 * Four families: a three-generation lineage with a sub-agent's result note under generation 2 (newest activity, its
 * root the second-oldest note), a lone note, a note whose parent session is not on this board (an external parent),
 * and an old two-note family.
 */
export function seedTimeline(dir: string): TimelineBoard {
  const { root, at } = seedBoard(dir);
  const s = {
    o1: sessionId('old'),
    o2: sessionId('old2'),
    l1: sessionId('gen1'),
    l2: sessionId('gen2'),
    l3: sessionId('gen3'),
    ext: sessionId('child'),
    lone: sessionId('lone'),
  };
  const external = sessionId('outside');
  const handoff = (minutes: number, session: string, parentSession: string, label: string, agent: string) =>
    writeHandoff(at(minutes), {
      sections: sections(label),
      title: `${label} handoff`,
      session,
      parentSession,
      agent,
      harness: 'claude',
      currentSession: false,
      conclusion: `Conclusion of ${label}.`,
    }).note.id;
  const notes = {
    o1: handoff(0, s.o1, '', 'Old root', 'carol'),
    o2: handoff(5, s.o2, s.o1, 'Old child', 'carol'),
    l1: handoff(10, s.l1, '', 'Lineage gen1', 'alice'),
    l2: handoff(20, s.l2, s.l1, 'Lineage gen2', 'alice'),
    sub: writeResult(at(25), {
      body: '## Findings\n\nThe flake comes from **wall-clock** time in `login.spec.ts`.\n',
      task: 'Find where the login test reads the clock',
      title: 'Sub-agent result: clock reads',
      parentSession: s.l2,
      agent: 'alice',
      harness: 'claude',
      currentSession: false,
    }).note.id,
    ext: handoff(30, s.ext, external, 'External child', 'bob'),
    lone: handoff(40, s.lone, '', 'Lone note', 'bob'),
    l3: handoff(50, s.l3, s.l2, 'Lineage gen3', 'alice'),
  };
  const board = at(55);
  writeSessionRecord(board, s.l3, { agent: 'alice', live: true, parentSession: s.l2 });
  writeSessionRecord(board, s.l2, { agent: 'alice', live: false, parentSession: s.l1 });
  return {
    root,
    notes,
    sessions: s,
    external,
    familyOrder: [notes.l1, notes.lone, `external:${external}`, notes.o1],
  };
}

export interface MailBoard {
  root: string;
  /** The first message of the seeded thread. */
  thread: string;
}

/** A thread between alice and bob (with a reply), and a message to the person. */
export function seedMail(dir: string): MailBoard {
  const { root, at } = seedBoard(dir);
  const first = sendMessage(at(0), {
    from: 'alice',
    to: 'bob',
    subject: 'brief: borderless cards',
    body: 'Can you take the **card border** change?',
  });
  const firstId = first.sent[0]!.id;
  sendMessage(at(5), { from: 'bob', to: 'alice', body: 'Yes, on it.', replyTo: firstId });
  sendMessage(at(10), { from: 'carol', to: 'you', subject: 'for the person', body: 'Please review PR 12.' });
  return { root, thread: firstId };
}

export interface CardsBoard {
  root: string;
  card: string;
  other: string;
}

/** Two cards, one with a finding and a question. */
export function seedCards(dir: string): CardsBoard {
  const { root, at } = seedBoard(dir);
  const card = createCard(at(0), { title: 'Flaky login test', by: 'alice' }).card.id;
  appendEntry(at(5), card, {
    type: 'finding',
    author: 'alice',
    body: 'The test depends on wall-clock time; see `test/login.spec.ts:40`.',
  });
  appendEntry(at(10), card, { type: 'question', author: 'bob', body: 'Freeze time globally or per test?' });
  const other = createCard(at(15), { title: 'Borderless cards', by: 'bob' }).card.id;
  return { root, card, other };
}
