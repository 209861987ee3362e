// The composition root of harness wiring: which harnesses, the plan, the writes, the follow-ups. Never prints.
import { batonCommand } from './baton-command.js';
import { batonPathAdvice } from './on-path.js';
import { applyPlan, type FileChange, planWiring, type WiringPlan } from './plan.js';
import { detectHarnesses, WIRINGS, wiringsFor } from './select.js';
import type { HarnessName, HarnessWiring, Scope, WiringContext } from './types.js';

export interface WireOptions {
  scope: Scope;
  /** The project folder (project scope) or the home folder (global scope). */
  root: string;
  home: string;
  env: Record<string, string | undefined>;
  /** The harnesses to wire; default: the ones detected (with `remove`: all of them). */
  harnesses?: HarnessName[];
  remove?: boolean;
  /** [node, bin/baton.js]; default batonCommand(). */
  command?: string[];
}

export interface WireResult {
  harnesses: HarnessName[];
  /** Whether the harnesses were found rather than named. */
  detected: boolean;
  changes: FileChange[];
  /** What a person must still do (trust prompts, approvals); none on removal. */
  followUps: string[];
}

export function wiringContext(options: WireOptions): WiringContext {
  return {
    scope: options.scope,
    root: options.root,
    home: options.home,
    env: options.env,
    command: options.command ?? batonCommand(),
  };
}

export interface PlannedWiring {
  ctx: WiringContext;
  plan: WiringPlan;
  wirings: HarnessWiring[];
  remove: boolean;
  detected: boolean;
  /** The harnesses baton's wiring was found for before anything was written (what `--remove` reports). */
  wiredBefore: HarnessName[];
}

/**
 * Works out the wiring (or with `remove` the unwiring) of the harnesses without writing anything. Throws a
 * BatonError naming every file it cannot edit (not valid JSON/TOML, an unexpected shape).
 */
export function planHarnessWiring(options: WireOptions): PlannedWiring {
  const ctx = wiringContext(options);
  const remove = options.remove === true;
  const detected = options.harnesses === undefined;
  const wirings = options.harnesses ? wiringsFor(options.harnesses) : remove ? WIRINGS : detectHarnesses(ctx);
  // The plan first: it refuses a file it must not open (a FIFO, a link) before anything reads it.
  const plan = planWiring(ctx, wirings, remove, WIRINGS);
  const wiredBefore =
    remove && detected ? wirings.filter((wiring) => wiring.wired(ctx)).map((wiring) => wiring.name) : [];
  return { ctx, plan, wirings, remove, detected, wiredBefore };
}

/** Writes a planned wiring. */
export function applyHarnessWiring(planned: PlannedWiring): WireResult {
  applyPlan(planned.plan, planned.ctx.root);
  return {
    // `--remove` with no names goes through every harness; it reports the ones it found wiring of: wired before, or
    // owning a file it changed alone (a file every harness shares, AGENTS.md or the skill, names none of them).
    harnesses: planned.wirings
      .map((wiring) => wiring.name)
      .filter(
        (name) =>
          !(planned.remove && planned.detected) ||
          planned.wiredBefore.includes(name) ||
          planned.plan.changes.some(
            (change) =>
              change.action !== 'unchanged' && change.harnesses.length === 1 && change.harnesses[0] === name,
          ),
      ),
    detected: planned.detected,
    changes: planned.plan.changes,
    followUps: planned.remove ? [] : followUps(planned),
  };
}

// What a person must still do: each harness's trust prompts, and `baton` on PATH when something was wired that calls it.
function followUps(planned: PlannedWiring): string[] {
  const each = planned.wirings.flatMap((wiring) => wiring.followUps(planned.ctx));
  const advice =
    planned.wirings.length > 0 ? batonPathAdvice(planned.ctx.env, planned.ctx.command[1]) : undefined;
  return advice ? [...each, advice] : each;
}

/** Plans and writes in one step. */
export function wireHarnesses(options: WireOptions): WireResult {
  return applyHarnessWiring(planHarnessWiring(options));
}
