// The board the page shows (GET /api/board), handed down to every view; the person is who the page writes as.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { BoardInfo } from '../api-types.js';

export const BoardContext = createContext<BoardInfo | undefined>(undefined);

/** Who the page acts as (`baton serve --as`, default `you`). */
export function usePerson(): string {
  return useContext(BoardContext)?.person ?? 'you';
}

/** True while the header says the board is unreachable: views then leave that error to it. */
export const OfflineContext = createContext(false);

/** A number that changes every minute and on a language switch: rows that skip re-rendering compare it. */
export const ClockContext = createContext(0);
