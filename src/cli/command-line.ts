// A whole command line (`<command> [<subcommand>] [flags] [positionals]`) parsed once, by the one parser and the one
// grammar, into a typed value — and written back as the one argv that parses to exactly that value. The remote
// server judges the parsed value and runs the written-back argv, so no word can mean one thing to the judge and
// another to the command.
import { parseCommandArgs } from './args.js';
import { GRAMMAR, type Grammar, type GrammarName, isGrammarName, SUBCOMMAND_OF } from './grammar.js';

export type FlagValues = Record<string, string | boolean | string[]>;

export interface CommandLine {
  /** `send`, or `card write`: the grammar's key. */
  name: GrammarName;
  command: string;
  sub?: string;
  flags: FlagValues;
  positionals: string[];
}

/** What a line that names no command parses to: help, the version, or an unknown name (the CLI answers those). */
export interface OtherLine {
  other: string;
}

const HELP = new Set(['--help', '-h', 'help']);

/**
 * Parses `argv` (command first). A line asking for a subcommand command's help (`card --help`) is the `help`
 * flag of no subcommand: it is returned as `{other}` too. Throws UsageError as the command itself would.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine | OtherLine {
  const [command = '', second, ...rest] = argv;
  if (SUBCOMMAND_OF.has(command)) {
    if (second === undefined || HELP.has(second)) return { other: command };
    const name = `${command} ${second}`;
    if (!isGrammarName(name)) return { other: command };
    return { name, command, sub: second, ...parse(name, rest) };
  }
  if (!isGrammarName(command)) return { other: command };
  return { name: command, command, ...parse(command, argv.slice(1)) };
}

function parse(name: GrammarName, argv: string[]): { flags: FlagValues; positionals: string[] } {
  const grammar: Grammar = GRAMMAR[name];
  const { flags, positionals } = parseCommandArgs(name, argv, grammar.flags, grammar.positionals);
  return { flags: flags as FlagValues, positionals };
}

/**
 * The argv that parses back to `line`: every flag as `--name=value` (a value is never taken for a flag, nor a flag
 * for a value), booleans bare, then `--` and the positionals (never read as flags).
 */
export function commandLineArgv(line: CommandLine): string[] {
  const out = line.sub === undefined ? [line.command] : [line.command, line.sub];
  for (const [name, value] of Object.entries(line.flags)) {
    if (value === true) out.push(`--${name}`);
    else if (typeof value === 'string') out.push(`--${name}=${value}`);
    else if (Array.isArray(value)) for (const item of value) out.push(`--${name}=${item}`);
  }
  out.push('--', ...line.positionals);
  return out;
}
