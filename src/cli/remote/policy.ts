// Which command lines a `baton serve` runs for a remote client (`POST /api/cli`). The line is parsed once, by the one
// parser and grammar the commands use; the parsed command is judged — its name, each flag it holds, their values —
// and what runs is the argv written back from that parsed command, which parses to exactly what was judged. Nothing
// that names a path on the server, starts a process there or lasts without end gets through. Pure: argv in, verdict out.
import { intFlag } from '../args.js';
import { type CommandLine, commandLineArgv, type OtherLine, parseCommandLine } from '../command-line.js';
import { GRAMMAR, type GrammarName, SUBCOMMAND_OF } from '../grammar.js';
import { UsageError } from '../io.js';
import { nearestName } from '../suggest.js';

/** The longest `listen --timeout` run for a client: its output comes back only when it ends. */
export const REMOTE_LISTEN_MAX_MS = 60_000;

interface RemoteRule {
  /** The command's own flags it may take over HTTP; `--as`, `--json` and `--help` go everywhere. */
  flags: readonly string[];
  /** Why these parsed values may not run, or undefined. */
  judge?: (line: CommandLine) => string | undefined;
}

const needsYes = (line: CommandLine) =>
  line.flags.yes === true
    ? undefined
    : `\`baton ${line.name}\` over BATON_URL needs --yes: there is no terminal to confirm on`;

/** Every command a remote client may run, and the flags each may take. Anything else is refused. */
export const REMOTE_RULES: Partial<Record<GrammarName, RemoteRule>> = {
  send: { flags: ['to', 'body', 'subject', 'reply', 'from'] },
  inbox: { flags: ['after', 'limit', 'all', 'unread', 'sent'] },
  listen: { flags: ['timeout'], judge: listenTimeout },
  thread: { flags: [] },
  poll: { flags: ['max'] },
  redeliver: { flags: ['after'] },
  register: { flags: [] },
  sessions: { flags: ['live', 'project'] },
  touch: { flags: ['session'] },
  'who-else': { flags: ['session'] },
  agents: { flags: [] },
  'card new': { flags: ['ask', 'session'] },
  'card list': { flags: [] },
  'card read': { flags: [] },
  'card write': { flags: ['type', 'body'] },
  'card ask': { flags: ['session'] },
  'card commit': { flags: ['session'] },
  'card del': { flags: ['yes'], judge: needsYes },
  'card clean': { flags: ['yes'], judge: needsYes },
  'card open': { flags: [] },
  'handoff write': {
    flags: ['title', 'status', 'files', 'session', 'parent-session', 'agent', 'harness'],
  },
  'handoff request': { flags: ['session'] },
  'result write': {
    flags: [
      'stdin',
      'title',
      'status',
      'conclusion',
      'fact',
      'artifact',
      'task',
      'files',
      'session',
      'parent-session',
      'agent',
      'harness',
    ],
  },
  read: { flags: [] },
  index: { flags: ['session', 'budget'] },
  board: { flags: ['project', 'all', 'limit'] },
  search: { flags: ['type', 'project', 'all', 'limit'] },
  pack: { flags: ['budget'] },
  gc: { flags: ['dry-run'] },
  hook: { flags: ['harness'] },
  continue: {
    flags: ['harness', 'print', 'prompt'],
    judge: (line) =>
      line.flags.print === true
        ? undefined
        : '`baton continue` over BATON_URL needs --print: the new session starts on your machine, not the server',
  },
};

const EVERYWHERE = ['as', 'json', 'help'];

// Drafting needs the transcript itself, and the server takes none: not by path, not on stdin.
const TRANSCRIPT_REFUSED =
  'it reads a transcript on your machine, which the server cannot read and does not take on stdin — write the handoff yourself with `baton handoff write` (the six sections on stdin; `baton handoff write --help` lists them)';

const WHY_REFUSED: Record<string, string> = {
  init: "it wires the harnesses of the machine it runs on — wire this one with `BATON_URL= baton init --harness <names>` (it runs here; the hooks it writes reach the served board through BATON_URL and BATON_TOKEN in the harness's environment)",
  doctor:
    "it checks the machine it runs on — check this one's wiring with `BATON_URL= baton doctor`, and the served board with `baton agents` (that runs over BATON_URL)",
  serve: 'it starts a server — run it on the board machine',
  mcp: 'the MCP server runs on your machine (`baton mcp` with BATON_URL bridges to the served /mcp)',
  demo: 'it creates a demo board — run it without BATON_URL',
  sync: 'it moves the board through git on the board machine — run it there',
  'handoff draft': TRANSCRIPT_REFUSED,
  'handoff generate': TRANSCRIPT_REFUSED,
};

const WHY_FLAG: Record<string, string> = {
  board:
    'does not apply over BATON_URL: the served board is the board — unset BATON_URL to use a local board',
  global:
    'does not apply over BATON_URL: the served board is the board — unset BATON_URL to use a local board',
  file: 'names a file on your machine, which the server cannot read — pipe its content on stdin instead',
  transcript:
    'names a file on your machine, which the server cannot read — pipe its content on stdin instead',
  exec: 'starts the harness headless, a process the server never starts — run it on your machine: `baton continue <note-id> --print` gives the command',
};

/** What the server does with a command line: run `argv` (the judged line written back), say its version, or refuse. */
export type RemoteVerdict =
  | { run: CommandLine; argv: string[] }
  | { version: true; json: boolean }
  | { refused: string; usage: boolean };

const VERSION = new Set(['version', '--version', '-v']);
const HELP = new Set(['help', '--help', '-h']);

/** Judges `argv` (`<command> [args…]`). A usage mistake is refused with the command's own words (`usage`). */
export function judgeRemote(argv: readonly string[]): RemoteVerdict {
  let line: CommandLine | OtherLine;
  try {
    line = parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return { refused: error.message, usage: true };
    throw error;
  }
  if ('other' in line) return judgeOther(line.other, argv);
  const rule = REMOTE_RULES[line.name];
  if (!rule) return refused(line.name);
  for (const [flag, value] of Object.entries(line.flags)) {
    if (value === undefined || EVERYWHERE.includes(flag) || rule.flags.includes(flag)) continue;
    const why = WHY_FLAG[flag] ?? `does not apply to \`baton ${line.name}\` over BATON_URL`;
    return { refused: `--${flag} ${why}`, usage: true };
  }
  const why = rule.judge?.(line);
  if (why) return { refused: why, usage: true };
  return { run: line, argv: commandLineArgv(line) };
}

// A line that names no command of the grammar: the version, or a usage error said here. Help is printed by the
// client's own baton, and a subcommand the grammar does not know is never looked up in a command's module.
function judgeOther(name: string, argv: readonly string[]): RemoteVerdict {
  if (VERSION.has(name)) return { version: true, json: argv.slice(1).includes('--json') };
  if (WHY_REFUSED[name]) return refused(name);
  const usage = (message: string): RemoteVerdict => ({ refused: message, usage: true });
  if (SUBCOMMAND_OF.has(name)) {
    const sub = argv[1];
    const subs = grammarNames()
      .filter((key) => key.startsWith(`${name} `))
      .map((key) => key.slice(name.length + 1));
    if (sub === undefined || HELP.has(sub)) {
      return usage(`see \`baton ${name} --help\` on your machine: ${name} takes ${subs.join(', ')}`);
    }
    const near = nearestName(sub, subs);
    return usage(
      `unknown subcommand ${JSON.stringify(sub)} for \`baton ${name}\` — ${near ? `did you mean ${near}? ` : ''}use one of ${subs.join(', ')}`,
    );
  }
  if (name === '' || HELP.has(name)) return usage('run `baton --help` on your machine for the commands');
  if (name.startsWith('-')) {
    return usage(
      `${name} must come after the command: baton <command> [flags] (only --board, --global, --as and --json may come before it)`,
    );
  }
  const commands = [...new Set(grammarNames().map((key) => key.split(' ')[0]!)), 'version'];
  const near = nearestName(name, commands);
  return usage(
    near
      ? `unknown command ${JSON.stringify(name)} — did you mean ${near}?`
      : `unknown command ${JSON.stringify(name)} — run \`baton --help\` for the list`,
  );
}

function grammarNames(): string[] {
  return Object.keys(GRAMMAR);
}

function refused(name: string): RemoteVerdict {
  const why = WHY_REFUSED[name];
  return {
    refused: why
      ? `\`baton ${name}\` does not run over BATON_URL: ${why}`
      : `\`baton ${name}\` does not run over BATON_URL — the server runs: ${Object.keys(REMOTE_RULES).join(', ')}`,
    usage: true,
  };
}

function listenTimeout(line: CommandLine): string | undefined {
  const given = line.flags.timeout;
  let ms = 0;
  try {
    ms = typeof given === 'string' ? intFlag('timeout', given, 0) : 0;
  } catch {
    ms = 0;
  }
  return ms >= 1 && ms <= REMOTE_LISTEN_MAX_MS
    ? undefined
    : `\`baton listen\` over BATON_URL needs --timeout <ms> (1 to ${REMOTE_LISTEN_MAX_MS}): it answers with the first mail, or nothing when the time is up`;
}

/** Whether the command reads stdin (given its parsed flags): only then does the client send its stdin. */
export function readsStdin(line: CommandLine): boolean {
  switch (line.name) {
    case 'hook':
    case 'card commit':
    case 'handoff write':
    case 'result write':
      return true;
    case 'send':
    case 'card write':
      return line.flags.body === undefined;
    default:
      return false;
  }
}
