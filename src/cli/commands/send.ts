// `baton send --to a[,b…] --body … [--subject …] [--reply <id>]`
import { resolveAgent } from '../../core/agents/identity.js';
import { formatWaiting } from '../../core/display/delivery.js';
import { resolveMessageId } from '../../core/messages/find-id.js';
import { sendMessage } from '../../core/messages/send.js';
import { agentPresence } from '../../core/sessions/presence.js';
import { boardFromFlags, echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton send --to <agent>[,<agent>…] --body <text> [--subject <text>] [--reply <id>] [--as <name>|--from <name>]
  Sends a direct message (up to 50 recipients; one file each). With no --body, the body is read from stdin.
  --reply takes a message id or any unique start of one (m-01JDX3). A recipient with no live session to take
  the message at its next turn is named at once (on stderr): "waiting — bob has no live session (last seen
  2 d ago)"; \`baton inbox --sent\` and \`baton thread <id>\` show later whether it was delivered.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('send', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const to = (flags.to ?? []).flatMap((item) => item.split(',')).filter((name) => name.trim() !== '');
  if (to.length === 0) throw new UsageError('send needs --to <agent>[,<agent>…] — see `baton send --help`');
  const board = boardFromFlags(io, flags);
  const from = resolveAgent(board, { as: flags.as, from: flags.from });
  const replyTo =
    flags.reply === undefined ? undefined : resolveMessageId(board, flags.reply, { recipient: from });
  const body = flags.body ?? (await io.readStdin());
  const result = sendMessage(board, { as: from, to, body, subject: flags.subject, replyTo });
  // Where each recipient is: a few small reads each (its registry record, its sessions' records, one stat).
  const presence = result.sent.map((item) => agentPresence(board, item.to));
  const now = board.clock();
  if (flags.json) {
    const sent = result.sent.map((item, i) => {
      const where = presence[i]!;
      return {
        ...item,
        live: where.live !== undefined,
        ...(where.live ? { liveSession: where.live.session } : { lastSeen: where.lastSeen }),
      };
    });
    printJson(io, { ...result, sent });
  } else for (const item of result.sent) io.out(`sent ${item.id} to ${item.to}\n`);
  for (const where of presence) if (!where.live) io.err(`${formatWaiting(where, now)}\n`);
  if (result.redacted > 0) {
    io.err(`redacted ${result.redacted} credential span(s): ${result.redactedKinds.join(', ')}\n`);
  }
  echoBoard(io, board);
  return 0;
}
