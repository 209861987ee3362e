// What a hook prints: its answer in the harness's own envelope (each harness's hooks.ts, in src/harnesses/<name>/).
// No answer, no output.
import { hooks as antigravity } from '../harnesses/antigravity/hooks.js';
import { hooks as claude } from '../harnesses/claude/hooks.js';
import { hooks as codex } from '../harnesses/codex/hooks.js';
import { hooks as copilot } from '../harnesses/copilot/hooks.js';
import { hooks as gemini } from '../harnesses/gemini/hooks.js';
import { hooks as grok } from '../harnesses/grok/hooks.js';
import { hooks as opencode } from '../harnesses/opencode/hooks.js';
import { hooks as pi } from '../harnesses/pi/hooks.js';
import { hooks as qwen } from '../harnesses/qwen/hooks.js';
import type { HarnessName } from '../harnesses/registry.js';
import { type HookEvent, type HookHarness, nativeEventName } from './events.js';
import type { HarnessHooks, HookAnswer } from './harness-hooks.js';

export type { HookAnswer };

/** Each harness's hooks (one per name in the registry: TypeScript says when one is missing). */
export const HOOKS: Record<HarnessName, HarnessHooks> = {
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

/** The JSON line to print for `answer`, or `''` when there is nothing to say. */
export function envelope(harness: HookHarness, event: HookEvent, answer: HookAnswer): string {
  const out = HOOKS[harness].envelope(event, answer, nativeEventName(event, harness));
  return Object.keys(out).length === 0 ? '' : `${JSON.stringify(out)}\n`;
}
