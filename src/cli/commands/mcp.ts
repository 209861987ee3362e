// `baton mcp [--as name] [--tools profile] [--board path]` — the MCP server over stdio (stdout is JSON-RPC only).
import { streamLogger } from '../../mcp/logger.js';
import { isProfile, parseProfile, unknownProfile } from '../../mcp/profiles.js';
import { createMcpServer } from '../../mcp/server.js';
import { serveStdio } from '../../mcp/stdio.js';
import { parseCommandArgs } from '../args.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton mcp [--as <name>] [--tools default|full|messaging|cards|notes] [--board <path>] [--global]
  Runs baton's MCP server on stdin/stdout, for a harness to launch (see docs/mcp.md).
  The agent is --as, else BATON_AGENT, else the name registered for the session that launched it.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('mcp', argv, { tools: { type: 'string' } });
  if (flags.help) return printUsage(io, usage);
  if (flags.tools !== undefined && !isProfile(flags.tools)) throw new UsageError(unknownProfile(flags.tools));
  const server = createMcpServer({
    board: { board: flags.board, global: flags.global, cwd: io.cwd, env: io.env },
    agent: flags.as,
    sessionIdentity: true,
    bindSessions: true,
    profile: parseProfile(flags.tools),
    logger: streamLogger(process.stderr),
  });
  await serveStdio(server, { stdin: process.stdin, stdout: process.stdout, signal: io.signal });
  return 0;
}
