// The board's optional settings (`config.json`) turned into options, in one place. Valves are judged by whether the
// key is present: an absent key (or section, or file) means the default; `index.maxNotes: 0` turns the index off,
// `index.lineChars: 0` means no trimming, a ttl of `"0"` means never expire, `gc.maxPerProject: 0` means no cap.
// Nothing passes a raw 0 past this file: "off" is a flag, "never" and "no limit" are Infinity. A file or value that
// cannot be used is reported (`problems`) and its default used: a broken config.json never stops a reader or a hook.
import { cut } from '../display/cut.js';
import { projectKeyProblem } from '../notes/note.js';
import { validateName } from '../store/names.js';
import { type Board, boardPath } from './open-board.js';

/** The board's settings (config.json), every one with its default filled in. */
export interface Settings {
  index: {
    /** False when `index.maxNotes` is 0: no index is shown or injected. */
    on: boolean;
    /** Notes listed (at least 1 when on). */
    maxNotes: number;
    /** Characters per line before it is trimmed (Infinity: never trimmed). */
    lineChars: number;
  };
  gc: {
    /** Notes older than this (ms) expire (Infinity: never). */
    ttlMs: number;
    /** Notes kept per project, newest first (Infinity: no cap). */
    maxPerProject: number;
  };
  pending: {
    /** How long a pending write stays open (ms; Infinity: never expires). */
    ttlMs: number;
  };
  hooks: {
    rawHandoffOnCompact: boolean;
    blockOnConflict: boolean;
  };
  /** The model that writes generated handoffs (`baton handoff generate`); the environment wins. Keys: env only. */
  llm: {
    url?: string;
    model?: string;
    provider?: 'openai' | 'anthropic';
  };
  /**
   * The stable agent name of each harness's sessions in this project (`{"claude": "claude@shop"}`), written by
   * `baton init` (`--as` to choose it): mail to it waits for the harness's next session here. Absent: the sessions
   * act as their per-session name (`claude-3f2a9c`).
   */
  agents: Record<string, string>;
  /**
   * The project key of every folder that uses this board (`"project": "shop"`), instead of the one its git remote or
   * folder gives (sessions/project.ts): a valid key (lowercase letters, digits and dashes) or absent.
   */
  project?: string;
  /** `baton sync`: where the board's history goes (absent repo: a branch of the project's own repository). */
  sync: {
    repo?: string;
    remote: string;
    branch: string;
  };
}

/** The board's settings from {@link loadSettings}, and what in config.json could not be used. */
export interface LoadedSettings {
  settings: Settings;
  /** What could not be used, each naming the file, the key and the fix; the defaults stand in for it. */
  problems: string[];
}

const DAY_MS = 86_400_000;

export const DEFAULT_SETTINGS: Settings = {
  index: { on: true, maxNotes: 20, lineChars: 160 },
  gc: { ttlMs: 30 * DAY_MS, maxPerProject: 500 },
  pending: { ttlMs: 30 * 60 * 1000 },
  hooks: { rawHandoffOnCompact: true, blockOnConflict: false },
  llm: {},
  agents: {},
  sync: { remote: 'origin', branch: 'baton' },
};

// A remote or branch name git accepts and no command line can mistake for a flag.
const REF_NAME = /^(?!-)(?!.*\.\.)(?!.*\.lock$)[A-Za-z0-9._/-]{1,100}$/;

const CONFIG_BYTES = 256 * 1024;

/** The board's settings. Never throws: an unreadable file or value is a problem, and its default is used. */
export function loadSettings(board: Board): LoadedSettings {
  const path = boardPath(board, 'config.json');
  const problems: string[] = [];
  const config = readConfig(board, path, problems);
  const get = (section: string, key: string): unknown => {
    const part = config[section];
    if (part === undefined) return undefined;
    if (part === null || typeof part !== 'object' || Array.isArray(part)) {
      problems.push(`${path}: ${section} must be an object — its defaults are used`);
      config[section] = undefined;
      return undefined;
    }
    return (part as Record<string, unknown>)[key];
  };
  const count = (section: string, key: string, fallback: number): number => {
    const value = get(section, key);
    if (value === undefined) return fallback;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
    problems.push(
      `${path}: ${section}.${key} must be a whole number ≥ 0, not ${shown(value)} — the default ${fallback} is used`,
    );
    return fallback;
  };
  const duration = (section: string, key: string, fallback: number): number => {
    const value = get(section, key);
    if (value === undefined) return fallback;
    const ms = parseDuration(value);
    if (ms !== undefined) return ms === 0 ? Number.POSITIVE_INFINITY : ms;
    problems.push(
      `${path}: ${section}.${key} ${shown(value)} is not a duration — use e.g. "30m", "2h", "30d" or "0" (never expire); the default is used`,
    );
    return fallback;
  };
  const flag = (section: string, key: string, fallback: boolean): boolean => {
    const value = get(section, key);
    if (value === undefined) return fallback;
    if (typeof value === 'boolean') return value;
    problems.push(
      `${path}: ${section}.${key} must be true or false, not ${shown(value)} — ${fallback} is used`,
    );
    return fallback;
  };
  const text = (section: string, key: string, allowed?: readonly string[]): string | undefined => {
    const value = get(section, key);
    if (value === undefined) return undefined;
    if (typeof value === 'string' && value.trim() !== '' && (!allowed || allowed.includes(value)))
      return value.trim();
    const want = allowed ? `one of ${allowed.join(', ')}` : 'a non-empty string';
    problems.push(`${path}: ${section}.${key} must be ${want}, not ${shown(value)} — it is ignored`);
    return undefined;
  };
  for (const key of ['key', 'apiKey', 'api_key']) {
    if (get('llm', key) !== undefined) {
      problems.push(
        `${path}: llm.${key} is ignored — a key is read from the environment only (BATON_LLM_KEY, OPENAI_API_KEY or ANTHROPIC_API_KEY), never from the board`,
      );
    }
  }
  const refName = (key: string, fallback: string): string => {
    const value = text('sync', key);
    if (value === undefined) return fallback;
    if (REF_NAME.test(value) && !value.endsWith('/') && !value.startsWith('/')) return value;
    problems.push(`${path}: sync.${key} ${shown(value)} is not a usable git name — ${fallback} is used`);
    return fallback;
  };
  const repo = text('sync', 'repo');
  if (repo?.startsWith('-'))
    problems.push(`${path}: sync.repo ${shown(repo)} is not a repository — it is ignored`);
  const unlimited = (n: number) => (n === 0 ? Number.POSITIVE_INFINITY : n);
  const d = DEFAULT_SETTINGS;
  const maxNotes = count('index', 'maxNotes', d.index.maxNotes);
  const settings: Settings = {
    index: {
      on: maxNotes > 0,
      maxNotes: maxNotes > 0 ? maxNotes : d.index.maxNotes,
      lineChars: unlimited(count('index', 'lineChars', d.index.lineChars)),
    },
    gc: {
      ttlMs: duration('gc', 'ttl', d.gc.ttlMs),
      maxPerProject: unlimited(count('gc', 'maxPerProject', d.gc.maxPerProject)),
    },
    pending: { ttlMs: duration('pending', 'ttl', d.pending.ttlMs) },
    hooks: {
      rawHandoffOnCompact: flag('hooks', 'rawHandoffOnCompact', d.hooks.rawHandoffOnCompact),
      blockOnConflict: flag('hooks', 'blockOnConflict', d.hooks.blockOnConflict),
    },
    llm: {
      url: text('llm', 'url'),
      model: text('llm', 'model'),
      provider: text('llm', 'provider', ['openai', 'anthropic']) as Settings['llm']['provider'],
    },
    agents: agentNames(config, path, problems),
    project: projectName(config, path, problems),
    sync: {
      repo: text('sync', 'repo'),
      remote: refName('remote', d.sync.remote),
      branch: refName('branch', d.sync.branch),
    },
  };
  return { settings, problems };
}

/** `project`: a project key (note.ts's rule); anything else is a problem and ignored. */
function projectName(config: Record<string, unknown>, path: string, problems: string[]): string | undefined {
  const value = config.project;
  if (value === undefined) return undefined;
  const problem = typeof value === 'string' ? projectKeyProblem(value) : 'must be a string';
  if (problem === undefined) return value as string;
  problems.push(`${path}: project ${shown(value)} ${problem} — it is ignored`);
  return undefined;
}

/** `agents`: harness → a valid agent name (case-folded); anything else is a problem and left out. */
function agentNames(
  config: Record<string, unknown>,
  path: string,
  problems: string[],
): Record<string, string> {
  const section = config.agents;
  const names: Record<string, string> = {};
  if (section === undefined) return names;
  if (section === null || typeof section !== 'object' || Array.isArray(section)) {
    problems.push(`${path}: agents must be an object of harness → agent name — it is ignored`);
    return names;
  }
  for (const [harness, value] of Object.entries(section)) {
    try {
      if (typeof value !== 'string') throw new Error(`must be a string, not ${shown(value)}`);
      names[harness] = validateName('agent', value);
    } catch (error) {
      problems.push(`${path}: agents.${cut(harness, 20)}: ${(error as Error).message} — it is ignored`);
    }
  }
  return names;
}

/** The parsed `config.json` (`{}` when there is none, or when it cannot be used: then a problem says why). */
function readConfig(board: Board, path: string, problems: string[]): Record<string, unknown> {
  if (!board.exists) return {};
  const read = board.store.readText(path, CONFIG_BYTES);
  if (!read.ok) {
    if (!read.missing)
      problems.push(`cannot read ${path}: ${read.reason} — fix or remove it; defaults are used`);
    return {};
  }
  let config: unknown;
  try {
    config = JSON.parse(read.text);
  } catch {
    problems.push(`${path} is not valid JSON — fix or remove it; defaults are used`);
    return {};
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    problems.push(`${path} is not a JSON object — fix or remove it; defaults are used`);
    return {};
  }
  return config as Record<string, unknown>;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS };

/** Parses `"90s"`, `"30m"`, `"2h"`, `"30d"`, `"500ms"` or a number of ms; `"0"` / `0` is 0. Else undefined. */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(value);
  if (!match) return undefined;
  return Math.round(Number(match[1]) * UNITS[match[2] ?? 'ms']!);
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return cut(text, 40);
}
