// Small pieces several endpoints share: which sessions are live, and problems as a few lines of text.
import type { Board } from '../../core/board/open-board.js';
import { isLive, listSessions } from '../../core/sessions/live.js';
import type { Problem } from '../../core/store/safe-fs.js';

/** Problems a response carries: enough to notice and run `baton doctor`, never thousands of lines. */
export const MAX_PROBLEMS = 20;

export function liveSessionIds(board: Board): Set<string> {
  return new Set(
    listSessions(board)
      .sessions.filter(isLive)
      .map((session) => session.id),
  );
}

export function problemLines(problems: Problem[]): string[] {
  const lines = problems.slice(0, MAX_PROBLEMS).map((problem) => `${problem.path}: ${problem.reason}`);
  if (problems.length > MAX_PROBLEMS) {
    lines.push(`… and ${problems.length - MAX_PROBLEMS} more (run \`baton doctor\`)`);
  }
  return lines;
}
