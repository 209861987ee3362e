// What a CLI command is given (streams, env, cwd) and how errors become messages and exit codes (in one place).
import { isTerminal, readlinePromises } from '../core/builtins.js';
import { visibleText } from '../core/display/visible-text.js';
import { BatonError } from '../core/errors.js';
import { writeAllSync } from './fd-output.js';
import { stdinText } from './stdin-text.js';

export interface CliIO {
  env: Record<string, string | undefined>;
  cwd: string;
  out(text: string): void;
  err(text: string): void;
  /** Stdin to its end as text, at most `limit` bytes (default STDIN_LIMIT); '' when it is a terminal. */
  readStdin(limit?: number): Promise<string>;
  /** Resolves once everything written with `out` has been handed to the OS (so delivery can be acknowledged). */
  flush?(): Promise<void>;
  /** Aborts when the command should stop (SIGINT/SIGTERM); a command that listens gets a grace period. */
  signal?: AbortSignal;
  /**
   * The command line came from a remote client (`baton serve`'s `/api/cli`): no path, transcript or folder of this
   * machine is the client's to name, and nothing here starts a process or touches this process's signals for it.
   */
  remote?: boolean;
  /**
   * Asks the person at the terminal and resolves with the line they typed; absent when there is no terminal to ask
   * on (stdin or stderr is not one, a remote client): a command that would ask refuses instead.
   */
  ask?(question: string): Promise<string>;
}

/** A usage mistake (unknown flag, missing value, bad number): exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Stdout was closed by its reader (`baton agents | head -1`): not an error, the command just stops quietly. */
export class OutputClosed extends Error {
  override readonly name = 'OutputClosed';
  constructor() {
    super('stdout was closed');
  }
}

// The most stdin can hold: well above the largest valid input (a card entry is at most 20,000 characters, an
// agent's reply to commit a little more), low enough that `yes | baton send` fails at once instead of filling memory.
export const STDIN_LIMIT = 1024 * 1024;

/**
 * The most `baton result write` reads (stdin or --file): a result over its 4 MiB is kept as its head with its full
 * size, so this bounds only how much is read to learn that size.
 */
export const RESULT_STDIN_LIMIT = 16 * 1024 * 1024;

/** Exit codes (README): 0 ok, 1 failure, 2 usage error, 3 baton is disabled (BATON_DISABLE). */
export const EXIT = { ok: 0, failure: 1, usage: 2, disabled: 3 } as const;

/** The stable code a `--json` error carries: a BatonError's code, `usage`, or `internal`. */
export function errorCode(error: unknown): string {
  if (error instanceof UsageError) return 'usage';
  if (error instanceof BatonError) return error.code;
  return 'internal';
}

/**
 * Reports a thrown error on stderr and returns its exit code: 2 for usage (and no agent name), 3 when baton is
 * disabled, 1 for everything else; a closed stdout is silent (0). With `json`, stderr gets one object
 * `{"error":{"code","message"}}` instead of the `baton: <message>` line.
 */
export function reportError(io: CliIO, error: unknown, json = false): number {
  if (error instanceof OutputClosed) return EXIT.ok;
  const code = errorCode(error);
  // No agent name is a flag missing from the command line (--as), as a usage mistake is.
  const exit =
    code === 'usage' || code === 'no_agent' ? EXIT.usage : code === 'disabled' ? EXIT.disabled : EXIT.failure;
  let message = error instanceof Error ? error.message : String(error);
  if (code === 'internal') message = `unexpected error: ${message}`;
  if (json) io.err(`${JSON.stringify({ error: { code, message } })}\n`);
  // Messages quote names and paths found on the board: control characters in them must not reach the terminal.
  else io.err(`baton: ${visibleText(message)}\n`);
  return exit;
}

/**
 * Whether the command line asks for JSON, for reporting an error that may come before (or without) a parse.
 * A `--json` before `--`; it could only be misread as the value of a flag written as `--body --json`.
 */
export function wantsJson(argv: string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--json') return true;
  }
  return false;
}

/**
 * The CliIO of this process: stdout that tolerates its reader going away, stdin read with a cap. With `direct`
 * (the short hot commands), stdout and stderr are written synchronously to their descriptors (fd-output.ts).
 */
export function processIO({ direct = false } = {}): CliIO {
  if (direct) return directIO();
  let closed = false;
  // A reader that goes away (`| head -1`) makes the next write fail with EPIPE, emitted as an 'error' event that
  // would crash the process with a stack trace. It only means: stop writing. The streams are touched only when
  // first written to: creating them costs milliseconds that a silent `poll` does not spend.
  let stdout: NodeJS.WriteStream | undefined;
  let stderr: NodeJS.WriteStream | undefined;
  const out = () => {
    if (!stdout) {
      stdout = process.stdout;
      stdout.on('error', () => {
        closed = true;
      });
    }
    return stdout;
  };
  const err = () => {
    if (!stderr) {
      stderr = process.stderr;
      stderr.on('error', () => {});
    }
    return stderr;
  };
  return {
    env: process.env,
    cwd: process.cwd(),
    out: (text) => {
      if (!closed) out().write(text);
    },
    err: (text) => {
      err().write(text);
    },
    readStdin: (limit = STDIN_LIMIT) => readCapped(process.stdin, limit),
    // isatty, not process.stdin.isTTY: creating the stdin stream costs milliseconds a silent poll does not spend.
    ask: isTerminal(0) && isTerminal(2) ? askAtTerminal : undefined,
    flush: () =>
      new Promise((resolve, reject) => {
        if (closed) return reject(new OutputClosed());
        out().write('', (error) => (error ? reject(new OutputClosed()) : resolve()));
      }),
  };
}

function directIO(): CliIO {
  let closed = false;
  return {
    env: process.env,
    cwd: process.cwd(),
    out: (text) => {
      if (!closed) closed = !writeAllSync(1, text);
    },
    err: (text) => {
      writeAllSync(2, text);
    },
    readStdin: (limit = STDIN_LIMIT) => readCapped(process.stdin, limit),
    ask: isTerminal(0) && isTerminal(2) ? askAtTerminal : undefined,
    flush: async () => {
      if (closed) throw new OutputClosed();
    },
  };
}

// The y/N prompt on the terminal: readline is loaded only by a command that asks.
async function askAtTerminal(question: string): Promise<string> {
  const { createInterface } = readlinePromises();
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/**
 * Reads a stream to its end as strict UTF-8. More than `limit` bytes is refused as soon as it is seen (the rest
 * is never buffered), and so is a byte sequence that is not UTF-8 (never silently replaced). A terminal is ''.
 */
export async function readCapped(stream: NodeJS.ReadableStream & { isTTY?: boolean }, limit: number) {
  if (stream.isTTY) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > limit) {
      (stream as NodeJS.ReadStream).destroy?.();
      throw new BatonError(
        'too_large',
        `stdin is larger than ${limit / 1024 / 1024} MiB — nothing was written; a message body is at most 8,000 characters and a card entry 20,000`,
      );
    }
    chunks.push(buffer);
  }
  if (size > limit) {
    throw new BatonError(
      'too_large',
      `stdin is larger than ${limit / 1024 / 1024} MiB — it was read and dropped`,
    );
  }
  const text = stdinText(Buffer.concat(chunks));
  if (text !== undefined) return text;
  throw new BatonError(
    'invalid_input',
    'stdin is not valid UTF-8 — nothing was written; convert the text to UTF-8 first (e.g. iconv -t UTF-8)',
  );
}

/** Prints a command's usage (as `{"usage": …}` with `--json`); exit code 0. */
export function printUsage(io: CliIO, usage: string, json = false): number {
  io.out(json ? `${JSON.stringify({ usage })}\n` : `${usage}\n`);
  return EXIT.ok;
}
