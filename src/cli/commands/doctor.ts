// `baton doctor` — which board, why, and what is broken; exit 1 when something is.
import { diagnoseBoard } from '../../core/board/doctor.js';
import { visibleText } from '../../core/display/visible-text.js';
import { parseCommandArgs } from '../args.js';
import { boardFromFlags, isOff, printJson } from '../board-flags.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton doctor [--json]
  Prints ok / FAIL / info lines about the board, BATON_DIR, cwd, git and corrupt files. Exit 1 when broken.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('doctor', argv, {});
  if (flags.help) return printUsage(io, usage, flags.json);
  const report = diagnoseBoard(boardFromFlags(io, flags));
  if (isOff(io)) report.lines.push({ status: 'info', check: 'BATON_DISABLE', detail: 'set: baton is off' });
  if (flags.json) {
    printJson(io, report);
  } else {
    // Paths and reasons name files found on the board: control characters in them are shown, not obeyed.
    const show = (text: string) => visibleText(text, { singleLine: true });
    for (const line of report.lines)
      io.out(`${line.status.padEnd(4)}  ${show(line.check)}: ${show(line.detail)}\n`);
    for (const problem of report.problems) io.out(`      ${show(problem.path)}: ${show(problem.reason)}\n`);
  }
  return report.healthy ? 0 : 1;
}
