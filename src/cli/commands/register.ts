// `baton register --as <name>` — names this session's agent, so later commands need no --as.
import { registerAgent } from '../../core/agents/registry.js';
import { bindSession } from '../../core/sessions/session.js';
import { validateName } from '../../core/store/names.js';
import { boardFromFlags, echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton register --as <name> [--json]
  Registers the agent and binds the name to this session (the harness process, or this shell),
  so later baton commands run from it act as <name> without --as. A new session is linked to the
  session it continues: BATON_PARENT_SESSION, else the pending continuation \`baton continue\` left
  for this project (the first session to register claims it, once).`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('register', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  if (!flags.as) throw new UsageError('register needs --as <name>');
  const name = validateName('agent', flags.as);
  const board = boardFromFlags(io, flags);
  const session = bindSession(board, name);
  const agent = registerAgent(board, name, session.id);
  if (flags.json) printJson(io, { board: board.root, agent, session });
  else {
    const parent = session.parentSession ? `, continues ${session.parentSession}` : '';
    io.out(`registered ${name} (session ${session.id}, ${session.harness}${parent})\n`);
  }
  echoBoard(io, board);
  return 0;
}
