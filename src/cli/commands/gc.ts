// `baton gc [--dry-run]` — remove leftovers of interrupted or finished work, and notes past the board's gc settings.
import { collectGarbage } from '../../core/board/gc.js';
import { requireBoard } from '../../core/board/open-board.js';
import { visibleText } from '../../core/display/visible-text.js';
import { boardFromFlags, echoBoard, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton gc [--dry-run] [--json]
  Removes temp files left by interrupted writes, queued ids whose send was killed, expired pending writes,
  locks whose writer is gone, and expired notes: older than gc.ttl (default "30d"; "0" = never) or beyond
  the newest gc.maxPerProject of their project (default 500; 0 = no cap), both set in .baton/config.json.
  Never removes a message, card or session record; --dry-run lists what would go, and why, removing nothing.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('gc', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const report = collectGarbage(board, { dryRun: flags['dry-run'] });
  for (const problem of report.settingsProblems)
    io.err(`baton: ${visibleText(problem, { singleLine: true })}\n`);
  reportProblems(io, report.skipped);
  if (flags.json) printJson(io, { board: board.root, ...report });
  else {
    const verb = report.dryRun ? 'would remove' : 'removed';
    for (const item of report.removed)
      io.out(`${verb} ${visibleText(item.path, { singleLine: true })} (${item.reason})\n`);
    io.out(`${verb} ${report.removed.length} item(s)\n`);
  }
  if (!report.dryRun) echoBoard(io, board);
  return 0;
}
