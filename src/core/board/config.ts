// The board's optional settings (`config.json`): a key that is absent means its default.
import { BatonError } from '../errors.js';
import { readTextFile } from '../store/read-file.js';
import { type Board, boardPath } from './open-board.js';

const CONFIG_BYTES = 256 * 1024;

/**
 * The parsed `config.json` (`{}` when there is none). A file that is present but unreadable or not a JSON object
 * is an error naming the fix, rather than a silent default.
 */
export function readConfig(board: Board): Record<string, unknown> {
  const path = boardPath(board, 'config.json');
  const read = readTextFile(board.root, path, CONFIG_BYTES);
  if (!read.ok) {
    if (read.missing) return {};
    throw new BatonError('corrupt', `cannot read ${path}: ${read.reason} — fix or remove it`);
  }
  let config: unknown;
  try {
    config = JSON.parse(read.text);
  } catch {
    throw new BatonError('corrupt', `${path} is not valid JSON — fix or remove it`);
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new BatonError('corrupt', `${path} is not a JSON object — fix or remove it`);
  }
  return config as Record<string, unknown>;
}

/** `config[section][key]`, or undefined when either is absent. */
export function configValue(board: Board, section: string, key: string): unknown {
  const part = readConfig(board)[section];
  if (part === null || typeof part !== 'object' || Array.isArray(part)) return undefined;
  return (part as Record<string, unknown>)[key];
}

/** A true/false setting; anything but a boolean is an error naming the key. */
export function configFlag(board: Board, section: string, key: string, fallback: boolean): boolean {
  const value = configValue(board, section, key);
  if (value === undefined) return fallback;
  if (typeof value === 'boolean') return value;
  throw new BatonError(
    'invalid_input',
    `${boardPath(board, 'config.json')}: ${section}.${key} must be true or false, not ${JSON.stringify(value)}`,
  );
}
