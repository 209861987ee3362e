// Running a CLI function as the process: signals abort it, output drains, the exit code is set (never forced).
import { type CliIO, processIO } from './io.js';

export async function runAsProcess(fn: (argv: string[], io: CliIO) => Promise<number>): Promise<void> {
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort());
  process.exitCode = await fn(process.argv.slice(2), { ...processIO(), signal: controller.signal });
}
