// The harnesses a hook answers and the events it handles, under baton's names and each harness's own (the harness's
// hookEvents in src/harnesses/<name>/harness.ts).
import {
  HARNESS_NAMES,
  HARNESSES,
  type HarnessName,
  harnessInfo,
  isHarnessName,
} from '../harnesses/registry.js';
import { HOOK_EVENTS, type HookEvent } from '../harnesses/types.js';

export { HOOK_EVENTS, type HookEvent };

export const HOOK_HARNESSES = HARNESS_NAMES;
export type HookHarness = HarnessName;

// Every harness's own names, in the registry's order (Claude Code's and Codex's, then Gemini CLI's).
const NATIVE: Record<string, HookEvent> = Object.assign(
  {},
  ...HARNESSES.map((harness) => harness.hookEvents),
);

/** The event `name` means (baton's name or a harness's), or undefined. */
export function hookEvent(name: string): HookEvent | undefined {
  if ((HOOK_EVENTS as readonly string[]).includes(name)) return name as HookEvent;
  return Object.hasOwn(NATIVE, name) ? NATIVE[name] : undefined;
}

export function isHookHarness(name: string): name is HookHarness {
  return isHarnessName(name);
}

/**
 * The name of `event` in the envelope of `harness` (`hookEventName`): its own name for it, else the first harness's
 * (Claude Code's).
 */
export function nativeEventName(event: HookEvent, harness: HookHarness): string {
  const own: Record<string, HookEvent> = harnessInfo(harness).hookEvents;
  const named = (names: Record<string, HookEvent>) =>
    Object.keys(names).find((name) => names[name] === event);
  return named(own) ?? named(NATIVE)!;
}
