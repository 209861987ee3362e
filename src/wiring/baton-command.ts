// The command line a harness runs to reach baton: absolute node + bin/baton.js, and how to tell baton's hook entries
// from a person's own.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { HookEvent } from '../harnesses/types.js';

/** The baton event names `baton hook` takes. */
export type { HookEvent };

/**
 * `[node, bin/baton.js]` as absolute real paths: the node running now and the package's own bin script. The module
 * is bundled into dist/cli.js or dist/chunks/*.js (or run from src/ in tests), so the package root is the nearest
 * folder above it holding bin/baton.js. Absolute paths, because a harness's hook or an agent's shell may not have
 * baton (or the same node) on its PATH.
 */
export function batonCommand(): string[] {
  return [realOr(process.execPath), batonScript()];
}

let script: string | undefined;

/** The real path of this package's bin/baton.js. */
export function batonScript(): string {
  if (script !== undefined) return script;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'bin', 'baton.js');
    if (existsSync(candidate) && existsSync(join(dir, 'package.json'))) {
      script = realOr(candidate);
      return script;
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`bin/baton.js not found above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** `text` quoted for sh: single quotes, a single quote inside written as '\''. */
export function shQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * What a harness runs for a hook: the hook gate (`/bin/sh <package>/dist/hook-gate.sh`, see hooks/gate/script.ts)
 * before `command`, so a hook with nothing to do starts no node; `command` alone on Windows, or when the package has
 * no gate (a command that is not this package's `[node, bin/baton.js]`).
 */
export function gatedCommand(command: string[] = batonCommand()): string[] {
  const gate = shScript(command, 'hook-gate.sh');
  return gate ? ['/bin/sh', gate, ...command] : command;
}

/** The package's dist/<name> sh script beside `[node, bin/baton.js]`, where there is one and sh runs it (not Windows). */
function shScript(command: string[], name: string): string | undefined {
  if (process.platform === 'win32' || command.length !== 2) return undefined;
  const script = join(dirname(dirname(command[1]!)), 'dist', name);
  return existsSync(script) ? script : undefined;
}

/**
 * What a harness runs as baton's MCP server, as `[command, ...args]`: the MCP front (`/bin/sh
 * <package>/dist/mcp-front.sh`, see mcp/front/script.ts) before `command mcp`, so a session's handshake starts no
 * node (it starts at the first tool call); `command mcp` alone on Windows, or when the package has no front.
 */
export function mcpServerCommand(command: string[] = batonCommand()): [string, ...string[]] {
  const [first, ...rest] = command;
  if (first === undefined) throw new Error('no command to run baton');
  const front = shScript(command, 'mcp-front.sh');
  return front ? ['/bin/sh', front, ...command, 'mcp'] : [first, ...rest, 'mcp'];
}

/**
 * The hook command written into a harness's settings: `'/bin/sh' '<gate>' '<node>' '<baton.js>' hook <event>
 * --harness <harness>` (without the gate where there is none: see gatedCommand).
 */
export function hookCommandLine(
  event: HookEvent,
  harness: string,
  command: string[] = batonCommand(),
): string {
  return `${gatedCommand(command).map(shQuote).join(' ')} hook ${event} --harness ${harness}`;
}

/** Whether a hook entry's command is baton's (any install, any path): the ones init owns, repairs and removes. */
export function isBatonHookCommand(command: unknown): boolean {
  if (typeof command !== 'string') return false;
  const text = command.trim();
  return text.includes("baton.js' hook ") || text.startsWith('baton hook ') || /baton\.js hook /.test(text);
}

/**
 * The paths a baton hook command runs (the quoted sh and gate when it has them, node and baton.js), for `doctor`;
 * [] when the command is not in the quoted form init writes (e.g. a bare `baton hook …` found on PATH).
 */
export function hookCommandPaths(command: string): string[] {
  const part = "'((?:[^']|'\\\\'')*)'";
  const match = new RegExp(`^(?:${part} ${part} )?${part} ${part} hook `).exec(command.trim());
  if (!match) return [];
  return match
    .slice(1)
    .filter((path) => path !== undefined)
    .map((path) => path.replaceAll(`'\\''`, "'"));
}
