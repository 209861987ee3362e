// JSON in and out of the page's API (and a note file as text): the response headers every answer carries, a capped
// body reader, and the one place a BatonError code becomes an HTTP status.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type BatonErrorCode, isBatonError } from '../../core/errors.js';
import { readBody } from '../../http/read-body.js';
import type { ApiError } from '../api-types.js';

/** A request body the page sends is a form's worth of text: an entry or a message (at most ~64 KB) and a few names. */
export const MAX_API_BODY = 256 * 1024;

/** A refusal the API answers with: an HTTP status and a message that says what to do. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const STATUS: Record<BatonErrorCode, number> = {
  no_board: 404,
  not_found: 404,
  invalid_name: 400,
  invalid_input: 400,
  too_large: 413,
  conflict: 409,
  ambiguous: 409,
  corrupt: 422,
  no_agent: 400,
  disabled: 503,
  unsafe_path: 400,
  io: 500,
};

/** An answer already serialised (a memoised one), sent as it is. */
export class SerializedJson {
  constructor(readonly text: string) {}
}

/** A file as text (a note as stored): sent as text/plain, inline or, with `download`, as an attachment. */
export class TextFile {
  constructor(
    readonly text: string,
    /** A name the handler checked (a note id and `.md`): it goes into a header as it is. */
    readonly name: string,
    readonly download: boolean,
  ) {}
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  if (value instanceof TextFile) {
    // Plain text, never sniffed as HTML (every answer carries nosniff), whatever the board put in the file.
    res
      .writeHead(status, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Disposition': `${value.download ? 'attachment' : 'inline'}; filename="${value.name}"`,
      })
      .end(value.text);
    return;
  }
  res
    .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
    .end(value instanceof SerializedJson ? value.text : JSON.stringify(value));
}

/** Answers with the error's status and message; anything that is not a known refusal is a 500 (and logged). */
export function sendError(res: ServerResponse, error: unknown, log: (error: unknown) => void): void {
  let status = 500;
  let body: ApiError = { error: 'internal error (details in the server log)', code: 'internal' };
  if (error instanceof ApiRefusal) {
    status = error.status;
    body = { error: error.message, code: error.code };
  } else if (isBatonError(error)) {
    status = STATUS[error.code];
    body = { error: error.message, code: error.code };
  }
  if (status >= 500) log(error);
  sendJson(res, status, body);
}

/** The request's JSON object body; anything else is a 400 or 413 refusal. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(req, MAX_API_BODY);
  if (!body.ok) {
    if (body.reason === 'aborted') throw new ApiRefusal(400, 'aborted', 'the request was aborted');
    throw new ApiRefusal(413, 'too_large', `request body too large (at most ${MAX_API_BODY} bytes)`);
  }
  let value: unknown;
  try {
    value = body.text === '' ? {} : JSON.parse(body.text);
  } catch {
    throw new ApiRefusal(400, 'invalid_input', 'the body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiRefusal(400, 'invalid_input', 'the body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** `body[key]` as a string; a missing or non-string value is a 400 naming the field. */
export function stringField(body: Record<string, unknown>, key: string, optional: true): string | undefined;
export function stringField(body: Record<string, unknown>, key: string, optional?: false): string;
export function stringField(
  body: Record<string, unknown>,
  key: string,
  optional = false,
): string | undefined {
  const value = body[key];
  if (value === undefined || value === null || value === '') {
    if (optional) return undefined;
    throw new ApiRefusal(400, 'invalid_input', `"${key}" is required`);
  }
  if (typeof value !== 'string') throw new ApiRefusal(400, 'invalid_input', `"${key}" must be text`);
  return value;
}
