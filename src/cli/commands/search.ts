// `baton search <words> [--type note,result,card,message] [--project <key> | --all] [--limit n] [--json]` — the
// board's notes, results, cards and messages, best match first, from the same index `baton serve` holds.
import { requireBoard } from '../../core/board/open-board.js';
import { formatSearchHits, openCommand } from '../../core/display/search-hits.js';
import { projectKeyProblem } from '../../core/notes/note.js';
import { isSearchType, MAX_QUERY, SEARCH_TYPES, type SearchType } from '../../core/search/documents.js';
import { indexBoard } from '../../core/search/search-index.js';
import { projectGroup } from '../../core/sessions/project-aliases.js';
import { intFlag } from '../args.js';
import { boardFromFlags, printJson, reportProblems, requireEnabled } from '../board-flags.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

const DEFAULT_LIMIT = 20;

export const usage = `baton search <words> [--type <types>] [--project <key> | --all] [--limit <n>] [--json]
  The board's notes, results, cards and messages (a fan-out once) that hold every word, best match first: titles
  weigh most; a word of 2+ letters also matches as a prefix ("flak" finds "flaky"), one of 5+ also with a typo.
  Each hit: type, id, time, title (project), and the lines around the first match.
  --type     only these: ${SEARCH_TYPES.join(', ')} (comma-separated)
  --project  only the notes and results of this project key (cards and messages belong to no project)
  --all      every project (the default)
  --limit    hits shown, best first (default ${DEFAULT_LIMIT}; 0 = all)
  Open a hit with \`baton read <note-id>\`, \`baton card read <card-id>\` or \`baton thread <message-id>\`.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags, positionals } = parseFor('search', argv);
  if (flags.help) return printUsage(io, usage, flags.json);
  requireEnabled(io);
  const query = positionals.join(' ').trim();
  if (query === '') throw new UsageError('search for something: baton search <words>');
  if (query.length > MAX_QUERY) throw new UsageError(`a search is at most ${MAX_QUERY} characters`);
  const types = typesOf(flags.type);
  const limit = intFlag('limit', flags.limit, DEFAULT_LIMIT);
  if (flags.all && flags.project !== undefined) throw new UsageError('--project and --all: pass only one');
  if (flags.project !== undefined && projectKeyProblem(flags.project)) {
    throw new UsageError(
      `--project ${JSON.stringify(flags.project)} is not a project key (see \`baton board --all\`)`,
    );
  }
  const board = boardFromFlags(io, flags);
  requireBoard(board);
  const projects = flags.project === undefined ? undefined : projectGroup(board, flags.project);
  const { index, report } = indexBoard(board);
  const answer = index.search(query, {
    types,
    projects,
    limit: limit === 0 ? Number.MAX_SAFE_INTEGER : limit,
  });
  reportProblems(io, report.problems);
  if (flags.json) {
    printJson(io, {
      board: board.root,
      query,
      types: types ?? null,
      project: projects?.[0] ?? null,
      total: answer.total,
      hits: answer.hits,
    });
    return 0;
  }
  if (answer.hits.length === 0) {
    io.out(`nothing matches ${JSON.stringify(query)} — every word must match; try fewer or shorter words\n`);
    return 0;
  }
  const more =
    answer.total > answer.hits.length
      ? `… ${answer.total - answer.hits.length} more (--limit 0 shows every one)\n`
      : '';
  io.out(`${formatSearchHits(answer.hits)}\n${more}open one: ${openCommand(answer.hits[0]!)}\n`);
  return 0;
}

// `--type note,card` (or --type given twice); an unknown type is a usage error naming the ones there are.
function typesOf(value: string | undefined): SearchType[] | undefined {
  if (value === undefined) return undefined;
  const types: SearchType[] = [];
  for (const raw of value.split(',')) {
    const type = raw.trim();
    if (!isSearchType(type)) {
      throw new UsageError(`--type must be one of ${SEARCH_TYPES.join(', ')}, got ${JSON.stringify(type)}`);
    }
    if (!types.includes(type)) types.push(type);
  }
  return types;
}
