// The sessions endpoint: live and ended sessions per project, each with the files it touched and which other live
// sessions touched the same file.
import type { Board } from '../../core/board/open-board.js';
import type { NoteRecord } from '../../core/notes/note.js';
import { listNotes } from '../../core/notes/read.js';
import { isLive, listSessions } from '../../core/sessions/live.js';
import { projectAliases } from '../../core/sessions/project-aliases.js';
import type { SessionRecord } from '../../core/sessions/session.js';
import { touchedPaths } from '../../core/sessions/touched.js';
import type { SessionJson, SessionsJson } from '../api-types.js';
import type { Endpoint } from './router.js';
import { problemLines } from './shared.js';

/** Touched paths shown per session, newest first: a long session may have touched hundreds. */
export const TOUCHED_SHOWN = 50;
/** Notes listed per session, newest first. */
export const NOTES_SHOWN = 20;

export const sessionEndpoints: Endpoint[] = [
  { method: 'GET', path: /^\/sessions$/, handle: ({ board }) => sessions(board) },
];

function sessions(board: Board): SessionsJson {
  const { sessions: records, problems } = listSessions(board);
  const live = new Set(records.filter(isLive).map((record) => record.id));
  // A session keeps the key it was recorded with; an older key is shown as the key it resolves to (project-aliases.ts).
  const aliases = projectAliases(board, records);
  const projectOf = (record: SessionRecord) => aliases.map.get(record.projectKey) ?? record.projectKey;
  // Who is on each file: the live sessions of the same project that touched it (paths are project-relative).
  const onFile = new Map<string, SessionRecord[]>();
  for (const record of records) {
    if (!live.has(record.id)) continue;
    for (const { path } of touchedPaths(record)) {
      const key = `${projectOf(record)}\0${path}`;
      const list = onFile.get(key);
      if (list) list.push(record);
      else onFile.set(key, [record]);
    }
  }
  // Each session's notes: every note names the session that wrote it.
  const bySession = new Map<string, NoteRecord[]>();
  for (const note of listNotes(board, { frontMatterOnly: true }).notes) {
    const list = bySession.get(note.session);
    if (list) list.push(note);
    else bySession.set(note.session, [note]);
  }
  const byId = new Map(records.map((record) => [record.id, record]));
  const byProject = new Map<string, SessionJson[]>();
  for (const record of records) {
    const notes = bySession.get(record.id) ?? [];
    const parent = record.parentSession ? byId.get(record.parentSession) : undefined;
    const parentNote = record.parentSession ? bySession.get(record.parentSession)?.at(-1) : undefined;
    const touched = touchedPaths(record).reverse().slice(0, TOUCHED_SHOWN);
    const json: SessionJson = {
      id: record.id,
      harness: record.harness,
      agent: record.agent,
      cwd: record.cwd,
      projectKey: record.projectKey,
      parentSession: record.parentSession,
      startedAt: record.startedAt,
      lastSeen: record.lastSeen,
      endedAt: record.endedAt,
      live: live.has(record.id),
      notes: notes
        .slice(-NOTES_SHOWN)
        .reverse()
        .map((note) => ({ id: note.id, title: note.title, kind: note.kind })),
      noteCount: notes.length,
      parent: parent && { id: parent.id, agent: parent.agent, harness: parent.harness },
      parentNote: parentNote && { id: parentNote.id, title: parentNote.title },
      touched: touched.map(({ path, at }) => ({
        path,
        at: at || undefined,
        others: (onFile.get(`${projectOf(record)}\0${path}`) ?? [])
          .filter((other) => other.id !== record.id)
          .map((other) => ({ session: other.id, agent: other.agent, harness: other.harness })),
      })),
    };
    const list = byProject.get(projectOf(record));
    if (list) list.push(json);
    else byProject.set(projectOf(record), [json]);
  }
  const projects = [...byProject.entries()]
    .map(([key, list]) => ({
      key,
      // Live first, then ended; most recently seen first within each (listSessions' order).
      sessions: [...list.filter((s) => s.live), ...list.filter((s) => !s.live)],
    }))
    .sort((a, b) => (a.sessions[0]!.lastSeen < b.sessions[0]!.lastSeen ? 1 : -1));
  return { projects, problems: problemLines(problems) };
}
