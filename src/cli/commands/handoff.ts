// `baton handoff write|draft|generate|request` — six-section handoff notes, chained session to session.
import { actingAgentIfAny } from '../../core/agents/identity.js';
import { sectionsTemplate } from '../../core/notes/sections.js';
import { writeHandoff } from '../../core/notes/write.js';
import { requestHandoff } from '../../core/pending/request.js';
import { KNOWN_FORMATS } from '../../core/transcripts/read-transcript.js';
import { boardFromFlags, echoBoard, requireEnabled } from '../board-flags.js';
import { printRequest } from '../card-two-phase.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';
import { printReceipt, readNoteInput } from '../note-writes.js';
import { runSubcommand, type Subcommand } from '../subcommands.js';

export const usage = `baton handoff <subcommand> [flags]
  write [--file <path>]             write a handoff note; the body (six sections) from --file or stdin
        [--title <t>] [--status ok|error] [--files a,b] [--session <id>] [--parent-session <id>]
        [--agent <name>] [--harness <name>]
                                    every field not given comes from this session's record and the git checkout
  draft --transcript <file>         a mechanical (zero-LLM) draft from a ${KNOWN_FORMATS}
                                    transcript
  draft --session <id>              … from that session's transcript
  generate (--session <id> | --transcript <file>) [--model <name>]
                                    a curated handoff written by a language model from the transcript
                                    (BATON_LLM_URL + BATON_LLM_MODEL, or config.json "llm": see its --help)
  request [--session <id>] [focus…] ask a live session's agent for its handoff (two-phase): its next reply holds
                                    one \`\`\`handoff block, which the stop hook writes as the note (or
                                    \`baton card commit --session <id> < reply\`)
The body holds these six sections, in any order (Chinese headings are accepted too), none empty:

${sectionsTemplate()}

Read a note with \`baton read <id>\`; see the lineage with \`baton board\`.`;

const SUBCOMMANDS: Record<string, Subcommand> = {
  write,
  request,
  draft: async (argv, io) => (await import('../handoff-draft.js')).runDraft(argv, io),
  generate: async (argv, io) => (await import('../handoff-generate.js')).runGenerate(argv, io),
};

export function run(argv: string[], io: CliIO): Promise<number> {
  return runSubcommand('handoff', SUBCOMMANDS, usage, argv, io, {
    read: 'baton read <note-id>',
    board: 'baton board',
  });
}

async function write(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('handoff write', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  if (flags.agent && flags.as && flags.agent !== flags.as) {
    throw new UsageError(`--agent ${flags.agent} and --as ${flags.as} disagree — pass only one`);
  }
  if (flags.status !== undefined && !['ok', 'error'].includes(flags.status)) {
    throw new UsageError(`--status must be ok or error, got ${JSON.stringify(flags.status)}`);
  }
  const body = await readNoteInput(io, flags.file);
  const board = boardFromFlags(io, flags);
  const result = writeHandoff(board, {
    body,
    title: flags.title,
    status: flags.status,
    files: flags.files?.split(','),
    session: flags.session,
    parentSession: flags['parent-session'],
    as: flags.agent ?? flags.as ?? actingAgentIfAny(board),
    harness: flags.harness,
  });
  printReceipt(io, board, result, flags.json);
  echoBoard(io, board);
  return 0;
}

async function request(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseFor('handoff request', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const board = boardFromFlags(io, flags);
  const intent = positionals.join(' ');
  return printRequest(io, board, flags, (requestedBy) =>
    requestHandoff(board, { intent, session: flags.session, requestedBy }),
  );
}
