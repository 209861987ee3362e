// Strict flag parsing for one command: unknown flags and missing values are usage errors (exit 2).
import { parseArgs } from 'node:util';
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

export interface ParsedArgs<F extends FlagSpec> {
  flags: {
    [K in keyof (F & typeof COMMON_FLAGS)]?: (F & typeof COMMON_FLAGS)[K]['type'] extends 'boolean'
      ? boolean
      : string;
  };
  positionals: string[];
}

export function parseCommandArgs<F extends FlagSpec>(
  command: string,
  argv: string[],
  flags: F,
  maxPositionals = 0,
): ParsedArgs<F> {
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...COMMON_FLAGS, ...flags },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.positionals.length > maxPositionals) {
      throw new UsageError(
        `unexpected argument ${JSON.stringify(parsed.positionals[maxPositionals])} for \`baton ${command}\` — see \`baton ${command} --help\``,
      );
    }
    return { flags: parsed.values as ParsedArgs<F>['flags'], positionals: parsed.positionals };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const message = (error as Error).message;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const flag = /'([^']+)'/.exec(message)?.[1] ?? '';
      throw new UsageError(`unknown flag ${flag} for \`baton ${command}\` — see \`baton ${command} --help\``);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      const flag = /'([^']+)'/.exec(message)?.[1]?.split(' ')[0] ?? '';
      throw new UsageError(`${flag} needs a value — see \`baton ${command} --help\``);
    }
    throw new UsageError(`${message.split('\n')[0]} — see \`baton ${command} --help\``);
  }
}

/** A non-negative integer flag, or a usage error naming the flag. */
export function intFlag(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value))
    throw new UsageError(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}
