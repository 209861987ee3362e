// The one name validator: agent names, slugs and ids never carry paths, control characters or unbounded length.
import { BatonError } from '../errors.js';

export type NameKind = 'agent' | 'slug' | 'id' | 'session';

const MAX_LENGTH: Record<NameKind, number> = { agent: 64, slug: 80, id: 40, session: 128 };
const SHAPE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Returns `value` when it is a safe name of `kind`, else throws `invalid_name` naming the rule it broke. */
export function validateName(kind: NameKind, value: string): string {
  const rule = nameProblem(kind, value);
  if (rule) throw new BatonError('invalid_name', `invalid ${kind} name ${JSON.stringify(value)}: ${rule}`);
  return value;
}

export function nameProblem(kind: NameKind, value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > MAX_LENGTH[kind]) return `must be at most ${MAX_LENGTH[kind]} characters`;
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters';
  if (value.includes('/') || value.includes('\\')) return 'must not contain path separators';
  if (value.includes('..')) return 'must not contain ".."';
  if (!SHAPE.test(value))
    return 'may use only letters, digits, ".", "_" and "-", starting with a letter or digit';
  return undefined;
}
