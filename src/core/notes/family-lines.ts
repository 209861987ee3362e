// A family of the relation timeline (lineage.ts) as a person reads it: one summary (how many notes, the newest,
// what is in progress or failed, who worked on it), and its notes as lines like a pull request's timeline. A chain of
// continuations is one flat run, oldest first; a note continued a second time starts a branch and a sub-agent's result
// hangs under the note that delegated it, each indented one step more than the line it leaves. However long or deep a
// lineage, a line is never further in than its branchings.
import type { TimelineNode } from './lineage.js';
import type { NoteRecord } from './note.js';

/** What a family row says about the whole family, from {@link summarizeFamily}. */
export interface FamilySummary {
  /** Every note in the family (not only the notes right under its first). */
  notes: number;
  /** The newest note's createdAt. */
  latest: string;
  /** The newest note of the family (absent only for a family with no note, which lineage.ts never makes). */
  newest?: NoteRecord;
  /** Notes whose session is still live. */
  inProgress: number;
  /** Notes with status `error`. */
  errors: number;
  /** The agents and harnesses that wrote its notes, most notes first. */
  agents: string[];
  harnesses: string[];
}

/** One line of an opened family, from {@link familyLines}. */
export interface FamilyLine {
  node: TimelineNode & { note: NoteRecord };
  /** 0: the family's main run; each branch or sub-agent result one more than the line it leaves. */
  depth: number;
  /** A continuation that is not the one the run follows: the start of a branch. */
  branch: boolean;
}

/** Summarises a family (iteratively: a lineage thousands of notes deep is fine). */
export function summarizeFamily(root: TimelineNode): FamilySummary {
  let notes = 0;
  let inProgress = 0;
  let errors = 0;
  let newest: NoteRecord | undefined;
  const agents = new Map<string, number>();
  const harnesses = new Map<string, number>();
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const child of node.children) stack.push(child);
    const note = node.note;
    if (!note) continue;
    notes++;
    if (node.inProgress) inProgress++;
    if (note.status === 'error') errors++;
    if (
      !newest ||
      note.createdAt > newest.createdAt ||
      (note.createdAt === newest.createdAt && note.id > newest.id)
    )
      newest = note;
    agents.set(note.agent, (agents.get(note.agent) ?? 0) + 1);
    harnesses.set(note.harness, (harnesses.get(note.harness) ?? 0) + 1);
  }
  return {
    notes,
    latest: newest?.createdAt ?? root.latest,
    newest,
    inProgress,
    errors,
    agents: byCount(agents),
    harnesses: byCount(harnesses),
  };
}

/**
 * The lines of a family, top to bottom. The run goes from the family's first note through the continuation whose
 * line has the newest activity; after each note come (indented) its other continuations — branches, each a run of
 * its own — and the sub-agent results it delegated, oldest first. An external parent is no line: the notes that
 * continue it start runs of their own.
 */
export function familyLines(root: TimelineNode): FamilyLine[] {
  const lines: FamilyLine[] = [];
  type Step = { node: TimelineNode; depth: number; branch: boolean };
  const stack: Step[] = [];
  const starts = root.note ? [root] : [...root.children].sort(byCreated);
  for (let i = starts.length - 1; i >= 0; i--) stack.push({ node: starts[i]!, depth: 0, branch: false });
  while (stack.length > 0) {
    const { node, depth, branch } = stack.pop()!;
    if (!node.note) continue;
    lines.push({ node: node as FamilyLine['node'], depth, branch });
    let next: TimelineNode | undefined;
    for (const child of node.children) {
      if (child.kind !== 'main') continue;
      if (!next || child.latest > next.latest || (child.latest === next.latest && byCreated(child, next) < 0))
        next = child;
    }
    const aside = node.children.filter((child) => child !== next).sort(byCreated);
    // Popped in order: first the asides (oldest first, one step in), then the run goes on.
    if (next) stack.push({ node: next, depth, branch: false });
    for (let i = aside.length - 1; i >= 0; i--) {
      const child = aside[i]!;
      stack.push({ node: child, depth: depth + 1, branch: child.kind === 'main' });
    }
  }
  return lines;
}

function byCreated(a: TimelineNode, b: TimelineNode): number {
  const at = a.note?.createdAt ?? a.latest;
  const bt = b.note?.createdAt ?? b.latest;
  if (at !== bt) return at < bt ? -1 : 1;
  const ai = a.note?.id ?? a.external ?? '';
  const bi = b.note?.id ?? b.external ?? '';
  return ai < bi ? -1 : ai > bi ? 1 : 0;
}

function byCount(counts: Map<string, number>): string[] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([name]) => name);
}
