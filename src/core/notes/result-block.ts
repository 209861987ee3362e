// A result's input as `baton result write` takes it: the deliverable, optionally led by a front-matter block that
// holds its summary (title, conclusion, facts, …). Unknown keys, an unclosed block and a value of the wrong shape are
// refused with what to do; nothing is written then.
import { BatonError } from '../errors.js';
import { type FieldValue, parseRecord } from '../store/front-matter.js';

/** Front-matter keys a block may set, and whether each is a list. */
const BLOCK_KEYS = {
  title: 'text',
  status: 'text',
  conclusion: 'text',
  facts: 'list',
  artifacts: 'list',
  task: 'text',
  files: 'list',
  session: 'text',
  parentSession: 'text',
} as const;
export type BlockKey = keyof typeof BLOCK_KEYS;
export type ResultBlock = Partial<Record<BlockKey, string | string[]>>;

/** The keys a block may set, as a list for messages. */
export function blockKeys(): string {
  return Object.keys(BLOCK_KEYS).join(', ');
}

/**
 * The summary block in front of the body, when the input starts with a `---` line. Unknown keys, a block that is
 * not closed, and a value of the wrong shape are refused (invalid_input): nothing is written.
 */
export function splitResultBlock(input: string): { block: ResultBlock; body: string } {
  if (!/^\uFEFF?---\r?\n/.test(input)) return { block: {}, body: input };
  const parsed = parseRecord(input);
  if (!parsed.ok) {
    throw new BatonError(
      'invalid_input',
      `the input starts with --- but is not a front-matter block: ${parsed.reason} — close it with a --- line (keys: ${blockKeys()}), or start the body with something else; nothing was written`,
    );
  }
  const unknown = Object.keys(parsed.fields).filter((key) => !Object.hasOwn(BLOCK_KEYS, key));
  if (unknown.length > 0) {
    throw new BatonError(
      'invalid_input',
      `unknown ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.map((key) => JSON.stringify(key)).join(', ')} in the front-matter block — use ${blockKeys()}; nothing was written`,
    );
  }
  const block: ResultBlock = {};
  for (const [key, value] of Object.entries(parsed.fields) as [BlockKey, FieldValue][]) {
    if (BLOCK_KEYS[key] === 'list') block[key] = Array.isArray(value) ? value : [String(value)];
    else if (Array.isArray(value)) {
      throw new BatonError(
        'invalid_input',

        `"${key}" in the front-matter block must be one value, not a list — nothing was written`,
      );
    } else block[key] = String(value);
  }
  return { block, body: parsed.body };
}
