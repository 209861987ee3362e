// The command lines that start a harness with a first message, and that resume one of its sessions by id, as each
// harness's own CLI documents them (each harness's start and resume in src/harnesses/<name>/harness.ts, with where
// they came from); and POSIX shell quoting to print them.

import { HARNESS_NAMES, type HarnessName, harnessInfo, isHarnessName } from '../../harnesses/registry.js';
import { nameProblem } from '../store/names.js';
import { UNWIRED_HARNESSES } from './process-tree.js';

/** The harnesses `baton continue` can start: every one in the registry. */
export const STARTABLE_HARNESSES = HARNESS_NAMES;
export type StartableHarness = HarnessName;

export function isStartableHarness(name: string): name is StartableHarness {
  return isHarnessName(name);
}

/**
 * argv that starts an interactive session of `harness` whose first message is `message`; `args` (for the harness)
 * right after its program name.
 */
export function startCommand(
  harness: StartableHarness,
  message: string,
  args: readonly string[] = [],
): string[] {
  const [program, ...rest] = harnessInfo(harness).start(message);
  return [program!, ...args, ...rest];
}

/** argv that runs `harness` headless on `message` (its own non-interactive mode), or undefined when it has none. */
export function headlessCommand(
  harness: StartableHarness,
  message: string,
  args: readonly string[] = [],
): string[] | undefined {
  return harnessInfo(harness).headless?.(message, args);
}

/** argv that resumes session `id` of `harness`. */
export function resumeCommand(harness: StartableHarness, id: string): string[] {
  return harnessInfo(harness).resume(id);
}

// Ids baton makes up for a session it could not ask the harness about (`claude-4242-88123`, `shell-77-x`): the
// harness never heard of them, so there is nothing to resume.
const MADE_UP_ID = new RegExp(
  `^(${[...HARNESS_NAMES, ...UNWIRED_HARNESSES, 'shell'].join('|')})-\\d+-(\\d+|x)$`,
);

/** Whether `id` can be the harness's own session id (not one baton made up from a process id). */
export function isHarnessSessionId(id: string): boolean {
  return id !== '' && !MADE_UP_ID.test(id) && nameProblem('session', id) === undefined;
}

const SAFE_WORD = /^[A-Za-z0-9_/.,:=@%+-]+$/;

/** One argument for a POSIX shell: as it is when it holds only safe characters, else in single quotes. */
export function shellQuote(arg: string): string {
  if (SAFE_WORD.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A command line a person can paste into a POSIX shell: `cd <cwd> && [NAME=value …] argv…`. */
export function shellLine(
  argv: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): string {
  const env = Object.entries(options.env ?? {}).map(([name, value]) => `${name}=${shellQuote(value)}`);
  const command = [...env, ...argv.map(shellQuote)].join(' ');
  return options.cwd === undefined ? command : `cd ${shellQuote(options.cwd)} && ${command}`;
}
