// The command lines that start a harness with a first message, and that resume one of its sessions by id, as each
// harness's own CLI documents them; and POSIX shell quoting to print them.
//
// Where each came from (looked up, not guessed; versions move, so `<harness> --help` has the last word):
// - Claude Code: `claude "query"` starts the interactive REPL with an initial prompt; `claude --resume <id>`
//   (`-r`) resumes a session by id. CLI reference, docs.anthropic.com/en/docs/claude-code/cli-reference.
// - Codex: `codex [OPTIONS] [PROMPT]` starts the interactive TUI with a prompt; `codex resume [SESSION_ID]`
//   resumes a previous interactive session (picker without an id). openai/codex codex-rs/cli/src/main.rs
//   (`override_usage`, `Subcommand::Resume`, `ResumeCommand { session_id }`).
// - Gemini CLI: `--prompt-interactive` (`-i`) "Execute the provided prompt and continue in interactive mode";
//   `--resume` (`-r`) takes "latest", an index or a session UUID, and sessions are per project, so it runs in the
//   session's folder. google-gemini/gemini-cli packages/cli/src/config/config.ts, packages/cli/src/utils/
//   sessionUtils.ts; geminicli.com/docs/cli/session-management.
// - opencode: the TUI (`opencode [project]`) takes `--prompt` ("prompt to use", submitted on start again since the
//   1.0.1xx regression, anomalyco/opencode#4700) and `--session` (`-s`) "session id to continue".
//   anomalyco/opencode packages/opencode/src/cli/cmd/tui/thread.ts; opencode.ai/docs/cli.
// - pi: `pi [options] [@files...] [messages...]` starts interactive mode with the messages as the first prompts;
//   `--session <path>` uses a session file, and an argument without `/` is matched as a session id prefix.
//   badlogic/pi-mono packages/coding-agent/src/cli/args.ts (printHelp) and src/main.ts (resolveSessionPath).

import { nameProblem } from '../store/names.js';

/** The harnesses `baton continue` can start. */
export const STARTABLE_HARNESSES = ['claude', 'codex', 'gemini', 'opencode', 'pi'] as const;
export type StartableHarness = (typeof STARTABLE_HARNESSES)[number];

export function isStartableHarness(name: string): name is StartableHarness {
  return (STARTABLE_HARNESSES as readonly string[]).includes(name);
}

/** argv that starts an interactive session of `harness` whose first message is `message`. */
export function startCommand(harness: StartableHarness, message: string): string[] {
  switch (harness) {
    case 'claude':
      return ['claude', message];
    case 'codex':
      return ['codex', message];
    case 'gemini':
      return ['gemini', '--prompt-interactive', message];
    case 'opencode':
      return ['opencode', '--prompt', message];
    case 'pi':
      return ['pi', message];
  }
}

/** argv that resumes session `id` of `harness`. */
export function resumeCommand(harness: StartableHarness, id: string): string[] {
  switch (harness) {
    case 'claude':
      return ['claude', '--resume', id];
    case 'codex':
      return ['codex', 'resume', id];
    case 'gemini':
      return ['gemini', '--resume', id];
    case 'opencode':
      return ['opencode', '--session', id];
    case 'pi':
      return ['pi', '--session', id];
  }
}

// Ids baton makes up for a session it could not ask the harness about (`claude-4242-88123`, `shell-77-x`): the
// harness never heard of them, so there is nothing to resume.
const MADE_UP_ID = /^(claude|codex|gemini|opencode|pi|cursor|shell)-\d+-(\d+|x)$/;

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
