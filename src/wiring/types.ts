// The shapes every harness's wiring shares: where it writes (project or home), what a file edit is, what init reports.
import { HARNESS_NAMES, type HarnessName } from '../harnesses/registry.js';
import type { HookEvent } from './baton-command.js';

/** The harnesses baton wires: every one in the registry (src/harnesses/registry.ts). */
export const HARNESSES = HARNESS_NAMES;
export type { HarnessName };

/** Project: the project's folder (next to .baton). Global: the user's home and the harnesses' user settings. */
export type Scope = 'project' | 'global';

export interface WiringContext {
  scope: Scope;
  /** The project folder (scope project), or the home folder (scope global). */
  root: string;
  home: string;
  env: Record<string, string | undefined>;
  /** [node, bin/baton.js] as written into hooks and MCP entries. */
  command: string[];
}

/** One change one harness wants in one file; several edits of one file are applied in turn. */
export interface FileEdit {
  path: string;
  /** What the edit is, for the report ("hooks", "MCP server baton", "managed block", "command /board"). */
  what: string;
  /**
   * The new text from the current one (null: the file is absent); null deletes the file. Throws a BatonError naming
   * the file when it cannot be edited (not valid JSON/TOML, an unexpected shape): then nothing at all is written.
   */
  apply(current: string | null): string | null;
  /** A file a person may have written instead: left as is (and reported) when present without baton's marker. */
  owned?: boolean;
  /** Harnesses that share this file: on removal it stays while another of them is still wired. */
  sharedBy?: HarnessName[];
}

export interface HookSpec {
  event: string;
  batonEvent: HookEvent;
  matcher?: string;
  timeout: number;
}

export interface HarnessWiring {
  name: HarnessName;
  /** Whether the harness's folders or files are present at ctx.root (project) or in the home (global). */
  detect(ctx: WiringContext): boolean;
  /** What `detect` looks for, as a person would write it: named when init finds no harness. */
  detectedBy: { project: string[]; global: string[] };
  /** The edits that wire (remove = false) or unwire (remove = true) the harness. */
  edits(ctx: WiringContext, remove: boolean): FileEdit[];
  /** Whether baton's wiring of this harness is present (its hooks, plugin or extension). */
  wired(ctx: WiringContext): boolean;
  /** What a person must still do after wiring (trust prompts, approvals). */
  followUps(ctx: WiringContext): string[];
  /** The settings files this harness's wiring lives in, for `doctor` (parsed, searched for baton's entries). */
  settingsFiles(ctx: WiringContext): SettingsFile[];
}

/** A settings file `doctor` checks: its format, and where baton's MCP server entry is inside it (if any). */
export interface SettingsFile {
  path: string;
  format: 'json' | 'toml';
  /** The key path of baton's MCP server entry, e.g. ['mcpServers', 'baton']. */
  mcp?: string[];
  /** Whether the file holds baton's hooks. */
  hooks?: boolean;
  /** Where the hooks object is, when not at `hooks` (Antigravity: the named hook, ['baton']). */
  hooksAt?: string[];
}
