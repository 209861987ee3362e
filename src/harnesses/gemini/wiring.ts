// Gemini CLI: hooks and mcpServers.baton in .gemini/settings.json (timeouts in milliseconds there), slash commands as
// .gemini/commands/*.toml, the skill in .agents/skills, the block in GEMINI.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mcpServerCommand } from '../../wiring/baton-command.js';
import { agentsSkillEdit, blockEdit, hookGroups, jsonEdit, ownedFile } from '../../wiring/edits.js';
import { setBatonHooks } from '../../wiring/hook-entries.js';
import { objectAt } from '../../wiring/json-file.js';
import { ownedMarkLine } from '../../wiring/owned-file.js';
import { COMMANDS } from '../../wiring/texts.js';
import { tomlString } from '../../wiring/toml-table.js';
import type { FileEdit, HarnessWiring, HookSpec, WiringContext } from '../../wiring/types.js';
import { hasBatonHooks } from '../../wiring/wired.js';

const WRITE_TOOLS = 'write_file|replace';

export const GEMINI_HOOKS: HookSpec[] = [
  { event: 'SessionStart', batonEvent: 'session-start', timeout: 10_000 },
  { event: 'BeforeAgent', batonEvent: 'user-prompt-submit', timeout: 10_000 },
  { event: 'BeforeTool', batonEvent: 'pre-tool-use', matcher: WRITE_TOOLS, timeout: 10_000 },
  { event: 'AfterTool', batonEvent: 'post-tool-use', matcher: WRITE_TOOLS, timeout: 10_000 },
  { event: 'AfterAgent', batonEvent: 'stop', timeout: 30_000 },
  { event: 'PreCompress', batonEvent: 'pre-compact', timeout: 30_000 },
  { event: 'SessionEnd', batonEvent: 'session-end', timeout: 30_000 },
];

function dir(ctx: WiringContext): string {
  return join(ctx.root, '.gemini');
}

function settingsPath(ctx: WiringContext): string {
  return join(dir(ctx), 'settings.json');
}

/** A command file: TOML with `description` and a literal multi-line `prompt` ({{args}}: what follows /name). */
function commandToml(description: string, prompt: string): string {
  return `${ownedMarkLine('hash')}\ndescription = ${tomlString(description)}\nprompt = '''\n${prompt}\n'''\n`;
}

export const wiring: HarnessWiring = {
  name: 'gemini',
  detectedBy: { project: ['.gemini', 'GEMINI.md'], global: ['~/.gemini'] },
  detect: (ctx) =>
    existsSync(dir(ctx)) || (ctx.scope === 'project' && existsSync(join(ctx.root, 'GEMINI.md'))),
  wired: (ctx) => hasBatonHooks(settingsPath(ctx)),
  edits(ctx, remove) {
    const [command, ...args] = mcpServerCommand(ctx.command);
    const path = settingsPath(ctx);
    const groups = hookGroups(ctx, 'gemini', GEMINI_HOOKS);
    for (const group of groups) group.hook = { name: `baton-${group.event}`, ...group.hook };
    const commandsDir = join(dir(ctx), 'commands');
    const edits: FileEdit[] = [
      jsonEdit(path, 'hooks and MCP server baton', remove, (settings) => {
        setBatonHooks(path, settings, remove ? [] : groups);
        const servers = objectAt(path, settings, 'mcpServers', !remove);
        if (!servers) return;
        if (remove) {
          delete servers.baton;
          if (Object.keys(servers).length === 0) delete settings.mcpServers;
        } else servers.baton = { command, args };
      }),
      ...COMMANDS.map((command) =>
        ownedFile(
          join(commandsDir, `${command.name}.toml`),
          `command /${command.name}`,
          commandToml(command.description, command.prompt.replaceAll('ARGS', '{{args}}')),
          remove,
        ),
      ),
      agentsSkillEdit(ctx, remove),
      blockEdit(join(ctx.scope === 'global' ? dir(ctx) : ctx.root, 'GEMINI.md'), remove),
    ];
    return edits;
  },
  followUps: (ctx) =>
    ctx.scope === 'global'
      ? [
          'Gemini CLI: project hooks and MCP servers load only in trusted folders; user-level ones load everywhere.',
        ]
      : [
          'Gemini CLI: .gemini/settings.json (hooks, MCP server) loads only in a trusted folder — start `gemini` here and trust it (or set GEMINI_CLI_TRUST_WORKSPACE=true for headless runs).',
        ],
  settingsFiles: (ctx) => [
    { path: settingsPath(ctx), format: 'json', hooks: true, mcp: ['mcpServers', 'baton'] },
  ],
};
