// pi: no command hooks and no MCP by design — one extension (.pi/extensions/baton.ts) is the whole integration;
// the skill in .agents/skills, the block in AGENTS.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ownedFile, sharedAgentsEdits } from '../edits.js';
import { piHome } from '../locations.js';
import { ownedMarkLine } from '../owned-file.js';
import { piExtensionSource } from '../plugin-sources.js';
import type { HarnessWiring, WiringContext } from '../types.js';
import { isOwnedFile } from './wired.js';

/** The folder pi loads from: .pi in a project, ~/.pi/agent globally. */
function dir(ctx: WiringContext): string {
  return ctx.scope === 'global' ? piHome(ctx) : join(ctx.root, '.pi');
}

function extensionPath(ctx: WiringContext): string {
  return join(dir(ctx), 'extensions', 'baton.ts');
}

export const pi: HarnessWiring = {
  name: 'pi',
  detect: (ctx) => existsSync(dir(ctx)),
  wired: (ctx) => isOwnedFile(extensionPath(ctx)),
  edits: (ctx, remove) => [
    ownedFile(
      extensionPath(ctx),
      'extension baton',
      `${ownedMarkLine('slash')}\n${piExtensionSource(ctx.command)}`,
      remove,
    ),
    ...sharedAgentsEdits(ctx, dir(ctx), remove),
  ],
  followUps: () => ['pi: run `/reload` in running sessions (or restart them) to load the baton extension.'],
  settingsFiles: () => [],
};
