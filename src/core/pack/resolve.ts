// From a pack ref to the one record it names, through the finders `baton read`, `card read` and `thread` use. A
// ref that names nothing (no such id, an ambiguous prefix, an agent with no note there) is unresolved with the
// finder's own reason, never an error: one bad ref must not cost the others.
import type { Board } from '../board/open-board.js';
import type { CardEntry, CardSummary } from '../cards/card.js';
import { readCard } from '../cards/find.js';
import { BatonError, isBatonError } from '../errors.js';
import { resolveMessageId } from '../messages/find-id.js';
import type { Message } from '../messages/message.js';
import { findMessage } from '../messages/read.js';
import type { NoteRecord } from '../notes/note.js';
import { listNoteFiles, listProjects, readNote, readNoteFiles } from '../notes/read.js';
import { projectAliases, projectGroup } from '../sessions/project-aliases.js';
import type { AgentRef, PackRef } from './refs.js';

interface ItemBase {
  /** The ref as typed. */
  ref: string;
  /**
   * How the pack names the item: `note:<full id>`, `card:<full id>`, `msg:<full id>`, or for an agent ref
   * `<agent>:<project key>` with the project key in full.
   */
  handle: string;
  /** The record's identity (`note:<id>`): an agent ref and a note ref to the same note are one item. */
  key: string;
}

export type PackItem =
  | (ItemBase & { kind: 'note'; note: NoteRecord })
  | (ItemBase & { kind: 'card'; card: CardSummary; entries: CardEntry[] })
  | (ItemBase & { kind: 'msg'; message: Message });

export type Resolution = { ok: true; item: PackItem } | { ok: false; reason: string };

export interface ResolveOptions {
  /** For a message prefix that matches only copies of one fan-out: the copy to this agent is shown. */
  agent?: string;
}

/** The record `ref` names, or why there is none. Throws only what is not a BatonError (a bug). */
export function resolveRef(board: Board, ref: PackRef, options: ResolveOptions = {}): Resolution {
  try {
    return { ok: true, item: resolveOrThrow(board, ref, options) };
  } catch (error) {
    if (isBatonError(error)) return { ok: false, reason: error.message };
    throw error;
  }
}

function resolveOrThrow(board: Board, ref: PackRef, options: ResolveOptions): PackItem {
  const base = { ref: ref.input };
  switch (ref.kind) {
    case 'note': {
      const note = readNote(board, ref.id);
      const handle = `note:${note.id}`;
      return { ...base, kind: 'note', handle, key: handle, note };
    }
    case 'card': {
      const read = readCard(board, ref.id);
      const handle = `card:${read.card.id}`;
      return { ...base, kind: 'card', handle, key: handle, card: read.card, entries: read.entries };
    }
    case 'msg': {
      const id = resolveMessageId(board, ref.id, { recipient: options.agent });
      const message = findMessage(board, id);
      if (!message) throw new BatonError('not_found', `message ${id} was just removed`);
      const handle = `msg:${message.id}`;
      return { ...base, kind: 'msg', handle, key: handle, message };
    }
    case 'agent': {
      const note = latestNoteOf(board, ref);
      return {
        ...base,
        kind: 'note',
        handle: `${ref.agent}:${note.projectKey}`,
        key: `note:${note.id}`,
        note,
      };
    }
  }
}

/** Notes whose front matter is read at a time, newest first, looking for an agent's latest. */
const BATCH = 64;

/**
 * The agent's newest note in the project the ref's repo names. Read newest first, a batch of front matters at a
 * time, without the front-matter cache: a pack writes nothing to the board, not even derived state.
 */
function latestNoteOf(board: Board, ref: AgentRef): NoteRecord {
  const project = projectOf(board, ref.repo);
  const files = listNoteFiles(board, { project: projectGroup(board, project) });
  for (let end = files.length; end > 0; end -= BATCH) {
    const batch = files.slice(Math.max(0, end - BATCH), end);
    const { notes } = readNoteFiles(board, batch, { frontMatterOnly: true, uncached: true });
    const latest = notes.filter((note) => note.agent.toLowerCase() === ref.agent).at(-1);
    // The front matter was enough to find it; the item shows the whole note.
    if (latest) return readNote(board, latest.id);
  }
  throw new BatonError(
    'not_found',
    `no note by ${ref.agent} in project ${project} — list notes with \`baton board --project ${project}\``,
  );
}

/**
 * The one project key `repo` names: the key itself, else the one key whose last segments it is (`shop` names
 * `github-com-me-shop`), or whose name it is before the hash of a project without a remote (`shop` names
 * `shop-1a2b3c4d`). An older key (project-aliases.ts) names the key it resolves to. Several such keys are
 * ambiguous: a guess could pack another project's work.
 */
export function projectOf(board: Board, repo: string): string {
  const aliases = projectAliases(board);
  const projects = [
    ...new Set((board.exists ? listProjects(board) : []).map((key) => aliases.map.get(key) ?? key)),
  ];
  if (projects.includes(repo)) return repo;
  if (aliases.map.has(repo)) return aliases.map.get(repo)!;
  const matches = projects.filter((key) => key.endsWith(`-${repo}`) || isFolderKeyOf(key, repo));
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) {
    throw new BatonError(
      'not_found',
      `no project ${repo} on ${board.root} — project keys are listed by \`baton board --all\``,
    );
  }
  throw new BatonError(
    'ambiguous',
    `project ${repo} is ambiguous: it matches ${matches.join(', ')} — give the whole project key`,
  );
}

// `shop-1a2b3c4d` is the folder `shop` without a remote (sessions/project.ts).
function isFolderKeyOf(key: string, name: string): boolean {
  return key.length === name.length + 9 && key.startsWith(`${name}-`) && /-[0-9a-f]{8}$/.test(key);
}
