// Strict flag parsing for one command: unknown flags and missing values are usage errors (exit 2).
//
// Not node:util parseArgs: it refuses a value that starts with a dash (`--body "- item one"`), and Markdown
// lists start with one. Here, as in git and commander, a flag that takes a value takes the next argument,
// whatever it holds; `--flag=value` works too, and `--` ends the flags.
import { UsageError } from './io.js';

export type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

/** Flags every command accepts (SPEC §4). */
export const COMMON_FLAGS = {
  board: { type: 'string' },
  global: { type: 'boolean' },
  as: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies FlagSpec;

type FlagValue<S> = S extends { type: 'boolean' }
  ? boolean
  : S extends { multiple: true }
    ? string[]
    : string;

export interface ParsedArgs<F extends FlagSpec> {
  flags: { [K in keyof (F & typeof COMMON_FLAGS)]?: FlagValue<(F & typeof COMMON_FLAGS)[K]> };
  positionals: string[];
}

// A flag is a dash followed by a letter; anything else that starts with a dash (`-`, `- item`, `-1`) is an
// ordinary argument, so a title or number that happens to start with one is never mistaken for a flag.
const LONG = /^--([A-Za-z][\w-]*)(?:=([\s\S]*))?$/;
const SHORT = /^-[A-Za-z]/;

/**
 * Parses `argv` against `flags` plus COMMON_FLAGS. A string flag takes the next argument as its value
 * (`--body "- a list item"`), or the text after `=`; a boolean flag takes none (`--json=x` is refused);
 * `multiple` flags collect every occurrence; `--` makes everything after it positional. Throws UsageError for
 * an unknown flag, a missing value, or more than `maxPositionals` positionals, each naming the flag and the
 * command's help.
 */
export function parseCommandArgs<F extends FlagSpec>(
  command: string,
  argv: string[],
  flags: F,
  maxPositionals = 0,
): ParsedArgs<F> {
  const spec: FlagSpec = { ...COMMON_FLAGS, ...flags };
  const shorts = new Map(
    Object.entries(spec).flatMap(([name, s]) => (s.short ? [[s.short, name] as const] : [])),
  );
  const help = ` — see \`baton ${command} --help\``;
  const values: Record<string, string | boolean | string[]> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const long = LONG.exec(arg);
    if (!long && !SHORT.test(arg)) {
      positionals.push(arg);
      continue;
    }
    const name = long ? long[1]! : shorts.get(arg.slice(1));
    // Own keys only: `--constructor` or `--toString` are unknown flags, not Object.prototype's members.
    const option = name !== undefined && Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (name === undefined || !option)
      throw new UsageError(`unknown flag ${flagOf(arg)} for \`baton ${command}\`${help}`);
    const inline = long?.[2];
    if (option.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value${help}`);
      values[name] = true;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new UsageError(`--${name} needs a value${help}`);
      value = argv[++i]!;
    }
    if (option.multiple) values[name] = [...((values[name] as string[] | undefined) ?? []), value];
    else values[name] = value;
  }
  if (positionals.length > maxPositionals) {
    throw new UsageError(
      `unexpected argument ${JSON.stringify(positionals[maxPositionals])} for \`baton ${command}\`${help}`,
    );
  }
  return { flags: values as ParsedArgs<F>['flags'], positionals };
}

function flagOf(arg: string): string {
  const equals = arg.indexOf('=');
  return equals > 0 ? arg.slice(0, equals) : arg;
}

/**
 * A whole-number flag: `fallback` when absent, else a usage error naming the flag when it is not a whole
 * number, is below `min` (default 0: counts are never negative) or is too large to be exact.
 */
export function intFlag(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  const text = value.trim();
  if (!/^[-+]?\d+$/.test(text))
    throw new UsageError(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
  const number = Number(text);
  if (number < min) throw new UsageError(`--${name} must be ${min} or more, got ${text}`);
  if (!Number.isSafeInteger(number)) throw new UsageError(`--${name} is too large, got ${text}`);
  return number;
}
