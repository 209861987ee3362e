// `baton send --to a[,b…] --body … [--subject …] [--reply <id>]`
import { resolveAgent } from '../../core/agents/identity.js';
import { sendMessage } from '../../core/messages/send.js';
import { parseCommandArgs } from '../args.js';
import { boardFromFlags, disabled, echoBoard, printJson } from '../board-flags.js';
import { type CliIO, printUsage } from '../io.js';

export const usage = `baton send --to <agent>[,<agent>…] --body <text> [--subject <text>] [--reply <id>] [--as <name>|--from <name>]
  Sends a direct message (up to 50 recipients; one file each). With no --body, the body is read from stdin.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('send', argv, {
    to: { type: 'string', multiple: true },
    body: { type: 'string' },
    subject: { type: 'string' },
    reply: { type: 'string' },
    from: { type: 'string' },
  });
  if (flags.help) return printUsage(io, usage);
  if (disabled(io)) return 0;
  const board = boardFromFlags(io, flags);
  const from = resolveAgent(board, { as: flags.as, from: flags.from });
  const to = ((flags.to as unknown as string[] | undefined) ?? []).flatMap((item) => item.split(','));
  const body = flags.body ?? (await io.readStdin());
  const result = sendMessage(board, { from, to, body, subject: flags.subject, replyTo: flags.reply });
  if (flags.json) printJson(io, result);
  else for (const item of result.sent) io.out(`sent ${item.id} to ${item.to}\n`);
  if (result.redacted > 0) {
    io.err(`redacted ${result.redacted} credential span(s): ${result.redactedKinds.join(', ')}\n`);
  }
  echoBoard(io, board);
  return 0;
}
