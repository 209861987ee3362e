// Antigravity: baton's hooks as one named hook, "baton", in .agents/hooks.json (~/.gemini/config/hooks.json with
// --global); the skill in .agents/skills. Its MCP servers live in the app's own mcp_config.json, at user level, with
// no documented project file: baton writes none there and says how to add it (followUps).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BatonError } from '../../core/errors.js';
import { hookCommandLine, isBatonHookCommand, mcpServerCommand } from '../../wiring/baton-command.js';
import { agentsSkillEdit, jsonEdit } from '../../wiring/edits.js';
import { batonHooksIn } from '../../wiring/hook-entries.js';
import { isObject, type JsonObject } from '../../wiring/json-file.js';
import type { FileEdit, HarnessWiring, WiringContext } from '../../wiring/types.js';
import { readOrNull } from '../../wiring/wired.js';

/** The name baton's hook goes by in hooks.json (the file maps names to events). */
export const HOOK_NAME = 'baton';

/**
 * PreInvocation runs before every model call: as baton's session start it acts only when the conversation is new to
 * the board or was last opened longer ago than this (hooks/idle.ts), and is quiet otherwise.
 */
export const IDLE_AFTER = '30m';

// Antigravity's file tools (its hooks.md names them; args carry the path as TargetFile).
const WRITE_TOOLS = '^(write_to_file|replace_file_content|multi_replace_file_content)$';

function hooksPath(ctx: WiringContext): string {
  return ctx.scope === 'global'
    ? join(ctx.home, '.gemini', 'config', 'hooks.json')
    : join(ctx.root, '.agents', 'hooks.json');
}

/** baton's named hook: flat handler lists for PreInvocation and Stop, matcher groups for the tool events. */
export function batonHook(ctx: WiringContext): JsonObject {
  const handler = (command: string, timeout: number) => ({ type: 'command', command, timeout });
  const line = (event: Parameters<typeof hookCommandLine>[0]) =>
    hookCommandLine(event, 'antigravity', ctx.command);
  return {
    PreInvocation: [handler(`${line('session-start')} --idle-after ${IDLE_AFTER}`, 10)],
    PreToolUse: [{ matcher: WRITE_TOOLS, hooks: [handler(line('pre-tool-use'), 10)] }],
    PostToolUse: [{ matcher: WRITE_TOOLS, hooks: [handler(line('post-tool-use'), 10)] }],
    Stop: [handler(line('stop'), 30)],
  };
}

/** Whether the named hook `value` is baton's: every command in it is a baton hook command. */
function isBatons(value: unknown): boolean {
  if (!isObject(value)) return false;
  const found = batonHooksIn({ hooks: value });
  return found.length > 0 && found.every((hook) => isBatonHookCommand(hook.command));
}

export const wiring: HarnessWiring = {
  name: 'antigravity',
  detectedBy: {
    project: ['.agents/hooks.json', '.agents/rules', '.agents/workflows'],
    global: ['~/.gemini/antigravity', '~/.gemini/antigravity-cli'],
  },
  detect: (ctx) =>
    ctx.scope === 'global'
      ? ['antigravity', 'antigravity-cli'].some((name) => existsSync(join(ctx.home, '.gemini', name)))
      : ['hooks.json', 'rules', 'workflows'].some((name) => existsSync(join(ctx.root, '.agents', name))),
  wired: (ctx) => {
    const text = readOrNull(hooksPath(ctx));
    if (text === null) return false;
    try {
      const value: unknown = JSON.parse(text);
      return isObject(value) && isBatons(value[HOOK_NAME]);
    } catch {
      return false;
    }
  },
  edits(ctx, remove) {
    const path = hooksPath(ctx);
    const edits: FileEdit[] = [
      jsonEdit(path, 'hooks', remove, (settings) => {
        const current = settings[HOOK_NAME];
        // Another hook by this name is a person's own: never replaced, never removed.
        if (current !== undefined && !isBatons(current))
          throw new BatonError(
            'invalid_input',
            `${path}: a hook named "${HOOK_NAME}" is there and is not baton's — nothing was written; rename it and run baton init again`,
          );
        if (remove) delete settings[HOOK_NAME];
        else settings[HOOK_NAME] = batonHook(ctx);
      }),
    ];
    if (ctx.scope === 'project') edits.push(agentsSkillEdit(ctx, remove));
    return edits;
  },
  followUps: (ctx) => {
    const [command, ...args] = mcpServerCommand(ctx.command);
    const entry = JSON.stringify({ baton: { command, args } });
    return [
      `Antigravity: its MCP servers are set in the app, not in the project — open Manage MCP Servers → View raw config and add to "mcpServers": ${entry}`,
      `Antigravity: built from its documentation, not run here — ${ctx.scope === 'global' ? '~/.gemini/config/hooks.json' : '.agents/hooks.json'} loads whole or not at all; if the board index never shows, check agy's log for "failed to parse hooks.json".`,
    ];
  },
  settingsFiles: (ctx) => [{ path: hooksPath(ctx), format: 'json', hooks: true, hooksAt: [HOOK_NAME] }],
};
