// `baton gc [--dry-run]` — remove leftovers of interrupted or finished work (never a record).
import { collectGarbage } from '../../core/board/gc.js';
import { requireBoard } from '../../core/board/open-board.js';
import { visibleText } from '../../core/display/visible-text.js';
import { parseCommandArgs } from '../args.js';
import { boardFromFlags, echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton gc [--dry-run] [--json]
  Removes temp files left by interrupted writes, queued ids whose send was killed, expired pending writes
  and locks whose writer is gone. Never removes a message, card, note or session record.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('gc', argv, { 'dry-run': { type: 'boolean' } });
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const report = collectGarbage(board, { dryRun: flags['dry-run'] });
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
