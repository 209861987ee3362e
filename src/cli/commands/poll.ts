// `baton poll --as <agent> [--max 5]` — the turn-boundary push: prints new mail once, then marks it delivered.

import { resolveAgent } from '../../core/agents/identity.js';
import { pollMessages } from '../../core/messages/delivery.js';
import { intFlag, parseCommandArgs } from '../args.js';
import { boardFromFlags, disabled, printJson } from '../board-flags.js';
import { formatPush } from '../format-messages.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton poll [--as <agent>] [--max <n>] [--json]
  Prints up to --max (default 5) new messages for the agent and marks exactly those delivered.
  Prints nothing when there is no new mail. This is what the harness hooks call at turn boundaries.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('poll', argv, { max: { type: 'string' } });
  if (flags.help) return printUsage(io, usage);
  if (disabled(io, true)) return 0;
  const max = Math.max(1, intFlag('max', flags.max, 5));
  const board = boardFromFlags(io, flags);
  const agent = resolveAgent(board, { as: flags.as });
  const batch = pollMessages(board, agent, { max });
  if (batch.messages.length === 0) return 0;
  try {
    if (flags.json) printJson(io, { agent, messages: batch.messages, more: batch.more });
    else io.out(formatPush(agent, batch.messages, batch.more));
    await io.flush?.();
  } catch (error) {
    batch.release();
    throw error;
  }
  batch.acknowledge();
  return 0;
}
