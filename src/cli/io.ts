// What a CLI command is given (streams, env, cwd) and how core errors become messages and exit codes.
import { BatonError } from '../core/errors.js';

export interface CliIO {
  env: Record<string, string | undefined>;
  cwd: string;
  out(text: string): void;
  err(text: string): void;
  /** All of stdin as text ('' when it is a terminal). */
  readStdin(): Promise<string>;
  /** Resolves once everything written with `out` has been handed to the OS (so delivery can be acknowledged). */
  flush?(): Promise<void>;
  /** Resolves when the command should stop (SIGINT/SIGTERM). */
  signal?: AbortSignal;
}

/** A usage mistake (unknown flag, missing value): exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Exit code for a thrown error: 2 for usage, 1 for everything else. Prints `baton: <message>` to stderr. */
export function reportError(io: CliIO, error: unknown): number {
  if (error instanceof UsageError) {
    io.err(`baton: ${error.message}\n`);
    return 2;
  }
  if (error instanceof BatonError) {
    io.err(`baton: ${error.message}\n`);
    return 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.err(`baton: unexpected error: ${message}\n`);
  return 1;
}

export function processIO(): CliIO {
  return {
    env: process.env,
    cwd: process.cwd(),
    out: (text) => {
      process.stdout.write(text);
    },
    err: (text) => {
      process.stderr.write(text);
    },
    readStdin: () => readAll(process.stdin),
    flush: () =>
      new Promise((resolve, reject) =>
        process.stdout.write('', (error) => (error ? reject(error) : resolve())),
      ),
  };
}

async function readAll(stream: NodeJS.ReadStream): Promise<string> {
  if (stream.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Prints a command's usage; exit code 0. */
export function printUsage(io: CliIO, usage: string): number {
  io.out(`${usage}\n`);
  return 0;
}
