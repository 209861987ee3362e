// `baton <args>` in this process: the CLI's main() with a captured CliIO, for tests of what a command prints and
// which exit code it gives, without starting Node (spawn tests of the built binary keep what only a process shows:
// the hot bundles, pipes, signals, the session found through the process tree).
import { main } from '../../src/cli/main.js';
import { cleanEnv, type RunResult } from './testdir.js';

export interface CliOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Stdin, read whole (a pipe, never a terminal). */
  input?: string;
}

/**
 * Runs `baton <args>` as main() does for the process: the same environment a spawned test gets (no BATON_* of the
 * developer's, HOME an empty folder, which the board resolver reads for ~/.baton), output captured whole.
 */
export async function cli(args: string[], options: CliOptions): Promise<RunResult> {
  const env = cleanEnv(options.env);
  let stdout = '';
  let stderr = '';
  const home = process.env.HOME;
  process.env.HOME = env.HOME;
  try {
    const code = await main(args, {
      env,
      cwd: options.cwd,
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
      readStdin: async () => options.input ?? '',
      flush: async () => {},
    });
    return { code, stdout, stderr };
  } finally {
    process.env.HOME = home;
  }
}
