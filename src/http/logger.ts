// The servers' log (MCP on stdio, baton serve): stderr or any stream, never stdout, which belongs to JSON-RPC.
import type { Writable } from 'node:stream';

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

/** A logger writing `[baton mcp] …` lines to `stream` (default: `process.stderr`). */
export function streamLogger(stream: Writable = process.stderr, prefix = '[baton mcp]'): Logger {
  const write = (line: string) => {
    stream.write(`${prefix} ${line}\n`);
  };
  return {
    info: write,
    error: (message, error) => {
      const detail = error instanceof Error ? (error.stack ?? error.message) : error ? String(error) : '';
      write(detail ? `${message}: ${detail}` : message);
    },
  };
}

/** Drops everything: for in-process tests and embedders that log elsewhere. */
export const silentLogger: Logger = { info: () => {}, error: () => {} };
