// `doctor` for the harnesses: every wired harness's settings parse, baton's hook commands and MCP entries point at
// files that exist, nothing is missing; trust reminders as info. Never writes.
import { existsSync } from 'node:fs';
import type { DoctorLine } from '../core/board/doctor.js';
import { hookCommandPaths } from './baton-command.js';
import { batonHooksIn } from './hook-entries.js';
import { isObject, parseJsonObject } from './json-file.js';
import { batonPathAdvice } from './on-path.js';
import { planWiring } from './plan.js';
import { WIRINGS } from './select.js';
import { parseToml } from './toml-table.js';
import type { HarnessWiring, SettingsFile, WiringContext } from './types.js';
import { readOrNull } from './wired.js';

export interface WiringReport {
  lines: DoctorLine[];
  healthy: boolean;
}

/** Checks every harness baton has wired in `ctx` (project or global). */
export function diagnoseWiring(ctx: WiringContext): WiringReport {
  const lines: DoctorLine[] = [];
  const where = ctx.scope === 'global' ? 'global' : 'project';
  const wired = WIRINGS.filter((wiring) => wiring.wired(ctx) || hasBatonEntries(ctx, wiring));
  if (wired.length === 0) {
    lines.push({
      status: 'info',
      check: `harnesses (${where})`,
      detail: `none wired in ${ctx.root} — run \`baton init${ctx.scope === 'global' ? ' --global' : ''} --harness <name>\``,
    });
    return { lines, healthy: true };
  }
  for (const wiring of wired) checkHarness(ctx, wiring, lines);
  const advice = batonPathAdvice(ctx.env, ctx.command[1]);
  if (advice) lines.push({ status: 'info', check: 'baton command', detail: advice });
  return { lines, healthy: !lines.some((line) => line.status === 'FAIL') };
}

/** Baton's MCP entry is there, or a settings file that mentions baton no longer parses (then it is reported). */
/** The command that repairs a harness's wiring, as a person types it. */
function initCommand(ctx: WiringContext, harness: string): string {
  return `\`baton init --harness ${harness}${ctx.scope === 'global' ? ' --global' : ''}\``;
}

function hasBatonEntries(ctx: WiringContext, wiring: HarnessWiring): boolean {
  return wiring.settingsFiles(ctx).some((file) => {
    const text = readOrNull(file.path);
    if (text === null || !text.includes('baton')) return false;
    const settings = readSettings(file);
    return settings === undefined || (file.mcp !== undefined && valueAt(settings, file.mcp) !== undefined);
  });
}

function readSettings(file: SettingsFile): Record<string, unknown> | undefined {
  const text = readOrNull(file.path);
  if (text === null) return undefined;
  try {
    return file.format === 'json' ? parseJsonObject(file.path, text) : parseToml(file.path, text);
  } catch {
    return undefined;
  }
}

function valueAt(settings: Record<string, unknown> | undefined, path: string[]): unknown {
  let value: unknown = settings;
  for (const key of path) value = isObject(value) ? value[key] : undefined;
  return value;
}

function checkHarness(ctx: WiringContext, wiring: HarnessWiring, lines: DoctorLine[]): void {
  const check = wiring.name;
  for (const file of wiring.settingsFiles(ctx)) {
    const text = readOrNull(file.path);
    if (text === null) {
      lines.push({
        status: 'FAIL',
        check,
        detail: `${file.path} is missing — run ${initCommand(ctx, check)}`,
      });
      continue;
    }
    let settings: Record<string, unknown>;
    try {
      settings = file.format === 'json' ? parseJsonObject(file.path, text) : parseToml(file.path, text);
    } catch (error) {
      lines.push({
        status: 'FAIL',
        check,
        detail: (error as Error).message.replace(/ — nothing was written;/, ' —'),
      });
      continue;
    }
    if (file.hooks) checkHooks(ctx, wiring, file, settings, lines);
    if (file.mcp) checkMcp(ctx, file, settings, lines, check);
  }
  checkEmbeddedPaths(ctx, wiring, lines);
  try {
    const stale = planWiring(ctx, [wiring], false, WIRINGS).changes.filter(
      (change) => change.action === 'create' || change.action === 'update',
    );
    if (stale.length > 0)
      lines.push({
        status: 'info',
        check,
        detail: `differs from what this baton would write: ${stale.map((change) => change.path).join(', ')} — run ${initCommand(ctx, check)} to update`,
      });
  } catch {
    // A file that does not parse is reported above.
  }
  for (const followUp of wiring.followUps(ctx)) lines.push({ status: 'info', check, detail: followUp });
}

function checkHooks(
  ctx: WiringContext,
  wiring: HarnessWiring,
  file: SettingsFile,
  settings: Record<string, unknown>,
  lines: DoctorLine[],
): void {
  const { path } = file;
  const found = batonHooksIn(file.hooksAt ? { hooks: valueAt(settings, file.hooksAt) } : settings);
  let broken = false;
  for (const hook of found) {
    for (const part of hookCommandPaths(hook.command))
      if (!existsSync(part)) {
        broken = true;
        lines.push({
          status: 'FAIL',
          check: wiring.name,
          detail: `${path}: the ${hook.event} hook runs ${part}, which does not exist — run ${initCommand(ctx, wiring.name)} to repair it`,
        });
      }
  }
  const expected = HOOK_EVENTS[wiring.name] ?? [];
  const missing = expected.filter((event) => !found.some((hook) => hook.event === event));
  if (missing.length > 0) {
    broken = true;
    lines.push({
      status: 'FAIL',
      check: wiring.name,
      detail: `${path}: no baton hook for ${missing.join(', ')} — run ${initCommand(ctx, wiring.name)}`,
    });
  }
  if (!broken)
    lines.push({
      status: 'ok',
      check: wiring.name,
      detail: `${path}: ${found.length} hooks, every hook command resolves`,
    });
}

const HOOK_EVENTS: Partial<Record<string, string[]>> = {
  claude: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Stop',
    'SubagentStop',
    'PreCompact',
    'SessionEnd',
  ],
  codex: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Stop',
    'PreCompact',
    'SessionEnd',
  ],
  gemini: [
    'SessionStart',
    'BeforeAgent',
    'BeforeTool',
    'AfterTool',
    'AfterAgent',
    'PreCompress',
    'SessionEnd',
  ],
  antigravity: ['PreInvocation', 'PreToolUse', 'PostToolUse', 'Stop'],
  copilot: ['sessionStart', 'userPromptSubmitted', 'preToolUse', 'postToolUse', 'agentStop', 'sessionEnd'],
  qwen: [
    'SessionStart',
    'UserPromptSubmit',
    'PreToolUse',
    'PostToolUse',
    'Stop',
    'SubagentStop',
    'PreCompact',
    'SessionEnd',
  ],
  grok: ['SessionStart', 'PreToolUse', 'PostToolUse', 'Stop', 'PreCompact', 'SessionEnd'],
};

function checkMcp(
  ctx: WiringContext,
  file: SettingsFile,
  settings: Record<string, unknown>,
  lines: DoctorLine[],
  check: string,
): void {
  const entry = valueAt(settings, file.mcp!);
  if (!isObject(entry)) {
    lines.push({
      status: 'FAIL',
      check,
      detail: `${file.path}: no MCP server "baton" — run ${initCommand(ctx, check)}`,
    });
    return;
  }
  // Every file the command line names (the MCP front, node, baton.js): an absolute path that must exist.
  const parts: unknown[] = Array.isArray(entry.command)
    ? entry.command
    : [entry.command, ...(Array.isArray(entry.args) ? entry.args : [])];
  const missing = parts.filter(
    (part): part is string => typeof part === 'string' && part.startsWith('/') && !existsSync(part),
  );
  if (missing.length > 0)
    for (const part of missing)
      lines.push({
        status: 'FAIL',
        check,
        detail: `${file.path}: the MCP server "baton" runs ${part}, which does not exist — run ${initCommand(ctx, check)} to repair it`,
      });
  else lines.push({ status: 'ok', check, detail: `${file.path}: MCP server "baton" resolves` });
}

/** The plugin or extension file (opencode, pi): the node and baton.js paths written into it must exist. */
function checkEmbeddedPaths(ctx: WiringContext, wiring: HarnessWiring, lines: DoctorLine[]): void {
  for (const edit of wiring.edits(ctx, false)) {
    if (!/^(plugin|extension) /.test(edit.what)) continue;
    const text = readOrNull(edit.path);
    if (text === null) {
      lines.push({
        status: 'FAIL',
        check: wiring.name,
        detail: `${edit.path} is missing — run ${initCommand(ctx, wiring.name)}`,
      });
      continue;
    }
    const paths = [...text.matchAll(/"(\/[^"\n]*?(?:baton\.js|\/node))"/g)].map((match) => match[1]!);
    const missing = [...new Set(paths)].filter((path) => !existsSync(path));
    if (missing.length > 0)
      lines.push({
        status: 'FAIL',
        check: wiring.name,
        detail: `${edit.path} runs ${missing.join(', ')}, which does not exist — run ${initCommand(ctx, wiring.name)} to repair it`,
      });
    else lines.push({ status: 'ok', check: wiring.name, detail: `${edit.path} is in place` });
  }
}
