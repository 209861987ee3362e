// Hot-path entries: `poll`, `send` and `inbox` run at every turn boundary, so each is built as one self-contained
// CommonJS file that bin/baton.js requires directly — no dispatcher, no shared chunks, and no ESM loader (each
// module file and the ESM loader's start-up cost milliseconds that the hot path does not have).
import type { CliIO } from '../io.js';
import { processIO, reportError, wantsJson } from '../io.js';
import { runAsProcess } from '../process-entry.js';

/**
 * Runs a hot command as the process. Its output goes straight to the descriptors (processIO's `direct`) unless
 * `streams` is set: `baton mcp` runs for the whole session beside the MCP SDK's own use of stdout.
 */
export function runHot(
  run: (argv: string[], io: CliIO) => Promise<number>,
  { streams = false } = {},
): Promise<void> {
  return runAsProcess(
    async ([, ...argv], io) => {
      try {
        return await run(argv, io);
      } catch (error) {
        return reportError(io, error, wantsJson(argv));
      }
    },
    processIO({ direct: !streams }),
  );
}
