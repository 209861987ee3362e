// Grok Build: baton's hooks in a file of their own, .grok/hooks/baton.json (Claude Code's format; grok merges every
// *.json there), the MCP server as [mcp_servers.baton] in .grok/config.toml — what `grok mcp add --scope project
// baton -- <node> <baton.js> mcp` writes; $GROK_HOME (else ~/.grok) with --global —, the skill in .agents/skills
// (~/.grok/skills with --global), the block in AGENTS.md. Project hooks and MCP servers load only in a trusted folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mcpServerCommand } from '../../wiring/baton-command.js';
import { hookGroups, hooksEdit, sharedAgentsEdits, skillEdit } from '../../wiring/edits.js';
import { setTomlTable, tomlString } from '../../wiring/toml-table.js';
import type { FileEdit, HarnessWiring, HookSpec, WiringContext } from '../../wiring/types.js';
import { hasBatonHooks } from '../../wiring/wired.js';

// grok's file-editing tool (Claude's Edit, Write and MultiEdit are its matcher aliases).
const WRITE_TOOLS = 'search_replace';

// No UserPromptSubmit: grok ignores its output. SessionEnd gets what is left of grok's ten-second exit budget.
export const GROK_HOOKS: HookSpec[] = [
  { event: 'SessionStart', batonEvent: 'session-start', timeout: 10 },
  { event: 'PreToolUse', batonEvent: 'pre-tool-use', matcher: WRITE_TOOLS, timeout: 10 },
  { event: 'PostToolUse', batonEvent: 'post-tool-use', matcher: WRITE_TOOLS, timeout: 10 },
  { event: 'Stop', batonEvent: 'stop', timeout: 30 },
  { event: 'PreCompact', batonEvent: 'pre-compact', timeout: 10 },
  { event: 'SessionEnd', batonEvent: 'session-end', timeout: 10 },
];

/** grok's home: $GROK_HOME, else ~/.grok. */
export function grokHome(ctx: WiringContext): string {
  return ctx.env.GROK_HOME || join(ctx.home, '.grok');
}

function dir(ctx: WiringContext): string {
  return ctx.scope === 'global' ? grokHome(ctx) : join(ctx.root, '.grok');
}

function hooksPath(ctx: WiringContext): string {
  return join(dir(ctx), 'hooks', 'baton.json');
}

function configPath(ctx: WiringContext): string {
  return join(dir(ctx), 'config.toml');
}

export const wiring: HarnessWiring = {
  name: 'grok',
  detectedBy: { project: ['.grok'], global: ['~/.grok'] },
  detect: (ctx) => existsSync(dir(ctx)),
  wired: (ctx) => hasBatonHooks(hooksPath(ctx)),
  edits(ctx, remove) {
    const [command, ...args] = mcpServerCommand(ctx.command);
    const config = configPath(ctx);
    // The fields `grok mcp add` writes for a stdio server (its McpServerConfig: command, args, enabled).
    const table = [
      `command = ${tomlString(command)}`,
      `args = [${args.map(tomlString).join(', ')}]`,
      'enabled = true',
    ].join('\n');
    const edits: FileEdit[] = [
      hooksEdit(hooksPath(ctx), hookGroups(ctx, 'grok', GROK_HOOKS), remove),
      {
        path: config,
        what: 'MCP server baton',
        apply: (current) => setTomlTable(config, current, ['mcp_servers', 'baton'], remove ? null : table),
      },
    ];
    if (ctx.scope === 'global') edits.push(skillEdit(join(grokHome(ctx), 'skills'), remove));
    else edits.push(...sharedAgentsEdits(ctx, dir(ctx), remove));
    return edits;
  },
  followUps: (ctx) => [
    ctx.scope === 'global'
      ? 'Grok Build: restart running sessions; hooks in ~/.grok/hooks and servers in ~/.grok/config.toml load at start.'
      : 'Grok Build: .grok/hooks and .grok/config.toml load only in a trusted folder — start `grok` here and run /hooks-trust (or launch with --trust); until then no hook fires and nothing says so.',
    'Grok Build: grok ignores what SessionStart and UserPromptSubmit hooks print, so the board index and mail reach the agent at a stop (or through the baton MCP tools), not at the start.',
  ],
  settingsFiles: (ctx) => [
    { path: hooksPath(ctx), format: 'json', hooks: true },
    { path: configPath(ctx), format: 'toml', mcp: ['mcp_servers', 'baton'] },
  ],
};
