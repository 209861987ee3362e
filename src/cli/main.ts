// The CLI dispatcher: finds the command and loads only its module, so `send` and `poll` stay light.
import { type CliIO, printUsage, processIO, reportError, UsageError, wantsJson } from './io.js';
import { nearestName } from './suggest.js';
import { packageVersion } from './version.js';

type CommandModule = { run(argv: string[], io: CliIO): Promise<number>; usage: string };

/** Every command, loaded on demand. Each lives in its own file under commands/. */
export const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
  init: { summary: 'create the board', load: () => import('./commands/init.js') },
  send: { summary: 'send a direct message', load: () => import('./commands/send.js') },
  inbox: { summary: 'list your messages (no side effects)', load: () => import('./commands/inbox.js') },
  listen: {
    summary: 'wait for messages and print them as they arrive',
    load: () => import('./commands/listen.js'),
  },
  thread: { summary: 'show a conversation', load: () => import('./commands/thread.js') },
  poll: { summary: 'push new mail once (used by hooks)', load: () => import('./commands/poll.js') },
  hook: { summary: 'answer a harness hook (wired by init)', load: () => import('./commands/hook.js') },
  redeliver: { summary: 'push an agent’s messages again', load: () => import('./commands/redeliver.js') },
  register: { summary: 'name this session’s agent', load: () => import('./commands/register.js') },
  sessions: { summary: 'list harness sessions (--live)', load: () => import('./commands/sessions.js') },
  touch: { summary: 'record paths this session touched', load: () => import('./commands/touch.js') },
  'who-else': {
    summary: 'other live sessions that touched a path',
    load: () => import('./commands/who-else.js'),
  },
  continue: {
    summary: 'start a new session that continues a handoff note',
    load: () => import('./commands/continue.js'),
  },
  agents: { summary: 'list agents and unread counts', load: () => import('./commands/agents.js') },
  card: {
    summary: 'cards: topics with findings, questions and answers',
    load: () => import('./commands/card.js'),
  },
  handoff: {
    summary: 'write a six-section handoff note (or a draft from a transcript)',
    load: () => import('./commands/handoff.js'),
  },
  result: { summary: 'write a delegated task’s result note', load: () => import('./commands/result.js') },
  read: { summary: 'print a note', load: () => import('./commands/read.js') },
  index: {
    summary: 'the board index a hook injects (notes, cards, mail, within a budget)',
    load: () => import('./commands/index.js'),
  },
  board: { summary: 'the notes as a lineage timeline', load: () => import('./commands/board.js') },
  search: {
    summary: 'find notes, results, cards and messages by their words',
    load: () => import('./commands/search.js'),
  },
  pack: { summary: 'a context pack: named items within a budget', load: () => import('./commands/pack.js') },
  sync: {
    summary: 'the board to and from other machines, through git',
    load: () => import('./commands/sync.js'),
  },
  gc: { summary: 'remove leftovers of interrupted work', load: () => import('./commands/gc.js') },
  doctor: { summary: 'check the board and report broken files', load: () => import('./commands/doctor.js') },
  demo: { summary: 'create a demo board and show it', load: () => import('./commands/demo.js') },
  mcp: { summary: 'MCP server on stdio (for a harness)', load: () => import('./commands/mcp.js') },
  serve: {
    summary: 'the web UI, MCP over HTTP and the BATON_URL endpoint on 127.0.0.1',
    load: () => import('./commands/serve.js'),
  },
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `baton — a board of plain Markdown files where coding agents and their operator leave messages and cards.

Usage: baton <command> [flags]   (baton <command> --help for its flags)

${lines.join('\n')}
  ${'version'.padEnd(width)}  print baton's version

Every command takes --board <path>, --global, --as <agent> and --json (JSON on stdout; errors as one JSON
object on stderr). Exit codes: 0 ok, 1 failure, 2 usage error, 3 baton is disabled (BATON_DISABLE).
`;
}

/**
 * Runs `baton <argv>`. bin/baton.js has already moved leading global flags (`baton --as bob inbox`) after the
 * command, so here the command comes first; a flag still in front of it is one that belongs after it.
 */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  const [name, ...rest] = argv;
  const json = wantsJson(argv);
  try {
    if (!name || name === '--help' || name === '-h' || name === 'help') {
      if (!name) {
        io.err(help());
        return 2;
      }
      return printUsage(io, help().trimEnd(), json);
    }
    if (name === 'version' || name === '--version' || name === '-v') {
      const version = packageVersion();
      io.out(json ? `${JSON.stringify({ version })}\n` : `baton ${version}\n`);
      return 0;
    }
    const command = COMMANDS[name];
    if (!command) throw new UsageError(unknownCommand(name));
    return await (await command.load()).run(rest, io);
  } catch (error) {
    return reportError(io, error, json);
  }
}

function unknownCommand(name: string): string {
  if (name.startsWith('-')) {
    return `${name} must come after the command: baton <command> [flags] (only --board, --global, --as and --json may come before it)`;
  }
  const near = nearestName(name, [...Object.keys(COMMANDS), 'version']);
  return near
    ? `unknown command ${JSON.stringify(name)} — did you mean ${near}?`
    : `unknown command ${JSON.stringify(name)} — run \`baton --help\` for the list`;
}
