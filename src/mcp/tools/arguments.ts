// Tool arguments: validated here, strictly, so every bad call reads the same in every SDK version.
import * as z from 'zod';
import { BatonError } from '../../core/errors.js';
import type { Shape } from '../contract.js';

/** The optional `board` argument every tool takes (SPEC §2 step 1). */
export const BOARD_ARGUMENT = z
  .string()
  .optional()
  .describe('board folder to use instead of the server’s (rarely needed)');

/** A tool's full argument schema: its own shape plus `board`, unknown keys refused. */
export function argumentSchema(input: Shape) {
  return z.strictObject({ ...input, board: BOARD_ARGUMENT });
}

/**
 * The JSON Schema listed in `tools/list`, attached as metadata to a schema that accepts any object. The SDK then
 * passes arguments through untouched and `parseArguments` phrases the errors — some SDK versions answer a schema
 * failure with a JSON-RPC error instead of an `isError` result, and their messages are zod dumps.
 */
export function listedSchema(schema: z.ZodObject) {
  const json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  delete json.$schema;
  return z.looseObject({}).meta(json);
}

/** Parses `raw` or throws `invalid_input` naming every problem and the arguments the tool takes. */
export function parseArguments<S extends z.ZodObject>(tool: string, schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => describeIssue(issue, raw));
  throw new BatonError(
    'invalid_input',
    `invalid arguments for ${tool}: ${problems.join('; ')} — ${tool} takes ${signature(schema)}`,
  );
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  const name = JSON.stringify(issue.path.map(String).join('.'));
  if (issue.code !== 'unrecognized_keys' && valueAt(raw, issue.path) === undefined) return `missing ${name}`;
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'invalid_type': {
      const value = valueAt(raw, issue.path);
      return `${name} must be ${article(issue.expected === 'int' ? 'integer' : issue.expected)}, got ${kindOf(value)}`;
    }
    case 'too_small':
      return `${name} must be at least ${issue.minimum}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'too_big':
      return `${name} must be at most ${issue.maximum}${issue.origin === 'string' ? ' characters' : ''}`;
    default:
      return `${name} ${issue.message}`;
  }
}

function signature(schema: z.ZodObject): string {
  return Object.entries(schema.shape)
    .map(([key, field]) => ((field as z.ZodType).safeParse(undefined).success ? `${key}?` : key))
    .join(', ');
}

function valueAt(raw: unknown, path: PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a fractional number';
  return article(typeof value);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
