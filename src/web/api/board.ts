// The board endpoint: what the page shows first — the board, who the page acts as, projects and counts.
import { boardName, requireBoard } from '../../core/board/open-board.js';
import { listCardFiles } from '../../core/cards/find.js';
import { unreadIds } from '../../core/messages/read.js';
import { listNoteFiles, listProjects } from '../../core/notes/read.js';
import { isLive, listSessions } from '../../core/sessions/live.js';
import type { Problem } from '../../core/store/safe-fs.js';
import type { BoardInfo } from '../api-types.js';
import type { ApiContext, Endpoint } from './router.js';
import { problemLines } from './shared.js';

export function boardEndpoints(version: string): Endpoint[] {
  return [{ method: 'GET', path: /^\/board$/, handle: (context) => boardInfo(context, version) }];
}

function boardInfo({ board, person }: ApiContext, version: string): BoardInfo {
  requireBoard(board);
  // Counted from the listings alone: the page asks for this first, on every load, beside the timeline.
  const problems: Problem[] = [];
  const notes = listNoteFiles(board, {}, problems);
  const cards = listCardFiles(board, problems);
  const sessions = listSessions(board);
  return {
    board: board.root,
    name: boardName(board.root),
    person,
    projects: listProjects(board),
    counts: {
      notes: notes.length,
      cards: cards.length,
      liveSessions: sessions.sessions.filter(isLive).length,
      unread: unreadIds(board, person).length,
    },
    problems: problemLines([...problems, ...sessions.problems]),
    version,
  };
}
