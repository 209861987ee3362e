// `baton poll --as <agent> [--max 5]` — the turn-boundary push: prints new mail once, then marks it delivered.

import { resolveAgent } from '../../core/agents/identity.js';
import { formatPush } from '../../core/display/messages.js';
import { pollMessages } from '../../core/messages/delivery.js';
import { takerHere } from '../../core/messages/receipt.js';
import { intFlag } from '../args.js';
import { boardFromFlags, isOff, printJson } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton poll [--as <agent>] [--max <n>] [--json]
  Prints up to --max (default 5, at least 1) new messages for the agent, labelled as data from other agents,
  and marks exactly those delivered. Prints nothing when there is no new mail (with --json: an empty list).
  This is what the harness hooks call at turn boundaries; with BATON_DISABLE set it prints nothing.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('poll', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  // A hook entry point: when baton is off it must not disturb the harness, so silence and success.
  if (isOff(io)) return 0;
  const max = intFlag('max', flags.max, 5, 1);
  const board = boardFromFlags(io, flags);
  const agent = resolveAgent(board, { as: flags.as });
  const batch = pollMessages(board, agent, { max, by: () => takerHere(board, 'poll', agent) });
  if (batch.messages.length === 0) {
    if (flags.json) printJson(io, { agent, messages: [], more: batch.more });
    return 0;
  }
  try {
    if (flags.json) printJson(io, { agent, messages: batch.messages, more: batch.more });
    else io.out(formatPush(agent, batch.messages, batch.more));
    await io.flush?.();
  } catch (error) {
    // Not shown (stdout closed, or the write failed): the messages go back to the queue for the next poll.
    batch.release();
    throw error;
  }
  batch.acknowledge();
  return 0;
}
