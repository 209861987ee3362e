// opencode: no command hooks — a plugin (.opencode/plugin/baton.js) does their work; the MCP server as mcp.baton
// in opencode.json, slash commands in .opencode/command, the skill in .agents/skills, the block in AGENTS.md.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gatedCommand, mcpServerCommand } from '../../wiring/baton-command.js';
import { jsonEdit, markdownCommands, ownedFile, sharedAgentsEdits, yamlString } from '../../wiring/edits.js';
import { objectAt } from '../../wiring/json-file.js';
import { opencodeHome } from '../../wiring/locations.js';
import { ownedMarkLine } from '../../wiring/owned-file.js';
import type { FileEdit, HarnessWiring, WiringContext } from '../../wiring/types.js';
import { isOwnedFile } from '../../wiring/wired.js';
import { opencodePluginSource } from './wiring-plugin.js';

/** The folder holding plugin/ and command/: .opencode in a project, ~/.config/opencode globally. */
function dir(ctx: WiringContext): string {
  return ctx.scope === 'global' ? opencodeHome(ctx) : join(ctx.root, '.opencode');
}

/** opencode.json, or the opencode.jsonc a person already has (edited only when it is plain JSON). */
function configPath(ctx: WiringContext): string {
  const folder = ctx.scope === 'global' ? opencodeHome(ctx) : ctx.root;
  const jsonc = join(folder, 'opencode.jsonc');
  return existsSync(jsonc) && !existsSync(join(folder, 'opencode.json'))
    ? jsonc
    : join(folder, 'opencode.json');
}

function pluginPath(ctx: WiringContext): string {
  return join(dir(ctx), 'plugin', 'baton.js');
}

export const wiring: HarnessWiring = {
  name: 'opencode',
  detectedBy: { project: ['opencode.json', '.opencode'], global: ['~/.config/opencode'] },
  detect: (ctx) =>
    ctx.scope === 'global'
      ? existsSync(opencodeHome(ctx))
      : ['opencode.json', 'opencode.jsonc', '.opencode'].some((name) => existsSync(join(ctx.root, name))),
  wired: (ctx) => isOwnedFile(pluginPath(ctx)),
  edits(ctx, remove) {
    const config = configPath(ctx);
    const edits: FileEdit[] = [
      ownedFile(
        pluginPath(ctx),
        'plugin baton',
        `${ownedMarkLine('slash')}\n${opencodePluginSource(gatedCommand(ctx.command))}`,
        remove,
      ),
      jsonEdit(config, 'MCP server baton', remove, (settings) => {
        // A config baton creates says which schema it follows, as opencode's own do.
        if (!remove && Object.keys(settings).length === 0)
          settings.$schema = 'https://opencode.ai/config.json';
        const servers = objectAt(config, settings, 'mcp', !remove);
        if (!servers) return;
        if (remove) {
          if (!('baton' in servers)) return;
          delete servers.baton;
          if (Object.keys(servers).length === 0) delete settings.mcp;
          // Only the schema baton wrote is left: the file was baton's.
          if (Object.keys(settings).length === 1 && settings.$schema !== undefined) delete settings.$schema;
        } else servers.baton = { type: 'local', command: mcpServerCommand(ctx.command), enabled: true };
      }),
      ...markdownCommands(join(dir(ctx), 'command'), '$ARGUMENTS', remove, (command) => [
        `description: ${yamlString(command.description)}`,
      ]),
      ...sharedAgentsEdits(ctx, dir(ctx), remove),
    ];
    return edits;
  },
  followUps: () => ['opencode: restart running sessions; the plugin and the baton MCP server load at start.'],
  settingsFiles: (ctx) => [{ path: configPath(ctx), format: 'json', mcp: ['mcp', 'baton'] }],
};
