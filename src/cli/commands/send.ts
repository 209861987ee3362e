// `baton send --to a[,b…] --body … [--subject …] [--reply <id>]`
import { resolveAgent } from '../../core/agents/identity.js';
import { resolveMessageId } from '../../core/messages/find-id.js';
import { sendMessage } from '../../core/messages/send.js';
import { boardFromFlags, echoBoard, printJson, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton send --to <agent>[,<agent>…] --body <text> [--subject <text>] [--reply <id>] [--as <name>|--from <name>]
  Sends a direct message (up to 50 recipients; one file each). With no --body, the body is read from stdin.
  --reply takes a message id or any unique start of one (m-01JDX3).`;

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
  const result = sendMessage(board, { from, to, body, subject: flags.subject, replyTo });
  if (flags.json) printJson(io, result);
  else for (const item of result.sent) io.out(`sent ${item.id} to ${item.to}\n`);
  if (result.redacted > 0) {
    io.err(`redacted ${result.redacted} credential span(s): ${result.redactedKinds.join(', ')}\n`);
  }
  echoBoard(io, board);
  return 0;
}
