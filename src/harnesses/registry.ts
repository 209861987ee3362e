// The one list of harnesses. Every front end iterates it (or a table keyed by its names: the wiring, hook and
// transcript tables, which TypeScript keeps complete). A harness is one folder, src/harnesses/<name>/: its data in
// harness.ts, imported here, and the files of each role it plays (wiring.ts, hooks.ts, transcript.ts).
import { harness as antigravity } from './antigravity/harness.js';
import { harness as claude } from './claude/harness.js';
import { harness as codex } from './codex/harness.js';
import { harness as copilot } from './copilot/harness.js';
import { harness as gemini } from './gemini/harness.js';
import { harness as grok } from './grok/harness.js';
import { harness as opencode } from './opencode/harness.js';
import { harness as pi } from './pi/harness.js';
import { harness as qwen } from './qwen/harness.js';
import type { HarnessInfo } from './types.js';

/** Every harness, in baton's order (how lists are shown, and which wiring comes first). */
export const HARNESSES = [claude, codex, gemini, opencode, pi, copilot, qwen, antigravity, grok] as const;

export type HarnessName = (typeof HARNESSES)[number]['name'];

/** The harnesses' names, in baton's order. */
export const HARNESS_NAMES: readonly HarnessName[] = HARNESSES.map((harness) => harness.name);

export function isHarnessName(name: string): name is HarnessName {
  return (HARNESS_NAMES as readonly string[]).includes(name);
}

/** What baton knows of harness `name`. */
export function harnessInfo(name: HarnessName): HarnessInfo {
  return HARNESSES.find((harness) => harness.name === name)!;
}

/** The harness as a person names it ("Claude Code"). */
export function harnessLabel(name: HarnessName): string {
  return harnessInfo(name).label;
}

/** Each variable a harness names its session by in its shell tool's environment, with the harness. */
export const SHELL_SESSION_ENV: readonly (readonly [string, HarnessName])[] = HARNESS_NAMES.flatMap(
  (name) => {
    const variable = harnessInfo(name).shellSessionEnv;
    return variable === undefined ? [] : [[variable, name] as const];
  },
);

/** `a, b or c`: names or labels in a sentence. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
