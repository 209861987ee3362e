// The `agents` key of config.json: the stable agent name of each harness's sessions in this project
// (`{"agents": {"claude": "claude@shop"}}`), which `baton init` writes — every other key of the file kept as it is.
import { projectAgent } from '../agents/alias.js';
import { BatonError } from '../errors.js';
import { validateStoredName } from '../store/records.js';
import { type Board, boardPath } from './open-board.js';

const CONFIG_BYTES = 256 * 1024;

export interface AgentNamesOptions {
  /** `init --as`: the name of the one harness given. */
  as?: string;
  /** The project folder's name, for a default (`claude@<folder>`); none on a global board (it holds many). */
  projectFolder?: string;
}

export interface AgentNamesPlan {
  /** The stable name of each harness asked about that has one, after the write. */
  names: Record<string, string>;
  /** What the write changes (harness → new name); empty: config.json is left as it is. */
  changes: Record<string, string>;
}

/**
 * Works out the stable names of `harnesses`, writing nothing: `as` for the one harness given with it, else the name
 * config.json already holds, else the project's default. Throws (and nothing is written) when config.json cannot be
 * edited, `as` is not a valid name, or another harness already has that name here.
 */
export function planAgentNames(
  board: Board,
  harnesses: readonly string[],
  options: AgentNamesOptions = {},
): AgentNamesPlan {
  if (options.as !== undefined && harnesses.length !== 1)
    throw new BatonError('invalid_input', '--as names the agent of one harness — pass one --harness with it');
  const given = options.as === undefined ? undefined : validateStoredName(board, 'agent', options.as);
  const current = currentNames(board, readConfigForEdit(board));
  const names: Record<string, string> = {};
  const changes: Record<string, string> = {};
  for (const harness of harnesses) {
    const name = given ?? current[harness] ?? defaultName(board, harness, options.projectFolder);
    if (name === undefined) continue;
    const other = Object.keys(current).find((key) => key !== harness && current[key] === name);
    if (other !== undefined)
      throw new BatonError(
        'conflict',
        `${name} is already the agent of ${other} sessions here (${configPath(board)} agents.${other}) — pick another name; nothing was written`,
      );
    names[harness] = name;
    if (current[harness] !== name) changes[harness] = name;
  }
  return { names, changes };
}

/** Writes a plan's changes into config.json (atomically, under its lock), keeping every other key. */
export function writeAgentNames(board: Board, plan: AgentNamesPlan): void {
  if (Object.keys(plan.changes).length === 0) return;
  const path = configPath(board);
  board.store.withLock(path, () => {
    const config = readConfigForEdit(board);
    const agents = isObject(config.agents) ? config.agents : {};
    config.agents = { ...agents, ...plan.changes };
    board.store.write(path, `${JSON.stringify(config, null, 2)}\n`);
  });
}

function configPath(board: Board): string {
  return boardPath(board, 'config.json');
}

// Strict, unlike loadSettings (which reads past a broken file with its defaults): an edit must not drop a person's
// settings, so a file that is not a JSON object (or whose `agents` is not one) is refused.
function readConfigForEdit(board: Board): Record<string, unknown> {
  const path = configPath(board);
  // Read even before the board is made: init adopts a .baton folder whose board.json was lost, config.json kept.
  const read = board.store.readText(path, CONFIG_BYTES);
  if (!read.ok) {
    if (read.missing) return {};
    throw new BatonError(
      'corrupt',
      `cannot read ${path}: ${read.reason} — fix or remove it; nothing was written`,
    );
  }
  let config: unknown;
  try {
    config = JSON.parse(read.text);
  } catch {
    throw new BatonError('corrupt', `${path} is not valid JSON — fix or remove it; nothing was written`);
  }
  if (!isObject(config))
    throw new BatonError('corrupt', `${path} is not a JSON object — fix or remove it; nothing was written`);
  if (config.agents !== undefined && !isObject(config.agents))
    throw new BatonError(
      'corrupt',
      `${path}: agents must be an object of harness → agent name — fix or remove it; nothing was written`,
    );
  return config;
}

// The names config.json holds that are usable (loadSettings reports the others; init replaces them).
function currentNames(board: Board, config: Record<string, unknown>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [harness, value] of Object.entries(isObject(config.agents) ? config.agents : {})) {
    try {
      if (typeof value === 'string') names[harness] = validateStoredName(board, 'agent', value);
    } catch {
      // Not a usable name: as if absent.
    }
  }
  return names;
}

function defaultName(board: Board, harness: string, folder: string | undefined): string | undefined {
  if (folder === undefined) return undefined;
  try {
    return validateStoredName(board, 'agent', projectAgent(harness, folder));
  } catch {
    // A folder named like a credential (or one the name rules refuse outright) is not spelled out on the board.
    return `${harness}@project`;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
