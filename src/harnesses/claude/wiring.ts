// Claude Code: hooks in .claude/settings.json, the MCP server in .mcp.json (user scope: ~/.claude.json), slash
// commands in .claude/commands, the skill in .claude/skills, the block in CLAUDE.md (what Claude reads) and AGENTS.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mcpServerCommand } from '../../wiring/baton-command.js';
import {
  AGENTS_MD_READERS,
  blockEdit,
  hookGroups,
  hooksEdit,
  jsonEdit,
  markdownCommands,
  skillEdit,
  yamlString,
} from '../../wiring/edits.js';
import { objectAt } from '../../wiring/json-file.js';
import { claudeHome } from '../../wiring/locations.js';
import type { FileEdit, HarnessWiring, HookSpec, WiringContext } from '../../wiring/types.js';
import { hasBatonHooks } from '../../wiring/wired.js';

const WRITE_TOOLS = 'Write|Edit|MultiEdit|NotebookEdit';

export const CLAUDE_HOOKS: HookSpec[] = [
  { event: 'SessionStart', batonEvent: 'session-start', timeout: 10 },
  { event: 'UserPromptSubmit', batonEvent: 'user-prompt-submit', timeout: 10 },
  { event: 'PreToolUse', batonEvent: 'pre-tool-use', matcher: WRITE_TOOLS, timeout: 10 },
  { event: 'PostToolUse', batonEvent: 'post-tool-use', matcher: WRITE_TOOLS, timeout: 10 },
  { event: 'Stop', batonEvent: 'stop', timeout: 30 },
  { event: 'SubagentStop', batonEvent: 'subagent-stop', timeout: 30 },
  { event: 'PreCompact', batonEvent: 'pre-compact', timeout: 30 },
  { event: 'SessionEnd', batonEvent: 'session-end', timeout: 30 },
];

function dir(ctx: WiringContext): string {
  return ctx.scope === 'global' ? claudeHome(ctx) : join(ctx.root, '.claude');
}

function settingsPath(ctx: WiringContext): string {
  return join(dir(ctx), 'settings.json');
}

/** Project servers live in .mcp.json; user-scope servers in ~/.claude.json (what `claude mcp add -s user` edits). */
function mcpPath(ctx: WiringContext): string {
  return ctx.scope === 'global' ? join(ctx.home, '.claude.json') : join(ctx.root, '.mcp.json');
}

export const wiring: HarnessWiring = {
  name: 'claude',
  detectedBy: { project: ['.claude', 'CLAUDE.md'], global: ['~/.claude'] },
  detect: (ctx) =>
    ctx.scope === 'global'
      ? existsSync(dir(ctx))
      : ['.claude', 'CLAUDE.md', '.mcp.json'].some((name) => existsSync(join(ctx.root, name))),
  wired: (ctx) => hasBatonHooks(settingsPath(ctx)),
  edits(ctx, remove) {
    const [command, ...args] = mcpServerCommand(ctx.command);
    const edits: FileEdit[] = [
      hooksEdit(settingsPath(ctx), hookGroups(ctx, 'claude', CLAUDE_HOOKS), remove),
      jsonEdit(mcpPath(ctx), 'MCP server baton', remove, (settings) => {
        const servers = objectAt(mcpPath(ctx), settings, 'mcpServers', !remove);
        if (!servers) return;
        if (remove) {
          delete servers.baton;
          if (Object.keys(servers).length === 0) delete settings.mcpServers;
        } else servers.baton = { type: 'stdio', command, args };
      }),
      ...markdownCommands(join(dir(ctx), 'commands'), '$ARGUMENTS', remove, (command) => [
        `description: ${yamlString(command.description)}`,
        ...(command.argumentHint ? [`argument-hint: ${yamlString(command.argumentHint)}`] : []),
      ]),
      skillEdit(join(dir(ctx), 'skills'), remove),
    ];
    if (ctx.scope === 'global') edits.push(blockEdit(join(dir(ctx), 'CLAUDE.md'), remove));
    else
      edits.push(
        blockEdit(join(ctx.root, 'CLAUDE.md'), remove),
        blockEdit(join(ctx.root, 'AGENTS.md'), remove, AGENTS_MD_READERS),
      );
    return edits;
  },
  followUps: (ctx) =>
    ctx.scope === 'global'
      ? ['Claude Code: restart running sessions; the hooks and the baton MCP server load at start.']
      : [
          'Claude Code: the project MCP server "baton" (.mcp.json) needs approval — start `claude` in this folder and accept it, or trust the folder (`claude mcp list` shows it as pending until then).',
        ],
  settingsFiles: (ctx) => [
    { path: settingsPath(ctx), format: 'json', hooks: true },
    { path: mcpPath(ctx), format: 'json', mcp: ['mcpServers', 'baton'] },
  ],
};
