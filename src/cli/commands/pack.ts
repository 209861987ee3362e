// `baton pack <ref…> [--budget chars] [--as agent] [--json]` — a context pack: the items named, in full within a
// budget, under a header of what was packed, over the limit or unresolved, and above the board index.
import { actingAgentIfAny } from '../../core/agents/identity.js';
import { requireBoard } from '../../core/board/open-board.js';
import { buildPack, DEFAULT_PACK_BUDGET, MAX_REFS, REF_SHAPES } from '../../core/pack/index.js';
import { intFlag } from '../args.js';
import { boardFromFlags, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton pack <ref…> [--budget <chars>] [--as <agent>] [--json]
  Prints a context pack: the board items you name, each in full, then the board index. Refs: note:<id>,
  card:<id>, msg:<id> (any unique start of an id), or <agent>:<project> / <project>_<agent> (that agent's latest
  note; <project> is a project key or its last part, e.g. shop). At most ${MAX_REFS} refs; the header lists refs over
  the limit and refs that name nothing, with the reason. --budget: characters for the whole pack (default
  ${DEFAULT_PACK_BUDGET}); bodies are cut first, and each item keeps its handle and an excerpt whatever the budget.
  --as: whose index ends the pack (its unread mail). Reads only: nothing is written.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseFor('pack', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  if (positionals.length === 0) {
    throw new UsageError(`pack needs at least one ref — refs look like ${REF_SHAPES}`);
  }
  const budget = intFlag('budget', flags.budget, DEFAULT_PACK_BUDGET, 1);
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const pack = buildPack(board, positionals, { budget, agent: actingAgentIfAny(board, { as: flags.as }) });
  if (flags.json) printJson(io, { board: board.root, ...pack });
  else io.out(pack.text);
  const refs = (n: number) => `${n} ${n === 1 ? 'ref' : 'refs'}`;
  const notes = [
    ...(pack.unresolved.length > 0 ? [`${refs(pack.unresolved.length)} unresolved`] : []),
    ...(pack.overLimit.length > 0 ? [`${refs(pack.overLimit.length)} over the limit of ${MAX_REFS}`] : []),
  ];
  if (notes.length > 0) io.err(`baton: ${notes.join(', ')} — listed in the pack's header\n`);
  if (pack.overBudget) {
    io.err(
      `baton: the pack is ${pack.chars} chars, over its budget of ${budget}: each item keeps its handle and an excerpt\n`,
    );
  }
  return 0;
}
