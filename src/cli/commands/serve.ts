// `baton serve [--port 7325] [--host 127.0.0.1] [--token-file f] [--tools …] [--as name]` — MCP over HTTP.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openBoard } from '../../core/board/open-board.js';
import { validateName } from '../../core/store/names.js';
import { listenHttp } from '../../mcp/http.js';
import { streamLogger } from '../../mcp/logger.js';
import { parseProfile } from '../../mcp/profiles.js';
import { createMcpServer } from '../../mcp/server.js';
import { intFlag, parseCommandArgs } from '../args.js';
import { type CliIO, printUsage, UsageError } from '../io.js';

export const usage = `baton serve [--port 7325] [--host 127.0.0.1] [--token-file <file>] [--tools <profile>] [--as <name>]
  Serves MCP over Streamable HTTP at http://<host>:<port>/mcp (stateless; one fresh server per request).
  --host      any non-loopback address needs a token (--token-file, or BATON_TOKEN); clients send
              "Authorization: Bearer <token>".
  --as        the identity of every request (default BATON_AGENT). Without one, each client names itself
              with the X-Baton-Agent header, or passes "from" to dm_send.
  --port 0    picks a free port; the chosen address is printed on stderr.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseCommandArgs('serve', argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    'token-file': { type: 'string' },
    tools: { type: 'string' },
  });
  if (flags.help) return printUsage(io, usage);
  const port = intFlag('port', flags.port, 7325);
  if (port > 65535) throw new UsageError(`--port must be at most 65535, got ${port}`);
  const profile = parseProfile(flags.tools);
  const asFlag = flags.as || io.env.BATON_AGENT || undefined;
  const agent = asFlag === undefined ? undefined : validateName('agent', asFlag);
  const boardOptions = { board: flags.board, global: flags.global, cwd: io.cwd, env: io.env };
  const root = openBoard(boardOptions).root;
  const logger = streamLogger(process.stderr, '[baton serve]');
  const running = await listenHttp({
    host: flags.host,
    port,
    token: readToken(flags['token-file'], io),
    agent,
    logger,
    status: () => `board: ${root}\n`,
    mcpServer: (requestAgent) =>
      createMcpServer({ board: boardOptions, agent: requestAgent, pinBoard: true, profile, logger }),
  });
  io.err(`listening on ${running.url}\n[board ${root}]\n`);
  io.err(agent ? `acting as ${agent}\n` : 'no identity: clients send X-Baton-Agent or "from"\n');
  await new Promise<void>((done) => {
    if (!io.signal || io.signal.aborted) return done();
    io.signal.addEventListener('abort', () => done(), { once: true });
  });
  await running.close();
  return 0;
}

function readToken(file: string | undefined, io: CliIO): string | undefined {
  if (file === undefined) return io.env.BATON_TOKEN || undefined;
  let text: string;
  try {
    text = readFileSync(resolve(io.cwd, file), 'utf8').trim();
  } catch (error) {
    throw new UsageError(`cannot read --token-file ${file}: ${(error as Error).message}`);
  }
  if (text === '') throw new UsageError(`--token-file ${file} is empty — put the token in it`);
  return text;
}
