// Tool arguments: validated here, strictly, so every bad call reads the same in every SDK version.
import * as z from 'zod';
import { BatonError } from '../../core/errors.js';
import type { Shape } from '../contract.js';
import { article, kindOf, valueAt } from '../describe-value.js';

/** The `from` / `agent` argument: only a server without an identity needs it. */
export const OWN_NAME = z.string().optional().describe('your name, if the server has none');

/** A tool's argument schema: its own shape, unknown keys refused. */
export function argumentSchema(input: Shape) {
  return z.strictObject(input);
}

/** The JSON Schema a `tools/list` shows for `schema`: draft 2020-12 without the `$schema` key on every tool. */
export function listedSchema(schema: z.ZodObject): { type: 'object'; [key: string]: unknown } {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  // An integer with no upper bound of its own is listed without zod's "maximum": 9007199254740991 (the listing's
  // budget: SPEC §7); the arguments are still parsed by the schema itself.
  for (const property of Object.values((json.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    if (property.maximum === Number.MAX_SAFE_INTEGER) delete property.maximum;
  }
  return { ...json, type: 'object' };
}

/** Parses `raw` or throws `invalid_input` naming every problem and the arguments the tool takes. */
export function parseArguments<S extends z.ZodObject>(tool: string, schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => describeIssue(issue, raw));
  throw new BatonError(
    'invalid_input',
    `invalid arguments for ${tool}: ${problems.join('; ')} — ${tool} takes ${signature(schema) || 'no arguments'}`,
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
