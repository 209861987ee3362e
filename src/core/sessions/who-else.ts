// Who else is working on a path: the other live sessions that touched it, or something under it (a folder).
import { isAbsolute, resolve } from 'node:path';
import type { Board } from '../board/open-board.js';
import type { Problem } from '../store/safe-fs.js';
import { isLive, listSessions } from './live.js';
import { projectKeyOf, projectRootOf } from './project.js';
import { projectAliases, projectGroup } from './project-aliases.js';
import { normalizeTouchedPath, type TouchedPath, touchedPaths } from './touched.js';

/** Who asks {@link whoElse}, and from which folder. */
export interface WhoElseOptions {
  /** The caller's session: never listed. */
  self?: string;
  /** The folder `path` is resolved against and whose project it belongs to (default: the board's cwd). */
  cwd?: string;
}

/** Another live session that touched the path asked about, from {@link whoElse}. */
export interface OtherSession {
  session: string;
  agent: string;
  harness: string;
  cwd: string;
  projectKey: string;
  lastSeen: string;
  /** The paths it touched at or below the one asked about, most recent first. */
  paths: TouchedPath[];
}

/** The other live sessions that touched a path, from {@link whoElse}. */
export interface WhoElseResult {
  /** The path asked about, as it is compared: relative to the caller's project root, or absolute outside it. */
  path: string;
  /** Most recently touching first. */
  others: OtherSession[];
  problems: Problem[];
}

/**
 * The other live sessions that touched `path` or a path under it. A relative record is compared only with sessions
 * of the caller's project (it is relative to that project's root); an absolute one with the absolute path.
 * Ended sessions and sessions whose process is gone are left out: liveness is derived, never stored.
 */
export function whoElse(board: Board, path: string, options: WhoElseOptions = {}): WhoElseResult {
  const cwd = options.cwd ?? board.cwd;
  const root = projectRootOf(cwd);
  const projectKey = projectKeyOf(cwd, board);
  // Compared in the form they are stored in: normalised, then redacted.
  const relative = board.redact(normalizeTouchedPath(path, cwd, root)).text;
  const absolute = board.redact(resolve(cwd, path)).text;
  const { sessions, problems } = listSessions(board);
  // A session keeps the key it was recorded with: one recorded before keys changed has an older key of this project.
  // Only live sessions are compared, so only theirs are looked at (this runs at every edit a hook sees).
  const live = sessions.filter((session) => session.id !== options.self && isLive(session));
  const project = new Set(projectGroup(board, projectKey, projectAliases(board, live)));
  const others: OtherSession[] = [];
  for (const session of live) {
    const paths = touchedPaths(session)
      .filter((touched) =>
        isAbsolute(touched.path)
          ? isAtOrBelow(touched.path, absolute)
          : project.has(session.projectKey) && !isAbsolute(relative) && isAtOrBelow(touched.path, relative),
      )
      .reverse();
    if (paths.length === 0) continue;
    others.push({
      session: session.id,
      agent: session.agent,
      harness: session.harness,
      cwd: session.cwd,
      projectKey: session.projectKey,
      lastSeen: session.lastSeen,
      paths,
    });
  }
  const latest = (other: OtherSession) => other.paths[0]?.at || other.lastSeen;
  others.sort((a, b) => (latest(a) < latest(b) ? 1 : latest(a) > latest(b) ? -1 : 0));
  return { path: relative, others, problems };
}

// `path` is `query` itself or lies below it (`.` is the project root, `/` the file-system root).
function isAtOrBelow(path: string, query: string): boolean {
  if (query === '.' || query === '/') return query === '/' ? isAbsolute(path) : !isAbsolute(path);
  const prefix = query.endsWith('/') ? query : `${query}/`;
  return path === query || path.startsWith(prefix);
}
