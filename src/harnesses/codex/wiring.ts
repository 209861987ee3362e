// Codex: hooks in .codex/hooks.json (Claude's format; $CODEX_HOME/hooks.json with --global), the MCP server as
// [mcp_servers.baton] in config.toml, the skill in .agents/skills, the block in AGENTS.md; custom prompts exist only
// in $CODEX_HOME/prompts, so the slash commands come with --global.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mcpServerCommand } from '../../wiring/baton-command.js';
import {
  hookGroups,
  hooksEdit,
  markdownCommands,
  sharedAgentsEdits,
  yamlString,
} from '../../wiring/edits.js';
import { codexHome } from '../../wiring/locations.js';
import { setTomlTable, tomlString } from '../../wiring/toml-table.js';
import type { FileEdit, HarnessWiring, HookSpec, WiringContext } from '../../wiring/types.js';
import { hasBatonHooks } from '../../wiring/wired.js';

// File edits go through apply_patch: hooks see tool_name "apply_patch" (Edit and Write are its matcher aliases).
const WRITE_TOOLS = 'apply_patch|Edit|Write';

export const CODEX_HOOKS: HookSpec[] = [
  { event: 'SessionStart', batonEvent: 'session-start', timeout: 10 },
  { event: 'UserPromptSubmit', batonEvent: 'user-prompt-submit', timeout: 10 },
  { event: 'PreToolUse', batonEvent: 'pre-tool-use', matcher: WRITE_TOOLS, timeout: 10 },
  { event: 'PostToolUse', batonEvent: 'post-tool-use', matcher: WRITE_TOOLS, timeout: 10 },
  { event: 'Stop', batonEvent: 'stop', timeout: 30 },
  { event: 'SubagentStop', batonEvent: 'subagent-stop', timeout: 30 },
  { event: 'PreCompact', batonEvent: 'pre-compact', timeout: 30 },
  // Codex clamps a SessionEnd hook to 3 s ("clamping SessionEnd hook timeout to 3s") and kills it then: the hook
  // hands a large transcript's draft to a detached process (hooks/detached-draft.ts).
  { event: 'SessionEnd', batonEvent: 'session-end', timeout: 3 },
];

function dir(ctx: WiringContext): string {
  return ctx.scope === 'global' ? codexHome(ctx) : join(ctx.root, '.codex');
}

function hooksPath(ctx: WiringContext): string {
  return join(dir(ctx), 'hooks.json');
}

function configPath(ctx: WiringContext): string {
  return join(dir(ctx), 'config.toml');
}

export const wiring: HarnessWiring = {
  name: 'codex',
  detectedBy: { project: ['.codex'], global: ['~/.codex'] },
  detect: (ctx) => existsSync(dir(ctx)),
  wired: (ctx) => hasBatonHooks(hooksPath(ctx)),
  edits(ctx, remove) {
    const [command, ...args] = mcpServerCommand(ctx.command);
    const config = configPath(ctx);
    const table = [
      `command = ${tomlString(command)}`,
      `args = [${args.map(tomlString).join(', ')}]`,
      // exec mode calls a server's tools only when they are approved up front.
      'default_tools_approval_mode = "approve"',
    ].join('\n');
    const edits: FileEdit[] = [
      hooksEdit(hooksPath(ctx), hookGroups(ctx, 'codex', CODEX_HOOKS), remove),
      {
        path: config,
        what: 'MCP server baton',
        apply: (current) => setTomlTable(config, current, ['mcp_servers', 'baton'], remove ? null : table),
      },
      ...sharedAgentsEdits(ctx, dir(ctx), remove),
    ];
    if (ctx.scope === 'global')
      edits.push(
        ...markdownCommands(join(dir(ctx), 'prompts'), '$ARGUMENTS', remove, (command) => [
          `description: ${yamlString(command.description)}`,
          ...(command.argumentHint ? [`argument-hint: ${yamlString(command.argumentHint)}`] : []),
        ]),
      );
    return edits;
  },
  followUps: (ctx) => [
    ctx.scope === 'global'
      ? 'Codex: hooks run only after you review them — start `codex` and accept the baton hooks (or run `codex exec --dangerously-bypass-hook-trust`); until then nothing fires and nothing says so.'
      : 'Codex: project hooks and .codex/config.toml load only in a trusted project, and hooks run only after review — start `codex` here, trust the project and accept the baton hooks (or `codex exec --dangerously-bypass-hook-trust`); until then nothing fires and nothing says so.',
    ...(ctx.scope === 'project'
      ? [
          'Codex: custom prompts (/handoff, /board, /card-write) are user-level only — `baton init --global --harness codex` adds them; the baton skill covers the project.',
        ]
      : []),
  ],
  settingsFiles: (ctx) => [
    { path: hooksPath(ctx), format: 'json', hooks: true },
    { path: configPath(ctx), format: 'toml', mcp: ['mcp_servers', 'baton'] },
  ],
};
