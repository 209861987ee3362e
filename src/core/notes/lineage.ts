// The relation timeline (SPEC §6), a pure function of the notes: families linked by `parentSession`, newest subtree
// activity first, continuations and sub-agents under their parent, a parent session with no note on this board as
// an external node. A lineage that points at itself or loops is shown once and reported, never followed around.
import type { NoteRecord } from './note.js';

export interface TimelineNode {
  /** The note; absent for an external parent. */
  note?: NoteRecord;
  /** An external parent: a session with no note on this board (shown dashed). */
  external?: string;
  /** `main` for a handoff, `sub-agent` for a result note (a delegated task), `external` for a missing parent. */
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

export interface Timeline {
  families: TimelineNode[];
  /** Lineages that point at themselves or loop, each shown once (broken at its oldest note). */
  problems: string[];
}

export const SHORT_SESSION = 8;

/** Builds the families of `notes`. `isLive` says whether a session is still running (in progress). */
export function buildTimeline(
  notes: NoteRecord[],
  isLive: (session: string) => boolean = () => false,
): Timeline {
  const problems: string[] = [];
  const bySession = new Map<string, NoteRecord[]>();
  for (const note of [...notes].sort(byTime)) {
    const list = bySession.get(note.session) ?? [];
    list.push(note);
    bySession.set(note.session, list);
  }
  // The parent of a note: the newest note of its parent session written before it (else that session's first).
  const parent = new Map<string, NoteRecord | string>();
  for (const note of notes) {
    const from = note.parentSession;
    if (!from) continue;
    if (from === note.session) {
      problems.push(`${note.id} names its own session ${short(from)} as its parent (shown as a first note)`);
      continue;
    }
    const candidates = bySession.get(from);
    if (!candidates) {
      parent.set(note.id, from);
      continue;
    }
    const before = candidates.filter((c) => c.createdAt <= note.createdAt);
    parent.set(note.id, before.at(-1) ?? candidates[0]!);
  }
  breakCycles(notes, parent, problems);

  const nodes = new Map<string, TimelineNode>();
  for (const note of notes) {
    nodes.set(note.id, {
      note,
      kind: note.kind === 'result' ? 'sub-agent' : 'main',
      source: note.parentSession ? short(note.parentSession) : undefined,
      continuedBy: 0,
      inProgress: isLive(note.session),
      latest: note.createdAt,
      children: [],
    });
  }
  const externals = new Map<string, TimelineNode>();
  const roots: TimelineNode[] = [];
  for (const note of notes) {
    const node = nodes.get(note.id)!;
    const up = parent.get(note.id);
    if (up === undefined) roots.push(node);
    else if (typeof up === 'string') {
      let external = externals.get(up);
      if (!external) {
        external = {
          external: up,
          kind: 'external',
          continuedBy: 0,
          inProgress: isLive(up),
          latest: '',
          children: [],
        };
        externals.set(up, external);
        roots.push(external);
      }
      external.children.push(node);
    } else nodes.get(up.id)!.children.push(node);
  }
  for (const root of roots) settle(root);
  roots.sort(byLatest);
  return { families: roots, problems };
}

// Follows each note's parents; a loop is cut at its oldest note, which then starts the family.
function breakCycles(
  notes: NoteRecord[],
  parent: Map<string, NoteRecord | string>,
  problems: string[],
): void {
  const done = new Set<string>();
  for (const start of notes) {
    const path: NoteRecord[] = [];
    const onPath = new Set<string>();
    let at: NoteRecord | undefined = start;
    while (at && !done.has(at.id)) {
      if (onPath.has(at.id)) {
        const loop = path.slice(path.findIndex((n) => n.id === at!.id));
        const oldest = [...loop].sort(byTime)[0]!;
        parent.delete(oldest.id);
        problems.push(
          `lineage loop ${loop.map((n) => n.id).join(' → ')} → ${at.id} (shown once, starting at ${oldest.id})`,
        );
        break;
      }
      onPath.add(at.id);
      path.push(at);
      const up = parent.get(at.id);
      at = typeof up === 'object' ? up : undefined;
    }
    for (const n of path) done.add(n.id);
  }
}

function settle(node: TimelineNode): string {
  let latest = node.note?.createdAt ?? '';
  for (const child of node.children) {
    const childLatest = settle(child);
    if (childLatest > latest) latest = childLatest;
    if (child.kind === 'main') node.continuedBy++;
  }
  node.children.sort(byLatest);
  node.latest = latest;
  return latest;
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
  yield { node, depth };
  for (const child of node.children) yield* walkFamily(child, depth + 1);
}
