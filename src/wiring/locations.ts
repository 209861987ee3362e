// Where each harness keeps its files: in the project, or (global) in the user's home, honouring each harness's
// own override variable.
import { join } from 'node:path';
import type { WiringContext } from './types.js';

/** Claude Code's user folder: $CLAUDE_CONFIG_DIR, else ~/.claude. */
export function claudeHome(ctx: WiringContext): string {
  return ctx.env.CLAUDE_CONFIG_DIR || join(ctx.home, '.claude');
}

/** Codex's home: $CODEX_HOME, else ~/.codex. */
export function codexHome(ctx: WiringContext): string {
  return ctx.env.CODEX_HOME || join(ctx.home, '.codex');
}

/** opencode's global config folder: $XDG_CONFIG_HOME/opencode, else ~/.config/opencode. */
export function opencodeHome(ctx: WiringContext): string {
  return join(ctx.env.XDG_CONFIG_HOME || join(ctx.home, '.config'), 'opencode');
}

/** pi's agent folder: $PI_CODING_AGENT_DIR, else ~/.pi/agent. */
export function piHome(ctx: WiringContext): string {
  return ctx.env.PI_CODING_AGENT_DIR || join(ctx.home, '.pi', 'agent');
}

/** The folder of cross-harness skills (.agents/skills) Codex, Gemini CLI, opencode and pi all load. */
export function agentsSkills(ctx: WiringContext): string {
  return join(ctx.root, '.agents', 'skills');
}
