// Commands made of subcommands (`baton card …`, `baton handoff …`): one dispatcher, one way to say what is wrong.
import { type CliIO, printUsage, UsageError } from './io.js';
import { nearestName } from './suggest.js';

export type Subcommand = (argv: string[], io: CliIO) => Promise<number>;

/**
 * Runs `argv[0]` of `subcommands`; no name, `--help` and an unknown name answer as every command does. `elsewhere`:
 * names a person may type here that are commands of their own (`handoff read` → `baton read <note-id>`).
 */
export function runSubcommand(
  command: string,
  subcommands: Record<string, Subcommand>,
  usage: string,
  argv: string[],
  io: CliIO,
  elsewhere: Record<string, string> = {},
): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) throw new UsageError(`${command} needs a subcommand — see \`baton ${command} --help\``);
  if (name === '--help' || name === '-h' || name === 'help') {
    return Promise.resolve(printUsage(io, usage, rest.includes('--json')));
  }
  const sub = Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
  if (!sub && Object.hasOwn(elsewhere, name)) {
    throw new UsageError(
      `unknown subcommand ${JSON.stringify(name)} for \`baton ${command}\` — it is a command of its own: \`${elsewhere[name]}\` (${command} takes ${Object.keys(subcommands).join(', ')})`,
    );
  }
  if (!sub) {
    const near = nearestName(name, Object.keys(subcommands));
    throw new UsageError(
      `unknown subcommand ${JSON.stringify(name)} for \`baton ${command}\` — ${near ? `did you mean ${near}? ` : ''}use one of ${Object.keys(subcommands).join(', ')}`,
    );
  }
  return sub(rest, io);
}
