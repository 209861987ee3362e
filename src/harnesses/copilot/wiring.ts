// GitHub Copilot CLI: hooks in a file of their own, .github/hooks/baton.json (`version: 1`, each event a list of
// `{type: "command", bash, timeoutSec}`; ~/.copilot/hooks/baton.json with --global), the MCP server in
// .github/mcp.json (~/.copilot/mcp-config.json), the skill in .agents/skills, the block in AGENTS.md (Copilot reads
// AGENTS.md and CLAUDE.md; with --global, ~/.copilot/copilot-instructions.md). $COPILOT_HOME moves ~/.copilot.
// A project's hooks and MCP servers load only in a folder the person trusted (or with --trust-folder, or
// COPILOT_ALLOW_ALL=true).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BatonError } from '../../core/errors.js';
import { hookCommandLine, isBatonHookCommand, mcpServerCommand } from '../../wiring/baton-command.js';
import { agentsSkillEdit, blockEdit, jsonEdit, sharedAgentsEdits } from '../../wiring/edits.js';
import { isObject, type JsonObject, objectAt } from '../../wiring/json-file.js';
import type { FileEdit, HarnessWiring, HookSpec, WiringContext } from '../../wiring/types.js';
import { hasBatonHooks } from '../../wiring/wired.js';

// Copilot has no matcher: every tool call runs the tool hooks (the quiet check answers the ones that write nothing).
export const COPILOT_HOOKS: HookSpec[] = [
  { event: 'sessionStart', batonEvent: 'session-start', timeout: 10 },
  { event: 'userPromptSubmitted', batonEvent: 'user-prompt-submit', timeout: 10 },
  { event: 'preToolUse', batonEvent: 'pre-tool-use', timeout: 10 },
  { event: 'postToolUse', batonEvent: 'post-tool-use', timeout: 10 },
  { event: 'agentStop', batonEvent: 'stop', timeout: 30 },
  { event: 'sessionEnd', batonEvent: 'session-end', timeout: 30 },
];

/** Copilot's user folder: $COPILOT_HOME, else ~/.copilot. */
export function copilotHome(ctx: WiringContext): string {
  return ctx.env.COPILOT_HOME || join(ctx.home, '.copilot');
}

function hooksPath(ctx: WiringContext): string {
  return ctx.scope === 'global'
    ? join(copilotHome(ctx), 'hooks', 'baton.json')
    : join(ctx.root, '.github', 'hooks', 'baton.json');
}

function mcpPath(ctx: WiringContext): string {
  return ctx.scope === 'global'
    ? join(copilotHome(ctx), 'mcp-config.json')
    : join(ctx.root, '.github', 'mcp.json');
}

/**
 * Sets baton's entries in a Copilot hooks file to `specs` (none: removes them), keeping a person's own entries and
 * their order; `version: 1` is written with the first entry and the file is left empty (deleted) when nothing else
 * is in it.
 */
function setCopilotHooks(ctx: WiringContext, path: string, settings: JsonObject, specs: HookSpec[]): void {
  if (specs.length > 0 && settings.version === undefined) {
    // `version` first, as Copilot's own examples write it.
    const rest = { ...settings };
    for (const key of Object.keys(settings)) delete settings[key];
    Object.assign(settings, { version: 1 }, rest);
  }
  const hooks = objectAt(path, settings, 'hooks', specs.length > 0);
  if (hooks) {
    for (const [event, list] of Object.entries(hooks)) {
      if (!Array.isArray(list))
        throw new BatonError(
          'corrupt',
          `${path}: hooks.${event} is not a list — nothing was written; fix the file and run baton init again`,
        );
      const kept = list.filter((entry) => !(isObject(entry) && isBatonHookCommand(entry.bash)));
      if (kept.length === 0) delete hooks[event];
      else hooks[event] = kept;
    }
    for (const spec of specs) {
      const list = (hooks[spec.event] as unknown[] | undefined) ?? [];
      list.push({
        type: 'command',
        bash: hookCommandLine(spec.batonEvent, 'copilot', ctx.command),
        timeoutSec: spec.timeout,
      });
      hooks[spec.event] = list;
    }
    if (Object.keys(hooks).length === 0) delete settings.hooks;
  }
  if (specs.length > 0) settings.version = 1;
  else if (settings.hooks === undefined && Object.keys(settings).every((key) => key === 'version'))
    delete settings.version;
}

export const wiring: HarnessWiring = {
  name: 'copilot',
  detectedBy: { project: ['.github/hooks'], global: ['~/.copilot'] },
  detect: (ctx) =>
    ctx.scope === 'global'
      ? existsSync(copilotHome(ctx))
      : ['.github/hooks', '.github/copilot-instructions.md', '.github/mcp.json'].some((name) =>
          existsSync(join(ctx.root, name)),
        ),
  wired: (ctx) => hasBatonHooks(hooksPath(ctx)),
  edits(ctx, remove) {
    const [command, ...args] = mcpServerCommand(ctx.command);
    const hooks = hooksPath(ctx);
    const mcp = mcpPath(ctx);
    const edits: FileEdit[] = [
      jsonEdit(hooks, 'hooks', remove, (settings) =>
        setCopilotHooks(ctx, hooks, settings, remove ? [] : COPILOT_HOOKS),
      ),
      jsonEdit(mcp, 'MCP server baton', remove, (settings) => {
        const servers = objectAt(mcp, settings, 'mcpServers', !remove);
        if (!servers) return;
        if (remove) {
          delete servers.baton;
          if (Object.keys(servers).length === 0) delete settings.mcpServers;
        } else servers.baton = { type: 'local', command, args, tools: ['*'] };
      }),
    ];
    if (ctx.scope === 'global')
      edits.push(
        agentsSkillEdit(ctx, remove),
        blockEdit(join(copilotHome(ctx), 'copilot-instructions.md'), remove),
      );
    else edits.push(...sharedAgentsEdits(ctx, copilotHome(ctx), remove));
    return edits;
  },
  followUps: (ctx) =>
    ctx.scope === 'global'
      ? ['GitHub Copilot CLI: restart running sessions; the hooks and the baton MCP server load at start.']
      : [
          'GitHub Copilot CLI: .github/hooks and .github/mcp.json load only in a trusted folder — start `copilot` here and trust it (or pass --trust-folder / set COPILOT_ALLOW_ALL=true for a headless run); until then no hook fires and nothing says so.',
        ],
  settingsFiles: (ctx) => [
    { path: hooksPath(ctx), format: 'json', hooks: true },
    { path: mcpPath(ctx), format: 'json', mcp: ['mcpServers', 'baton'] },
  ],
};
