// Which harnesses `baton init` wires: the ones named (--harness), else the ones whose folders or files are found.
import { BatonError } from '../core/errors.js';
import { wiring as antigravity } from '../harnesses/antigravity/wiring.js';
import { wiring as claude } from '../harnesses/claude/wiring.js';
import { wiring as codex } from '../harnesses/codex/wiring.js';
import { wiring as copilot } from '../harnesses/copilot/wiring.js';
import { wiring as gemini } from '../harnesses/gemini/wiring.js';
import { wiring as grok } from '../harnesses/grok/wiring.js';
import { wiring as opencode } from '../harnesses/opencode/wiring.js';
import { wiring as pi } from '../harnesses/pi/wiring.js';
import { wiring as qwen } from '../harnesses/qwen/wiring.js';
import { HARNESSES, type HarnessName, type HarnessWiring, type WiringContext } from './types.js';

/** Each harness's wiring (src/harnesses/<name>/wiring.ts; one per name in the registry: TypeScript says when one is missing). */
const WIRING: Record<HarnessName, HarnessWiring> = {
  claude,
  codex,
  gemini,
  opencode,
  pi,
  copilot,
  qwen,
  antigravity,
  grok,
};

/** The wirings in the registry's order. */
export const WIRINGS: HarnessWiring[] = HARNESSES.map((name) => WIRING[name]);

/** Named but not wired (yet): a usage error that says so rather than "unknown". */
const NOT_YET = new Set(['cursor']);

/**
 * The harnesses in a `--harness` list (comma-separated, repeatable): each one known, duplicates once, in baton's
 * order. Throws a BatonError('invalid_input') naming an unknown or unsupported one.
 */
export function parseHarnessList(values: string[]): HarnessName[] {
  const names = new Set<string>();
  for (const value of values)
    for (const part of value.split(',')) {
      const name = part.trim().toLowerCase();
      if (name === '') continue;
      if (NOT_YET.has(name))
        throw new BatonError(
          'invalid_input',
          `--harness ${name} is not supported yet — supported: ${HARNESSES.join(', ')}`,
        );
      if (!(HARNESSES as readonly string[]).includes(name))
        throw new BatonError(
          'invalid_input',
          `unknown harness "${part.trim()}" — supported: ${HARNESSES.join(', ')}`,
        );
      names.add(name);
    }
  if (names.size === 0)
    throw new BatonError('invalid_input', `--harness needs a name — supported: ${HARNESSES.join(', ')}`);
  return HARNESSES.filter((name) => names.has(name));
}

export function wiringsFor(names: readonly HarnessName[]): HarnessWiring[] {
  return WIRINGS.filter((wiring) => names.includes(wiring.name));
}

/** The harnesses whose folders or files are present (project: in ctx.root; global: in the home). */
export function detectHarnesses(ctx: WiringContext): HarnessWiring[] {
  return WIRINGS.filter((wiring) => wiring.detect(ctx));
}

/** The harnesses baton has wired here. */
export function wiredHarnesses(ctx: WiringContext): HarnessWiring[] {
  return WIRINGS.filter((wiring) => wiring.wired(ctx));
}
