// `baton init [--harness …] [--global] [--remove]` — creates the board here and wires the harnesses to it.

import { basename, dirname, isAbsolute, relative } from 'node:path';
import { planAgentNames, writeAgentNames } from '../../core/board/agent-names.js';
import { untrackedBoardAdvice } from '../../core/board/git-ignore.js';
import { type Board, ensureBoard, openBoard } from '../../core/board/open-board.js';
import { visibleText } from '../../core/display/visible-text.js';
import { isBatonError } from '../../core/errors.js';
import type { FileChange } from '../../wiring/plan.js';
import { parseHarnessList, WIRINGS } from '../../wiring/select.js';
import { HARNESSES, type HarnessName } from '../../wiring/types.js';
import { applyHarnessWiring, planHarnessWiring, type WireResult } from '../../wiring/wire.js';
import { echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton init [--harness <names>] [--as <agent>] [--global] [--remove] [--board <path>] [--json]
  Creates the board: ./.baton (or the nearest project board above, which is reused), ~/.baton with --global.
  A .baton folder of baton's own files whose board.json was lost gets a new one.
  Then wires the harnesses to it: hooks, the MCP server "baton", slash commands (/handoff, /board, /card-write),
  the baton skill, and a short managed block in AGENTS.md (CLAUDE.md for Claude Code, GEMINI.md for Gemini CLI,
  QWEN.md for Qwen Code).
  --harness  ${HARNESSES.join(',')} (comma-separated or repeated). Without it, the harnesses found in the
             project are wired: claude (.claude/, CLAUDE.md or .mcp.json), codex (.codex/), gemini (.gemini/ or
             GEMINI.md), opencode (opencode.json[c] or .opencode/), pi (.pi/), copilot (.github/hooks/,
             .github/mcp.json or .github/copilot-instructions.md), qwen (.qwen/ or QWEN.md). AGENTS.md alone names
             none (several harnesses read it). With --global: their user folders (~/.claude, $CODEX_HOME or
             ~/.codex, ~/.gemini, ~/.config/opencode, ~/.pi/agent, $COPILOT_HOME or ~/.copilot, $QWEN_HOME or
             ~/.qwen).
  --as       the stable agent name of the one --harness given (default <harness>@<project folder>, e.g.
             claude@shop): every session of that harness here acts as it, and mail sent to it before a session
             starts reaches the next one. Kept in .baton/config.json ("agents"); each session keeps its own
             name (claude-3f2a9c) as an alias. A global board gets names only with --as.
  --global   wires the user-level files instead (and creates the global board).
  --remove   takes baton's wiring out again (every harness, or those named); the board is left as it is.
             A file or folder left empty by the removal is deleted.
  A person's own hooks, servers and commands are never touched; a second run changes nothing; a run repairs
  baton's stale entries (e.g. after baton moved). A settings file that is not valid JSON/TOML is refused, and then
  nothing at all is written.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('init', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  let harnesses: HarnessName[] | undefined;
  try {
    harnesses = flags.harness ? parseHarnessList(flags.harness) : undefined;
  } catch (error) {
    if (isBatonError(error, 'invalid_input'))
      throw new UsageError(`${error.message} — see \`baton init --help\``);
    throw error;
  }
  if (flags.as !== undefined && flags.remove)
    throw new UsageError('--as does not go with --remove — see `baton init --help`');
  if (flags.as !== undefined && harnesses?.length !== 1)
    throw new UsageError(
      '--as names the agent of one harness — pass one --harness with it (baton init --harness claude --as claude@shop)',
    );
  // The global board is never the answer to a plain `init`: it makes a project board (global: --global).
  const board = openBoard({
    board: flags.board,
    global: flags.global,
    globalFallback: false,
    cwd: io.cwd,
    env: io.env,
  });
  const remove = flags.remove === true;
  const root = flags.global ? board.home : projectRoot(board, io.cwd);
  // Every file is worked out (and every refusal found) before the board or any file is written.
  const planned = planHarnessWiring({
    scope: flags.global ? 'global' : 'project',
    root,
    home: board.home,
    env: io.env,
    harnesses,
    remove,
  });
  // The stable agent names too (config.json must be editable, --as valid and free): nothing is written until here.
  const names = remove
    ? undefined
    : planAgentNames(
        board,
        planned.wirings.map((wiring) => wiring.name),
        { as: flags.as, projectFolder: flags.global ? undefined : basename(root) },
      );
  const existed = board.exists;
  if (!remove) ensureBoard(board, { adopt: true });
  if (names) writeAgentNames(board, names);
  const result = applyHarnessWiring(planned);
  if (flags.json) {
    printJson(io, {
      ...(remove ? {} : { board: board.root, created: !existed }),
      harnesses: result.harnesses,
      ...(names ? { agents: names.names } : {}),
      detected: result.detected,
      changes: result.changes,
      followUps: result.followUps,
    });
  } else {
    if (!remove) io.out(existed ? `board already here: ${board.root}\n` : `created board ${board.root}\n`);
    printResult(io, result, root, remove);
    if (names) printNames(io, names.names);
  }
  if (!remove) echoBoard(io, board);
  const untracked = remove || flags.json || flags.global ? undefined : untrackedBoardAdvice(board.root);
  if (untracked) io.err(`${untracked}\n`);
  if (!remove && !flags.json && result.harnesses.length === 0)
    io.err(
      `no harness found ${flags.global ? 'in your home' : 'here'} (${WIRINGS.flatMap((w) => w.detectedBy[flags.global ? 'global' : 'project']).join(', ')}) — wire one with --harness ${HARNESSES.join(',')}\n`,
    );
  return 0;
}

/** The project a board belongs to: the folder holding its .baton (else the current folder). */
function projectRoot(board: Board, cwd: string): string {
  return basename(board.root) === '.baton' ? dirname(board.root) : cwd;
}

function printResult(io: CliIO, result: WireResult, root: string, remove: boolean): void {
  const show = (text: string) => visibleText(text, { singleLine: true });
  if (result.harnesses.length === 0 && remove) {
    io.out('nothing to remove: no baton wiring found\n');
    return;
  }
  // Nothing found: a hint on stderr (after the board line), so a plain `init` prints only what it made.
  if (result.harnesses.length === 0) return;
  const verb = remove ? 'unwired' : 'wired';
  io.out(`${verb} ${result.harnesses.join(', ')}${result.detected && !remove ? ' (found here)' : ''}\n`);
  const changed = result.changes.filter((change) => change.action !== 'unchanged');
  if (changed.every((change) => change.action === 'kept'))
    io.out(remove ? '  nothing to remove: no baton wiring found\n' : '  nothing to change: already wired\n');
  for (const change of changed) io.out(`  ${show(describe(change, root))}\n`);
  if (result.followUps.length > 0) {
    io.out('to do:\n');
    for (const followUp of result.followUps) io.out(`  - ${show(followUp)}\n`);
  }
}

function printNames(io: CliIO, names: Record<string, string>): void {
  const harnesses = Object.keys(names);
  if (harnesses.length === 0) return;
  io.out('agents (mail sent to one waits for the next session of its harness here):\n');
  const width = Math.max(...harnesses.map((harness) => harness.length));
  for (const harness of harnesses)
    io.out(`  ${harness.padEnd(width)}  ${visibleText(names[harness] ?? '', { singleLine: true })}\n`);
}

function describe(change: FileChange, root: string): string {
  const rel = relative(root, change.path);
  const path = rel === '' || rel.startsWith('..') || isAbsolute(rel) ? change.path : rel;
  const what = change.what.join(', ');
  if (change.action === 'kept') return `kept    ${path}: ${change.note} (${what})`;
  return `${change.action.padEnd(7)} ${path} (${what})`;
}
