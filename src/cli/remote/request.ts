// The body of `POST /api/cli`, checked field by field: a command line, its stdin, and the few environment variables
// that say who the client is. Anything else is refused, never ignored.
import { SHELL_SESSION_ENV } from '../../harnesses/registry.js';

export interface RemoteRequest {
  argv: string[];
  stdin: string;
  env: Record<string, string>;
}

/**
 * The client's variables the server applies: identity (BATON_AGENT, the session ids a command finds its session by),
 * the continuation link, and BATON_DISABLE. Never a board (the served board is the board), never a secret.
 */
export const REMOTE_ENV = [
  'BATON_AGENT',
  'BATON_DISABLE',
  'BATON_SESSION',
  'BATON_PARENT_SESSION',
  ...SHELL_SESSION_ENV.map(([variable]) => variable),
];

const MAX_ARGS = 512;
const MAX_VALUE_CHARS = 1024;

/** The request, or what is wrong with it. */
export function parseRemoteRequest(text: string): RemoteRequest | { problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { problem: 'the body is not JSON' };
  }
  if (!isObject(raw)) return { problem: 'the body must be a JSON object {argv, stdin?, env?}' };
  const unknown = Object.keys(raw).find((key) => !['argv', 'stdin', 'env'].includes(key));
  if (unknown !== undefined) return { problem: `unknown field ${JSON.stringify(unknown)}` };
  const { argv, stdin = '', env = {} } = raw;
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((arg) => typeof arg === 'string')) {
    return { problem: 'argv must be a non-empty array of strings' };
  }
  if (argv.length > MAX_ARGS) return { problem: `argv has more than ${MAX_ARGS} arguments` };
  if (typeof stdin !== 'string') return { problem: 'stdin must be a string' };
  if (!isObject(env)) return { problem: 'env must be an object of strings' };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (!(REMOTE_ENV as readonly string[]).includes(key)) {
      return {
        problem: `env ${JSON.stringify(key)} is not applied remotely (only ${REMOTE_ENV.join(', ')})`,
      };
    }
    if (typeof value !== 'string' || value.length > MAX_VALUE_CHARS || value.includes('\0')) {
      return { problem: `env ${key} must be a string of at most ${MAX_VALUE_CHARS} characters` };
    }
    out[key] = value;
  }
  return { argv: argv as string[], stdin, env: out };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
