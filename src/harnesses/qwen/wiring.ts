// Qwen Code: hooks (Claude Code's format, timeouts in seconds) and mcpServers.baton in .qwen/settings.json
// ($QWEN_HOME/settings.json, else ~/.qwen/settings.json, with --global), slash commands as .qwen/commands/*.md, the
// skill in .agents/skills (Qwen Code loads .qwen/skills and .agents/skills), the block in QWEN.md (its one context
// file by default; it does not read AGENTS.md unless context.fileName says so).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { mcpServerCommand } from '../../wiring/baton-command.js';
import {
  agentsSkillEdit,
  blockEdit,
  hookGroups,
  jsonEdit,
  markdownCommands,
  yamlString,
} from '../../wiring/edits.js';
import { setBatonHooks } from '../../wiring/hook-entries.js';
import { objectAt } from '../../wiring/json-file.js';
import type { FileEdit, HarnessWiring, HookSpec, WiringContext } from '../../wiring/types.js';
import { hasBatonHooks } from '../../wiring/wired.js';

const WRITE_TOOLS = 'write_file|edit';

export const QWEN_HOOKS: HookSpec[] = [
  { event: 'SessionStart', batonEvent: 'session-start', timeout: 10 },
  { event: 'UserPromptSubmit', batonEvent: 'user-prompt-submit', timeout: 10 },
  { event: 'PreToolUse', batonEvent: 'pre-tool-use', matcher: WRITE_TOOLS, timeout: 10 },
  { event: 'PostToolUse', batonEvent: 'post-tool-use', matcher: WRITE_TOOLS, timeout: 10 },
  { event: 'Stop', batonEvent: 'stop', timeout: 30 },
  { event: 'SubagentStop', batonEvent: 'subagent-stop', timeout: 30 },
  { event: 'PreCompact', batonEvent: 'pre-compact', timeout: 30 },
  { event: 'SessionEnd', batonEvent: 'session-end', timeout: 30 },
];

/** Qwen Code's user folder: $QWEN_HOME, else ~/.qwen. */
export function qwenHome(ctx: WiringContext): string {
  return ctx.env.QWEN_HOME || join(ctx.home, '.qwen');
}

function dir(ctx: WiringContext): string {
  return ctx.scope === 'global' ? qwenHome(ctx) : join(ctx.root, '.qwen');
}

function settingsPath(ctx: WiringContext): string {
  return join(dir(ctx), 'settings.json');
}

export const wiring: HarnessWiring = {
  name: 'qwen',
  detectedBy: { project: ['.qwen', 'QWEN.md'], global: ['~/.qwen'] },
  detect: (ctx) => existsSync(dir(ctx)) || (ctx.scope === 'project' && existsSync(join(ctx.root, 'QWEN.md'))),
  wired: (ctx) => hasBatonHooks(settingsPath(ctx)),
  edits(ctx, remove) {
    const [command, ...args] = mcpServerCommand(ctx.command);
    const path = settingsPath(ctx);
    const groups = hookGroups(ctx, 'qwen', QWEN_HOOKS);
    const edits: FileEdit[] = [
      jsonEdit(path, 'hooks and MCP server baton', remove, (settings) => {
        setBatonHooks(path, settings, remove ? [] : groups);
        const servers = objectAt(path, settings, 'mcpServers', !remove);
        if (!servers) return;
        if (remove) {
          delete servers.baton;
          if (Object.keys(servers).length === 0) delete settings.mcpServers;
          // Declared up front: without it Qwen Code offers MCP tools only behind its tool_search / tool_call bridge.
        } else servers.baton = { command, args, alwaysLoadTools: true };
      }),
      ...markdownCommands(join(dir(ctx), 'commands'), '$ARGUMENTS', remove, (command) => [
        `description: ${yamlString(command.description)}`,
      ]),
      agentsSkillEdit(ctx, remove),
      blockEdit(join(ctx.scope === 'global' ? dir(ctx) : ctx.root, 'QWEN.md'), remove),
    ];
    return edits;
  },
  followUps: () => ['Qwen Code: restart running sessions; the hooks and the baton MCP server load at start.'],
  settingsFiles: (ctx) => [
    { path: settingsPath(ctx), format: 'json', hooks: true, mcp: ['mcpServers', 'baton'] },
  ],
};
