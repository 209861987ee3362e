// The one error type of baton's core: a string-union code that every front end maps in one place.

/**
 * What went wrong, stable across versions: each front end maps it to an exit code, an MCP error or an HTTP
 * status.
 */
export type BatonErrorCode =
  | 'no_board'
  | 'not_found'
  | 'invalid_name'
  | 'invalid_input'
  | 'too_large'
  | 'conflict'
  | 'ambiguous'
  | 'corrupt'
  | 'no_agent'
  | 'disabled'
  | 'unsafe_path'
  | 'io';

/** The one error baton throws: a stable `code` and a message that says what to do next (the cause, when any, kept). */
export class BatonError extends Error {
  override readonly name = 'BatonError';
  readonly code: BatonErrorCode;

  constructor(code: BatonErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Whether `value` is a {@link BatonError} (with that `code`, when one is given). */
export function isBatonError(value: unknown, code?: BatonErrorCode): value is BatonError {
  return value instanceof BatonError && (code === undefined || value.code === code);
}
