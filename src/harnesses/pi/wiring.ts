// pi: no command hooks and no MCP by design — one extension (.pi/extensions/baton.ts) is the whole integration;
// the skill in .agents/skills, the block in AGENTS.md.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gatedCommand } from '../../wiring/baton-command.js';
import { ownedFile, sharedAgentsEdits } from '../../wiring/edits.js';
import { piHome } from '../../wiring/locations.js';
import { ownedMarkLine } from '../../wiring/owned-file.js';
import type { HarnessWiring, WiringContext } from '../../wiring/types.js';
import { isOwnedFile } from '../../wiring/wired.js';
import { piExtensionSource } from './wiring-extension.js';

/** The folder pi loads from: .pi in a project, ~/.pi/agent globally. */
function dir(ctx: WiringContext): string {
  return ctx.scope === 'global' ? piHome(ctx) : join(ctx.root, '.pi');
}

function extensionPath(ctx: WiringContext): string {
  return join(dir(ctx), 'extensions', 'baton.ts');
}

export const wiring: HarnessWiring = {
  name: 'pi',
  detectedBy: { project: ['.pi'], global: ['~/.pi/agent'] },
  detect: (ctx) => existsSync(dir(ctx)),
  wired: (ctx) => isOwnedFile(extensionPath(ctx)),
  edits: (ctx, remove) => [
    ownedFile(
      extensionPath(ctx),
      'extension baton',
      `${ownedMarkLine('slash')}\n${piExtensionSource(gatedCommand(ctx.command))}`,
      remove,
    ),
    ...sharedAgentsEdits(ctx, dir(ctx), remove),
  ],
  followUps: () => ['pi: run `/reload` in running sessions (or restart them) to load the baton extension.'],
  settingsFiles: () => [],
};
