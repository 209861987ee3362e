// baton's entries in a Claude-format `hooks` object (Claude Code, Codex hooks.json, Gemini settings): put in place,
// repaired or taken out, never touching a person's own hooks, and keeping baton's group where it was.
import { isBatonHookCommand } from './baton-command.js';
import { isObject, type JsonObject, objectAt } from './json-file.js';

export interface HookGroup {
  event: string;
  matcher?: string;
  hook: JsonObject;
}

/**
 * Sets baton's hooks in `settings.hooks` to exactly `groups` (none: removes them). Every hook whose command is
 * baton's is taken out first; a group that held only baton's hooks is replaced in place by the new one, so a
 * second run changes nothing. Events and the `hooks` object left empty by the removal are dropped.
 */
export function setBatonHooks(path: string, settings: JsonObject, groups: HookGroup[]): void {
  const hooks = objectAt(path, settings, 'hooks', groups.length > 0);
  if (!hooks) return;
  const hadEvents = Object.keys(hooks).length > 0;
  const slots = new Map<string, number>();
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    const kept: unknown[] = [];
    let changed = false;
    for (const group of list) {
      const entries = isObject(group) && Array.isArray(group.hooks) ? group.hooks : undefined;
      if (!entries) {
        kept.push(group);
        continue;
      }
      const others = entries.filter((entry) => !(isObject(entry) && isBatonHookCommand(entry.command)));
      if (others.length === entries.length) kept.push(group);
      else {
        changed = true;
        if (others.length === 0) {
          if (!slots.has(event)) slots.set(event, kept.length);
        } else kept.push({ ...group, hooks: others });
      }
    }
    if (!changed) continue;
    if (kept.length === 0 && !groups.some((group) => group.event === event)) delete hooks[event];
    else hooks[event] = kept;
  }
  for (const group of groups) {
    const entry: JsonObject = {};
    if (group.matcher !== undefined) entry.matcher = group.matcher;
    entry.hooks = [group.hook];
    const list = Array.isArray(hooks[group.event]) ? (hooks[group.event] as unknown[]) : [];
    const slot = slots.get(group.event);
    if (slot === undefined) list.push(entry);
    else {
      list.splice(slot, 0, entry);
      slots.set(group.event, slot + 1);
    }
    hooks[group.event] = list;
  }
  if (hadEvents && Object.keys(hooks).length === 0) delete settings.hooks;
}

/** Every baton hook command in `settings.hooks`, with its event. */
export function batonHooksIn(settings: JsonObject): { event: string; command: string }[] {
  const found: { event: string; command: string }[] = [];
  const hooks = settings.hooks;
  if (!isObject(hooks)) return found;
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    for (const group of list) {
      // A handler straight in the event's list (Antigravity's PreInvocation and Stop take no matcher groups).
      if (isObject(group) && isBatonHookCommand(group.command))
        found.push({ event, command: group.command as string });
      // GitHub Copilot CLI's: `{type: "command", bash}` straight in the list.
      if (isObject(group) && isBatonHookCommand(group.bash))
        found.push({ event, command: group.bash as string });
      if (!isObject(group) || !Array.isArray(group.hooks)) continue;
      for (const entry of group.hooks)
        if (isObject(entry) && isBatonHookCommand(entry.command))
          found.push({ event, command: entry.command as string });
    }
  }
  return found;
}
