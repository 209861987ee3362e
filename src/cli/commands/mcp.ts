// `baton mcp [--as name] [--tools profile] [--board path]` — the MCP server over stdio (stdout is JSON-RPC only).
import { decideAgent } from '../../core/agents/claims.js';
import { streamLogger } from '../../http/logger.js';
import { FRONT_ENV, frontHandover } from '../../mcp/front/replay.js';
import { isProfile, parseProfile, unknownProfile } from '../../mcp/profiles.js';
import { createMcpServer } from '../../mcp/server.js';
import { serveStdio } from '../../mcp/stdio.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton mcp [--as <name>] [--tools default|full|messaging|cards|notes] [--board <path>] [--global]
  Runs baton's MCP server on stdin/stdout, for a harness to launch (see docs/mcp.md).
  The agent is --as, else BATON_AGENT, else the name registered for the session that launched it.
  With BATON_URL (or --url), it relays to the /mcp of that \`baton serve\` (with BATON_TOKEN); the tool profile and
  the identity are then the server's (--as and BATON_AGENT are sent as X-Baton-Agent).`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('mcp', argv);
  if (flags.help) return printUsage(io, usage);
  if (flags.tools !== undefined && !isProfile(flags.tools)) throw new UsageError(unknownProfile(flags.tools));
  if (io.env.BATON_URL) return bridge(flags, io);
  const server = createMcpServer({
    board: { board: flags.board, global: flags.global, cwd: io.cwd, env: io.env },
    agent: flags.as,
    sessionIdentity: true,
    bindSessions: true,
    profile: parseProfile(flags.tools),
    logger: streamLogger(process.stderr),
  });
  // Started by the MCP front after the handshake it answered (mcp/front): that handshake is replayed first.
  const handover = frontHandover(io.env, process.stdin);
  for (const name of FRONT_ENV) delete process.env[name];
  await serveStdio(server, {
    stdin: handover?.stdin ?? process.stdin,
    stdout: process.stdout,
    signal: io.signal,
    omit: handover?.replayed,
  });
  return 0;
}

async function bridge(flags: { board?: string; global?: boolean; as?: string; tools?: string }, io: CliIO) {
  if (flags.board !== undefined || flags.global) {
    throw new UsageError(
      `${flags.board !== undefined ? '--board' : '--global'} does not apply over BATON_URL: the served board is the board — unset BATON_URL to use a local board`,
    );
  }
  if (flags.tools !== undefined) {
    throw new UsageError(
      "--tools does not apply over BATON_URL: the profile is the server's (baton serve --tools)",
    );
  }
  const { bridgeMcp } = await import('../remote/mcp-bridge.js');
  await bridgeMcp({
    url: io.env.BATON_URL ?? '',
    token: io.env.BATON_TOKEN,
    agent: decideAgent({ flag: flags.as, env: io.env.BATON_AGENT })?.name,
    stdin: process.stdin,
    stdout: process.stdout,
    signal: io.signal,
    log: (line) => io.err(`[baton mcp] ${line}\n`),
  });
  return 0;
}
