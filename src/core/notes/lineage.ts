// The relation timeline (SPEC §6), a pure function of the notes: families linked by `parentSession`, newest subtree
// activity first, continuations and sub-agents under their parent, a parent session with no note on this board as
// an external node. A lineage that points at itself or loops is shown once and reported, never followed around.
import type { NoteRecord } from './note.js';

/** A note (or an external parent session) in a {@link Timeline}, with the notes that continue it. */
export interface TimelineNode {
  /** The note; absent for an external parent. */
  note?: NoteRecord;
  /** An external parent: a session with no note on this board (shown dashed). */
  external?: string;
  /**
   * `sub-agent` for a result note a session delegated (it has a parent session), `main` for a handoff or a result no
   * session delegated (the first of its line), `external` for a missing parent.
   */
  kind: 'main' | 'sub-agent' | 'external';
  /** The first 8 characters of the parent session ("source: …"), when there is one. */
  source?: string;
  /** How many handoffs continue this one. */
  continuedBy: number;
  /** The note's session is still live. */
  inProgress: boolean;
  /** The newest createdAt in this subtree: families and siblings are ordered by it, newest first. */
  latest: string;
  children: TimelineNode[];
}

/** Notes grouped into families by the sessions that continue each other, from {@link buildTimeline}. */
export interface Timeline {
  families: TimelineNode[];
  /** Lineages that point at themselves or loop, each shown once (broken at its oldest note). */
  problems: string[];
}

export const SHORT_SESSION = 8;

/**
 * Builds the families of `notes`. `isLive` says whether a session is still running (in progress). Linear in the
 * number of notes (plus a sort): notes are numbered once and linked by index, so 10,000 notes build in milliseconds.
 */
export function buildTimeline(
  notes: NoteRecord[],
  isLive: (session: string) => boolean = () => false,
): Timeline {
  const problems: string[] = [];
  const order = notes.map((_, i) => i);
  // Notes usually arrive in id order, which is creation order: sort only when they do not.
  if (order.some((i) => i > 0 && byTime(notes[i - 1]!, notes[i]!) > 0)) {
    order.sort((a, b) => byTime(notes[a]!, notes[b]!));
  }
  // Each session's notes, oldest first.
  const bySession = new Map<string, number[]>();
  for (const i of order) {
    const session = notes[i]!.session;
    const list = bySession.get(session);
    if (list) list.push(i);
    else bySession.set(session, [i]);
  }
  // The parent of a note: the newest note of its parent session written before it (else that session's first);
  // -1 for none, and an external parent (a session with no note here) by its session id.
  const parent = new Int32Array(notes.length).fill(-1);
  const external: (string | undefined)[] = new Array(notes.length);
  notes.forEach((note, i) => {
    const from = note.parentSession;
    if (!from) return;
    if (from === note.session) {
      problems.push(`${note.id} names its own session ${short(from)} as its parent (shown as a first note)`);
      return;
    }
    const candidates = bySession.get(from);
    if (!candidates) {
      external[i] = from;
      return;
    }
    let chosen = candidates[0]!;
    for (const c of candidates) {
      if (notes[c]!.createdAt <= note.createdAt) chosen = c;
      else break;
    }
    parent[i] = chosen;
  });
  breakCycles(notes, parent, problems);

  const nodes: TimelineNode[] = notes.map((note) => ({
    note,
    kind: note.kind === 'result' && note.parentSession ? 'sub-agent' : 'main',
    source: note.parentSession ? short(note.parentSession) : undefined,
    continuedBy: 0,
    inProgress: isLive(note.session),
    latest: note.createdAt,
    children: [],
  }));
  const externals = new Map<string, TimelineNode>();
  const roots: TimelineNode[] = [];
  notes.forEach((_, i) => {
    const node = nodes[i]!;
    const up = parent[i]!;
    const outside = external[i];
    if (up >= 0) nodes[up]!.children.push(node);
    else if (outside === undefined) roots.push(node);
    else {
      let root = externals.get(outside);
      if (!root) {
        root = {
          external: outside,
          kind: 'external',
          continuedBy: 0,
          inProgress: isLive(outside),
          latest: '',
          children: [],
        };
        externals.set(outside, root);
        roots.push(root);
      }
      root.children.push(node);
    }
  });
  for (const root of roots) settle(root);
  roots.sort(byLatest);
  return { families: roots, problems };
}

// Follows each note's parents; a loop is cut at its oldest note, which then starts the family. Each note is walked
// over once: 0 = not seen, 1 = on the current walk, 2 = done.
function breakCycles(notes: NoteRecord[], parent: Int32Array, problems: string[]): void {
  const state = new Uint8Array(notes.length);
  const path: number[] = [];
  for (let start = 0; start < notes.length; start++) {
    path.length = 0;
    let at = start;
    while (at >= 0 && state[at] === 0) {
      state[at] = 1;
      path.push(at);
      at = parent[at]!;
    }
    if (at >= 0 && state[at] === 1) {
      const loop = path.slice(path.indexOf(at));
      const oldest = loop.reduce((a, b) => (byTime(notes[a]!, notes[b]!) <= 0 ? a : b));
      parent[oldest] = -1;
      problems.push(
        `lineage loop ${loop.map((i) => notes[i]!.id).join(' → ')} → ${notes[at]!.id} (shown once, starting at ${notes[oldest]!.id})`,
      );
    }
    for (const i of path) state[i] = 2;
  }
}

// Children before parents, without recursion: a hand-made lineage 100,000 notes deep must not overflow the stack.
function settle(root: TimelineNode): void {
  const order: TimelineNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    order.push(node);
    for (const child of node.children) stack.push(child);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!;
    let latest = node.note?.createdAt ?? '';
    for (const child of node.children) {
      if (child.latest > latest) latest = child.latest;
      if (child.kind === 'main') node.continuedBy++;
    }
    node.children.sort(byLatest);
    node.latest = latest;
  }
}

function byTime(a: NoteRecord, b: NoteRecord): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;
}

function byLatest(a: TimelineNode, b: TimelineNode): number {
  if (a.latest !== b.latest) return a.latest < b.latest ? 1 : -1;
  const ai = a.note?.id ?? a.external ?? '';
  const bi = b.note?.id ?? b.external ?? '';
  return ai < bi ? 1 : -1;
}

export function short(session: string): string {
  return session.slice(0, SHORT_SESSION);
}

/** Every node of a family, depth first, with its depth (for rendering as indented lines). */
export function* walkFamily(node: TimelineNode, depth = 0): Generator<{ node: TimelineNode; depth: number }> {
  const stack = [{ node, depth }];
  while (stack.length > 0) {
    const at = stack.pop()!;
    yield at;
    for (let i = at.node.children.length - 1; i >= 0; i--)
      stack.push({ node: at.node.children[i]!, depth: at.depth + 1 });
  }
}
