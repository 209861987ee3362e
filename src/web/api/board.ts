// The board endpoint: what the page shows first — the board, who the page acts as, projects and counts.
import { boardName, requireBoard } from '../../core/board/open-board.js';
import { listCards } from '../../core/cards/index.js';
import { unreadIds } from '../../core/messages/read.js';
import { listNotes, listProjects } from '../../core/notes/read.js';
import { isLive, listSessions } from '../../core/sessions/live.js';
import type { BoardInfo } from '../api-types.js';
import { mailThreads } from './mail.js';
import type { ApiContext, Endpoint } from './router.js';
import { problemLines } from './shared.js';

export function boardEndpoints(version: string): Endpoint[] {
  return [{ method: 'GET', path: /^\/board$/, handle: (context) => boardInfo(context, version) }];
}

function boardInfo({ board, person }: ApiContext, version: string): BoardInfo {
  requireBoard(board);
  const notes = listNotes(board, { frontMatterOnly: true });
  const cards = listCards(board);
  const sessions = listSessions(board);
  return {
    board: board.root,
    name: boardName(board.root),
    person,
    projects: listProjects(board),
    counts: {
      notes: notes.notes.length,
      cards: cards.cards.length,
      threads: mailThreads(board).threads.length,
      liveSessions: sessions.sessions.filter(isLive).length,
      unread: unreadIds(board, person).length,
    },
    problems: problemLines([...notes.problems, ...cards.problems, ...sessions.problems]),
    version,
  };
}
