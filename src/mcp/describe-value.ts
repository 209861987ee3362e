// Naming a value in an error message ("must be an object, got a string"), for argument and request checks alike.

/** The value at `path` inside `root`, or undefined where the path leaves the objects. */
export function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** What kind of value this is, with its article: `a string`, `an array`, `a fractional number`, `nothing`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a fractional number';
  return article(typeof value);
}

/** `type` with `a` or `an` in front. */
export function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
