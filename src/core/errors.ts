// The one error type of baton's core: a string-union code that every front end maps in one place.

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

export class BatonError extends Error {
  override readonly name = 'BatonError';
  readonly code: BatonErrorCode;

  constructor(code: BatonErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isBatonError(value: unknown, code?: BatonErrorCode): value is BatonError {
  return value instanceof BatonError && (code === undefined || value.code === code);
}
