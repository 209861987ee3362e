// Which command lines a `baton serve` runs for a remote client (`POST /api/cli`): the commands that act on the served
// board, never one that sets up a machine, starts a server, reads the server's own files or asks for another board.
// Pure: an argv in, a refusal (or none) out.

/** The longest `listen --timeout` run for a client: its output comes back only when it ends. */
export const REMOTE_LISTEN_MAX_MS = 60_000;

// Commands that act on the board and nothing else. `continue` is here for `--print` only (checked below).
const ALLOWED = new Set([
  'send',
  'inbox',
  'listen',
  'thread',
  'poll',
  'redeliver',
  'register',
  'sessions',
  'touch',
  'who-else',
  'agents',
  'card',
  'handoff',
  'result',
  'read',
  'index',
  'board',
  'pack',
  'gc',
  'hook',
  'continue',
]);

const WHY_REFUSED: Record<string, string> = {
  init: 'it sets up a board and harness wiring on the machine it runs on — run it on the board machine',
  doctor: 'it checks the machine it runs on — run it on the board machine',
  serve: 'it starts a server — run it on the board machine',
  mcp: 'the MCP server runs on your machine (`baton mcp` with BATON_URL bridges to the served /mcp)',
  demo: 'it creates a demo board — run it without BATON_URL',
  sync: 'it moves the board through git on the board machine — run it there',
};

// Flags naming a file on the client's machine: the server must never read its own file of that name.
const FILE_FLAGS = ['--file', '--transcript'];

/**
 * Why `argv` (`<command> [args…]`) may not run on the served board, or undefined when it may. Every refusal names
 * the way forward. A name that is no command at all (`version`, `--help`, a typo) passes: the CLI answers it.
 */
export function remoteRefusal(
  argv: readonly string[],
  isCommand: (name: string) => boolean,
): string | undefined {
  const [command = '', sub] = argv;
  const flags = argv.slice(1, endOfFlags(argv));
  if (!isCommand(command)) return undefined;
  if (!ALLOWED.has(command)) {
    const why = WHY_REFUSED[command];
    return why
      ? `\`baton ${command}\` does not run over BATON_URL: ${why}`
      : `\`baton ${command}\` does not run over BATON_URL — the server runs: ${[...ALLOWED].join(', ')}`;
  }
  for (const flag of flags) {
    const name = flag.split('=', 1)[0]!;
    if (name === '--board' || name === '--global') {
      return `${name} does not apply over BATON_URL: the served board is the board — unset BATON_URL to use a local board`;
    }
    if (FILE_FLAGS.includes(name)) {
      return `${name} names a file on your machine, which the server cannot read — pipe its content on stdin instead`;
    }
  }
  if (command === 'continue' && !flags.includes('--print')) {
    return '`baton continue` over BATON_URL needs --print: the new session starts on your machine, not the server';
  }
  if (command === 'handoff' && (sub === 'draft' || sub === 'generate')) {
    return `\`baton handoff ${sub}\` reads a transcript on your machine, which the server cannot read — write the handoff with \`baton handoff write\` (six sections on stdin)`;
  }
  if (command === 'card' && (sub === 'del' || sub === 'clean') && !flags.includes('--yes')) {
    return `\`baton card ${sub}\` over BATON_URL needs --yes: there is no terminal to confirm on`;
  }
  if (command === 'listen') return listenRefusal(flags);
  return undefined;
}

function listenRefusal(flags: string[]): string | undefined {
  const at = flags.findIndex((flag) => flag === '--timeout' || flag.startsWith('--timeout='));
  const value = at === -1 ? undefined : (flags[at]!.split('=')[1] ?? flags[at + 1]);
  const ms = value === undefined ? Number.NaN : Number(value);
  if (!Number.isInteger(ms) || ms <= 0 || ms > REMOTE_LISTEN_MAX_MS) {
    return `\`baton listen\` over BATON_URL needs --timeout <ms> (1 to ${REMOTE_LISTEN_MAX_MS}): it answers with the first mail, or nothing when the time is up`;
  }
  return undefined;
}

// Flags end at `--`: what follows is text (a body, a title), never a flag.
function endOfFlags(argv: readonly string[]): number {
  const end = argv.indexOf('--');
  return end === -1 ? argv.length : end;
}

/** The commands that read stdin (given these arguments): only then does the client send its stdin. */
export function readsStdin(argv: readonly string[]): boolean {
  const [command, sub] = argv;
  const flags = argv.slice(1, endOfFlags(argv));
  const hasBody = flags.some((flag) => flag === '--body' || flag.startsWith('--body='));
  if (command === 'hook') return true;
  if (command === 'send') return !hasBody;
  if (command === 'card') return (sub === 'write' && !hasBody) || sub === 'commit';
  if (command === 'handoff' || command === 'result') return sub === 'write';
  return false;
}
