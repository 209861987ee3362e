// `baton doctor` — which board, why, what is broken, and how the harnesses are wired; exit 1 when something is.
import { basename, dirname } from 'node:path';
import { diagnoseBoard } from '../../core/board/doctor.js';
import { visibleText } from '../../core/display/visible-text.js';
import { diagnoseWiring } from '../../wiring/doctor.js';
import { wiringContext } from '../../wiring/wire.js';
import { boardFromFlags, isOff, printJson } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton doctor [--global] [--json]
  Prints ok / FAIL / info lines about the board, BATON_DIR, cwd, git and corrupt files, then about every harness
  baton wired in this project (with --global: in your user settings): settings parse, hook commands and the MCP
  server "baton" point at files that exist, trust reminders. Exit 1 when something is broken.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('doctor', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  const board = boardFromFlags(io, flags);
  const report = diagnoseBoard(board);
  if (isOff(io)) report.lines.push({ status: 'info', check: 'BATON_DISABLE', detail: 'set: baton is off' });
  const root = flags.global
    ? board.home
    : basename(board.root) === '.baton' && board.source !== 'global'
      ? dirname(board.root)
      : io.cwd;
  const wiring = diagnoseWiring(
    wiringContext({ scope: flags.global ? 'global' : 'project', root, home: board.home, env: io.env }),
  );
  const lines = [...report.lines, ...wiring.lines];
  const healthy = report.healthy && wiring.healthy;
  if (flags.json) {
    printJson(io, { ...report, lines, healthy });
  } else {
    // Paths and reasons name files found on the board: control characters in them are shown, not obeyed.
    const show = (text: string) => visibleText(text, { singleLine: true });
    for (const line of lines) io.out(`${line.status.padEnd(4)}  ${show(line.check)}: ${show(line.detail)}\n`);
    for (const problem of report.problems) io.out(`      ${show(problem.path)}: ${show(problem.reason)}\n`);
  }
  return healthy ? 0 : 1;
}
