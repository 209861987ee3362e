// Requests whose params the SDK cannot parse (`arguments` a string or a list, a tool `name` that is a number) are
// answered here with JSON-RPC -32602 and one short sentence; the SDK would answer -32603 with a validator dump.
// Arguments that are an object but wrong for the tool are the tool's business: an `isError` result.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ClientRequestSchema, ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import { article, kindOf, valueAt } from './describe-value.js';

type RequestSchema = (typeof ClientRequestSchema.options)[number];

const SCHEMAS = new Map<string, RequestSchema>(
  ClientRequestSchema.options.map((schema) => [schema.shape.method.value, schema]),
);

const MAX_PROBLEMS = 3;

/**
 * Why `message` is a malformed request for a method the SDK knows (`invalid tools/call request: "arguments" must
 * be an object, got a string`), or undefined when it parses (or is not a request at all).
 */
export function requestProblem(message: unknown): string | undefined {
  if (message === null || typeof message !== 'object' || !('id' in message) || !('method' in message)) return;
  const { method } = message as { method: unknown };
  const schema = typeof method === 'string' ? SCHEMAS.get(method) : undefined;
  if (!schema) return undefined;
  const result = schema.safeParse(message);
  if (result.success) return undefined;
  const problems = result.error.issues.slice(0, MAX_PROBLEMS).map((issue) => describe(issue, message));
  return `invalid ${method} request: ${problems.join('; ')}`;
}

/**
 * Puts the check in front of a connected transport: a malformed request is answered with -32602 and never reaches
 * the SDK. Call right after `connect` (which installs the handler this wraps), before any message can arrive.
 */
export function guardRequests(transport: Transport): void {
  const handle = transport.onmessage;
  if (!handle) return;
  const guarded = (message: JSONRPCMessage, extra?: Parameters<typeof handle>[1]) => {
    const problem = requestProblem(message);
    if (problem === undefined) return handle(message, extra);
    const id = (message as { id: string | number }).id;
    transport
      .send({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidParams, message: problem } })
      .catch((error) => transport.onerror?.(error instanceof Error ? error : new Error(String(error))));
  };
  transport.onmessage = guarded as Transport['onmessage'];
}

function describe(issue: z.core.$ZodIssue, message: object): string {
  const path = issue.path[0] === 'params' && issue.path.length > 1 ? issue.path.slice(1) : issue.path;
  const name = JSON.stringify(path.map(String).join('.'));
  if (issue.code === 'invalid_type') {
    return `${name} must be ${article(EXPECTED[issue.expected] ?? issue.expected)}, got ${kindOf(valueAt(message, issue.path))}`;
  }
  return `${name}: ${issue.message}`;
}

const EXPECTED: Record<string, string> = { record: 'object', int: 'integer' };
