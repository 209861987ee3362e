// The kinds of edit every harness uses: a file baton owns whole, the managed block, a JSON settings change, the skill.
import { dirname, join } from 'node:path';
import { HARNESS_NAMES, harnessInfo } from '../harnesses/registry.js';
import type { HookEvent } from './baton-command.js';
import { hookCommandLine } from './baton-command.js';
import { type HookGroup, setBatonHooks } from './hook-entries.js';
import { editJson, type JsonObject } from './json-file.js';
import { agentsSkills } from './locations.js';
import { removeBlock, upsertBlock } from './managed-block.js';
import { isOwnedText, markMarkdown } from './owned-file.js';
import { blockBody, COMMANDS, type CommandText, skillText } from './texts.js';
import type { FileEdit, HarnessName, HookSpec, WiringContext } from './types.js';

/** A file baton writes whole: created, replaced when baton's, deleted on removal; a person's own is left alone. */
export function ownedFile(path: string, what: string, text: string, remove: boolean): FileEdit {
  return {
    path,
    what,
    owned: true,
    apply: (current) => {
      if (current !== null && !isOwnedText(current)) return current;
      return remove ? null : text;
    },
  };
}

export function blockEdit(path: string, remove: boolean, sharedBy?: HarnessName[]): FileEdit {
  return {
    path,
    what: 'managed block',
    sharedBy,
    apply: (current) => (remove ? removeBlock(path, current) : upsertBlock(path, current, blockBody())),
  };
}

export function jsonEdit(
  path: string,
  what: string,
  remove: boolean,
  mutate: (settings: JsonObject) => void,
): FileEdit {
  return { path, what, apply: (current) => editJson(path, current, mutate, remove) };
}

/** The skill at `<skillsDir>/baton/SKILL.md`; its folder goes with it on removal. */
export function skillEdit(skillsDir: string, remove: boolean, sharedBy?: HarnessName[]): FileEdit {
  const folder = join(skillsDir, 'baton');
  return {
    ...ownedFile(join(folder, 'SKILL.md'), 'skill baton', markMarkdown(skillText()), remove),
    sharedBy,
  };
}

/** The hook groups of a harness with their full command lines. */
export function hookGroups(
  ctx: WiringContext,
  harness: HarnessName,
  specs: HookSpec[],
  extra: JsonObject = {},
): HookGroup[] {
  return specs.map((spec) => ({
    event: spec.event,
    matcher: spec.matcher,
    hook: {
      type: 'command',
      command: hookCommandLine(spec.batonEvent as HookEvent, harness, ctx.command),
      timeout: spec.timeout,
      ...extra,
    },
  }));
}

export function hooksEdit(path: string, groups: HookGroup[], remove: boolean): FileEdit {
  return jsonEdit(path, 'hooks', remove, (settings) => setBatonHooks(path, settings, remove ? [] : groups));
}

/** Markdown slash commands (Claude Code, Codex prompts, opencode): front matter, then the prompt. */
export function markdownCommands(
  dir: string,
  placeholder: string,
  remove: boolean,
  frontMatter: (command: CommandText) => string[],
): FileEdit[] {
  return COMMANDS.map((command) => {
    const text = `---\n${frontMatter(command).join('\n')}\n---\n${command.prompt.replaceAll('ARGS', placeholder)}\n`;
    return ownedFile(join(dir, `${command.name}.md`), `command /${command.name}`, markMarkdown(text), remove);
  });
}

/** A YAML string for front matter. */
export function yamlString(text: string): string {
  return JSON.stringify(text);
}

/** The folder above `path`. */
export function parentOf(path: string): string {
  return dirname(path);
}

/**
 * What Codex, opencode and pi share: the skill in `.agents/skills/` (which Gemini CLI loads too) and the managed
 * block in AGENTS.md (in the harness's own folder with --global). Each is kept while another wired harness uses it.
 */
export function sharedAgentsEdits(ctx: WiringContext, globalDir: string, remove: boolean): FileEdit[] {
  return [
    agentsSkillEdit(ctx, remove),
    blockEdit(join(ctx.scope === 'global' ? globalDir : ctx.root, 'AGENTS.md'), remove, AGENTS_MD_READERS),
  ];
}

/** The harnesses whose wiring writes baton's block in AGENTS.md (their harness.ts: `shares.agentsMd`). */
export const AGENTS_MD_READERS: HarnessName[] = HARNESS_NAMES.filter(
  (name) => harnessInfo(name).shares?.agentsMd,
);

/** The harnesses that load skills from `.agents/skills/` (their harness.ts: `shares.agentsSkills`). */
export const AGENTS_SKILLS_LOADERS: HarnessName[] = HARNESS_NAMES.filter(
  (name) => harnessInfo(name).shares?.agentsSkills,
);

/** baton's skill in `.agents/skills/`, kept while any harness that loads it is wired. */
export function agentsSkillEdit(ctx: WiringContext, remove: boolean): FileEdit {
  return skillEdit(agentsSkills(ctx), remove, AGENTS_SKILLS_LOADERS);
}
