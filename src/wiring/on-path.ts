// Whether an agent's shell finds `baton` by name: the slash commands, the skill and the AGENTS.md block tell agents
// to run `baton …`, while the hooks and the MCP entry run absolute paths and need no PATH.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { batonScript } from './baton-command.js';

/** The first executable file `name` in `env.PATH` (absolute entries only), or undefined. */
export function findOnPath(name: string, env: Record<string, string | undefined>): string | undefined {
  const names = process.platform === 'win32' ? [`${name}.cmd`, `${name}.exe`, name] : [name];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    for (const file of names.map((each) => join(dir, each))) {
      try {
        if (!statSync(file).isFile()) continue;
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // not there, or not executable: the next one
      }
    }
  }
  return undefined;
}

/**
 * What to do when `baton` is not on PATH (undefined when it is): said by `init` as a follow-up and by `doctor`.
 * `script`: this package's bin/baton.js (default: the running one).
 */
export function batonPathAdvice(
  env: Record<string, string | undefined>,
  script: string = batonScript(),
): string | undefined {
  if (findOnPath('baton', env)) return undefined;
  return `\`baton\` is not on PATH: the hooks and the MCP server run ${script} directly, but the slash commands, the skill and AGENTS.md tell agents to run \`baton …\` — run \`npm link\` in ${dirname(dirname(script))} (or install baton globally) so their shell finds it`;
}
