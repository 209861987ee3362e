// `baton handoff draft (--transcript <file> | --session <id>)`: a raw handoff drafted from a transcript, no model.
import type { Board } from '../core/board/open-board.js';
import { visibleText } from '../core/display/visible-text.js';
import { type DraftHandoffResult, draftedAlready, writeDraft } from '../core/transcripts/draft.js';
import { readTranscriptSource } from '../core/transcripts/source.js';
import { boardFromFlags, echoBoard, printJson, requireEnabled } from './board-flags.js';
import { parseFor } from './grammar.js';
import { type CliIO, printUsage, UsageError } from './io.js';
import { receiptText, transcriptHarness, transcriptReceipt, writtenLineage } from './note-receipt.js';

export const draftUsage = `baton handoff draft (--transcript <file> | --session <id>) [--title <text>] [--as <agent>] [--json]
  Writes a raw handoff (provenance: raw) drafted with no model from a session transcript: a Claude Code session,
  a Codex rollout, a Gemini CLI session (.jsonl) or a pi session. Goal = the first prompt typed; Done = files
  written or edited and commands run, with exit codes and test summaries; State = the last assistant message;
  Pitfalls = tool errors; Next steps = open plan items and questions. What the transcript cannot tell says so.
  --session <id> reads the transcript path from that session's record. The file is streamed: any size works.`;

/** Runs `baton handoff draft` (argv: what follows `draft`). */
export async function runDraft(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('handoff draft', argv);
  if (flags.help) return printUsage(io, draftUsage, flags.json);
  requireEnabled(io);
  // The transcript is on a remote client's machine (the policy refuses this before it gets here).
  if (io.remote) throw new UsageError('`baton handoff draft` does not run over BATON_URL');
  if (flags.transcript === undefined && flags.session === undefined) {
    throw new UsageError(
      'handoff draft needs --transcript <file> or --session <id> — see `baton handoff draft --help`',
    );
  }
  const board = boardFromFlags(io, flags);
  const source = await readTranscriptSource(
    board,
    { transcript: flags.transcript, session: flags.session, agent: flags.as },
    'draft from',
  );
  // The same transcript drafted twice would be two notes saying one thing.
  const already = board.exists ? draftedAlready(board, source) : undefined;
  if (already) {
    if (flags.json) printJson(io, { board: board.root, unchanged: true, id: already.id, path: already.path });
    else {
      io.out(
        `unchanged: ${already.id} was drafted from this transcript at ${already.createdAt}, and the file has not changed since — nothing written (\`baton read ${already.id}\`)\n`,
      );
    }
    echoBoard(io, board);
    return 0;
  }
  const result = writeDraft(board, source, flags.title);
  const skipped = skippedLines(board, result);
  const lineage = writtenLineage(board, result.note);
  if (flags.json) printJson(io, { board: board.root, ...receipt(board, result, skipped.types), lineage });
  else io.out(humanReceipt(result, lineage));
  for (const line of skipped.lines) io.err(`${line}\n`);
  if (result.redacted > 0)
    io.err(`redacted ${result.redacted} credential span(s) from the transcript's text\n`);
  echoBoard(io, board);
  return 0;
}

function receipt(board: Board, result: DraftHandoffResult, unknownTypes: Record<string, number>) {
  const d = result.digest;
  return {
    ...transcriptReceipt(board, result),
    stats: {
      lines: d.lines,
      prompts: d.prompts.count,
      assistantMessages: d.assistantMessages,
      filesChanged: d.files.size + d.filesOmitted,
      commands: d.commandCount,
      failedCommands: d.failedCommands,
      toolErrors: d.errorCount,
      skipped: {
        unknownType: d.unknownLines,
        unknownTypes,
        notJson: d.invalidLines,
        tooLong: d.overlongLines,
        truncatedLastLine: d.truncatedLastLine,
      },
    },
  };
}

function humanReceipt(result: DraftHandoffResult, lineage: string): string {
  const d = result.digest;
  const read = [
    `${d.prompts.count} prompt(s)`,
    `${d.assistantMessages} assistant message(s)`,
    `${d.files.size + d.filesOmitted} file(s) changed`,
    `${d.commandCount} command(s) (${d.failedCommands} failed)`,
    `${d.errorCount} tool error(s)`,
  ];
  return receiptText(result.note, result.path, lineage, {
    how: ` from a ${transcriptHarness(d.harness)} transcript`,
    more: [`read ${d.lines} lines: ${read.join(', ')}`],
  });
}

// What was skipped, as stderr lines and (for --json) unknown types by name. Type names come from the transcript:
// redacted, and escaped for the terminal.
function skippedLines(
  board: Board,
  result: DraftHandoffResult,
): { lines: string[]; types: Record<string, number> } {
  const d = result.digest;
  const types: Record<string, number> = {};
  for (const [type, count] of d.unknownTypes) types[board.redact(type).text] = count;
  const lines: string[] = [];
  if (d.unknownLines > 0) {
    const names = Object.entries(types)
      .map(([type, count]) => `${visibleText(type, { singleLine: true })} ×${count}`)
      .join(', ');
    lines.push(`skipped ${d.unknownLines} line(s) of unknown type: ${names}`);
  }
  if (d.invalidLines > 0) lines.push(`skipped ${d.invalidLines} line(s) that are not JSON objects`);
  if (d.overlongLines > 0) lines.push(`skipped ${d.overlongLines} line(s) longer than 16 MiB`);
  if (d.truncatedLastLine)
    lines.push('the last line is cut off (a transcript still being written?): skipped');
  return { lines, types };
}
