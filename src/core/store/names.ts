// The one name validator: names become file and folder names, so they never carry paths, control characters or
// unbounded length, never collide with baton's own files (`.lock`, `.baton-tmp`), and stay portable through git to
// Windows and macOS (no reserved device names, no trailing dot, one case per agent).
import { BatonError } from '../errors.js';

/** What a name names; each kind has its own length and shape (see {@link validateName}). */
export type NameKind = 'agent' | 'slug' | 'id' | 'session';

const MAX_LENGTH: Record<NameKind, number> = { agent: 64, slug: 80, id: 40, session: 128 };
const SHAPE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** An agent name may carry one `@`: `claude@shop`, a harness's stable name in a project (see core/agents/alias.ts). */
const AGENT_SHAPE = /^[A-Za-z0-9][A-Za-z0-9._-]*(@[A-Za-z0-9][A-Za-z0-9._-]*)?$/;
/** Suffixes of baton's own lock folders and temp files: a name ending so could be mistaken for one. */
const RESERVED_SUFFIX = /\.(lock|baton-tmp)$/i;
/** Device names Windows reserves in every folder, with or without an extension (`nul`, `COM1`, `lpt1.txt`). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9]|conin\$|conout\$)(\..*)?$/i;

/**
 * The canonical spelling of a name: agent names are case-folded (`Bob` and `bob` are one agent, also on a
 * case-insensitive file system); other kinds are kept as given (session ids come from the harness).
 */
export function canonicalName(kind: NameKind, value: string): string {
  return kind === 'agent' ? value.toLowerCase() : value;
}

/**
 * Returns the canonical form of `value` (see canonicalName) when it is a safe name of `kind`, else throws
 * `invalid_name` naming the rule it broke.
 */
export function validateName(kind: NameKind, value: string): string {
  if (typeof value !== 'string') {
    throw new BatonError('invalid_name', `invalid ${kind} name: expected a string, got ${typeof value}`);
  }
  const canonical = canonicalName(kind, value);
  const rule = nameProblem(kind, canonical);
  if (rule) throw new BatonError('invalid_name', `invalid ${kind} name ${JSON.stringify(value)}: ${rule}`);
  return canonical;
}

/** Why `value` is not a usable name of `kind` as it stands (names read from disk must already be canonical). */
export function nameProblem(kind: NameKind, value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > MAX_LENGTH[kind]) return `must be at most ${MAX_LENGTH[kind]} characters`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters';
  if (value.includes('/') || value.includes('\\')) return 'must not contain path separators';
  if (value.includes('..')) return 'must not contain ".."';
  if (kind === 'agent' ? !AGENT_SHAPE.test(value) : !SHAPE.test(value))
    return kind === 'agent'
      ? 'may use only letters, digits, ".", "_", "-" and one "@", starting with a letter or digit (also after the "@")'
      : 'may use only letters, digits, ".", "_" and "-", starting with a letter or digit';
  if (value.endsWith('.')) return 'must not end with "." (Windows drops it)';
  if (RESERVED_SUFFIX.test(value)) return 'must not end with ".lock" or ".baton-tmp" (baton’s own files do)';
  if (WINDOWS_DEVICE.test(value)) return 'is a device name on Windows (CON, NUL, COM1, LPT1, …)';
  if (canonicalName(kind, value) !== value) return 'must be lowercase (names are case-folded)';
  return undefined;
}
