// `baton result write` — a delegated task's result note: the full deliverable on stdin (or --file), the summary as
// flags or as a front-matter block in front of it.
import { resolve } from 'node:path';
import { actingAgentIfAny } from '../../core/agents/identity.js';
import { visibleText } from '../../core/display/visible-text.js';
import { isBatonError } from '../../core/errors.js';
import { type BlockKey, blockKeys, splitResultBlock } from '../../core/notes/result-block.js';
import { cutSummary } from '../../core/notes/result-head.js';
import { RESULT_LIMITS, type WriteResultOptions, writeResult } from '../../core/notes/write-result.js';
import { boardFromFlags, echoBoard, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';
import { printReceipt, readResultInput } from '../note-writes.js';
import { runSubcommand, type Subcommand } from '../subcommands.js';

export const usage = `baton result <subcommand> [flags]
  write [--file <path>]             write a result note: the full deliverable (never a summary) from --file or stdin
        [--title <t>] [--status ok|error] [--conclusion <text>] [--fact <text>]… [--artifact <path|id>]…
        [--task <prompt>] [--files a,b] [--session <id>] [--parent-session <id>] [--agent <name>]
        [--harness <name>]
                                    one note per delegated task; --parent-session is the delegating session
                                    (default: the session this runs in). --status error only when the delegation
                                    itself failed. An empty body writes nothing. A deliverable over 4 MiB keeps
                                    its head and full size (truncated: true, said on stderr); at most 16 MiB is read.
                                    --artifact: what the task produced (a file it wrote, a URL, an id), listed
                                    in the note, the receipt and \`baton pack\`; never read.
The summary can also lead the input as a front-matter block (a flag wins over the same key):
  ---
  title: Audit of the login flow
  conclusion: Two endpoints skip the CSRF check.
  facts: ["POST /login has no token check", "…"]
  ---
  <the full deliverable>
Keys: ${blockKeys()}. Read the note with \`baton read <id>\`.`;

const SUBCOMMANDS: Record<string, Subcommand> = { write };

export function run(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand('result', SUBCOMMANDS, usage, argv, io);
}

async function write(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('result write', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  if (flags.file !== undefined && flags.stdin) throw new UsageError('pass --file or --stdin, not both');
  if (flags.agent && flags.as && flags.agent !== flags.as) {
    throw new UsageError(`--agent ${flags.agent} and --as ${flags.as} disagree — pass only one`);
  }
  const input = await readResultInput(io, flags.file);
  const { block, body } = resultBlock(input);
  const text = (key: BlockKey) => {
    const value = block[key];
    return typeof value === 'string' ? value : undefined;
  };
  const list = (key: BlockKey) => {
    const value = block[key];
    return value === undefined ? undefined : typeof value === 'string' ? [value] : value;
  };
  const status = flags.status ?? text('status');
  if (status !== undefined && !['ok', 'error'].includes(status)) {
    throw new UsageError(
      `status must be ok or error, got ${JSON.stringify(status)} (degraded is set by readers; there is no paused) — nothing was written`,
    );
  }
  const board = boardFromFlags(io, flags);
  const options: WriteResultOptions = {
    body,
    title: flags.title ?? text('title'),
    status,
    conclusion: flags.conclusion ?? text('conclusion'),
    facts: flags.fact ?? list('facts'),
    artifacts: flags.artifact ?? list('artifacts'),
    task: flags.task ?? text('task'),
    files: flags.files?.split(',') ?? list('files'),
    session: flags.session ?? text('session'),
    parentSession: flags['parent-session'] ?? text('parentSession'),
    as: flags.agent ?? flags.as ?? actingAgentIfAny(board),
    harness: flags.harness,
    wholeAt: flags.file === undefined ? undefined : resolve(io.cwd, flags.file),
  };
  const result = writeResult(board, options);
  printReceipt(io, board, result, flags.json);
  if (result.cut) io.err(`baton: ${visibleText(cutSummary(result.cut, RESULT_LIMITS.bodyBytes))}\n`);
  echoBoard(io, board);
  return 0;
}

// A block that cannot be used is a mistake in what was typed: a usage error (exit 2), as a bad flag is.
function resultBlock(input: string): ReturnType<typeof splitResultBlock> {
  try {
    return splitResultBlock(input);
  } catch (error) {
    if (isBatonError(error, 'invalid_input')) throw new UsageError(error.message);
    throw error;
  }
}
