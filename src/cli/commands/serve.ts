// `baton serve [--port 7325] [--host 127.0.0.1] [--token-file f] [--tools …] [--as name]` — MCP over HTTP.
import { resolve } from 'node:path';
import { decideAgent } from '../../core/agents/claims.js';
import { openBoard } from '../../core/board/open-board.js';
import { validateName } from '../../core/store/names.js';
import { streamLogger } from '../../http/logger.js';
import { listenMcpHttp } from '../../mcp/http.js';
import { isProfile, parseProfile, unknownProfile } from '../../mcp/profiles.js';
import { createMcpServer } from '../../mcp/server.js';
import { checkToken, readTokenFile } from '../../mcp/token.js';
import { createWebApp, DEFAULT_PERSON } from '../../web/server.js';
import { intFlag } from '../args.js';
import { parseFor } from '../grammar.js';
import { type CliIO, printUsage, UsageError } from '../io.js';
import { remoteCliRoute } from '../remote/route.js';
import { packageVersion } from '../version.js';

export const usage = `baton serve [--port 7325] [--host 127.0.0.1] [--token-file <file>] [--tools default|full|messaging|cards|notes] [--as <name>]
  Serves the web UI at http://<host>:<port>/ (its JSON API under /api/), MCP over Streamable HTTP at
  http://<host>:<port>/mcp (stateless; one fresh server per request), and the board's commands for agents on
  other machines at /api/cli (they set BATON_URL=http://<host>:<port> and BATON_TOKEN: see the README).
  --host        any non-loopback address needs a token (--token-file, or BATON_TOKEN); clients send
                "Authorization: Bearer <token>". A token has at least 32 characters.
  --token-file  read the token from <file>; a missing file is created with a new random token, mode 600.
                A file other users may read is refused (chmod 600 it).
  --as          the identity of every MCP request (default BATON_AGENT). Without one, each client names itself
                with the X-Baton-Agent header, or passes "from" to dm_send. The web UI acts as --as, else \`you\`.
  --port 0      picks a free port; the chosen address is printed on stderr.`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { flags } = parseFor('serve', argv);
  if (flags.help) return printUsage(io, usage);
  const port = intFlag('port', flags.port, 7325);
  if (port > 65535) throw new UsageError(`--port must be at most 65535, got ${port}`);
  if (flags.tools !== undefined && !isProfile(flags.tools)) throw new UsageError(unknownProfile(flags.tools));
  const profile = parseProfile(flags.tools);
  // core's one rule: --as, else BATON_AGENT (a request's clients are not this process's session).
  const identity = decideAgent({ flag: flags.as, env: io.env.BATON_AGENT });
  const agent = identity?.name;
  const agentSource = identity?.source === 'env' ? 'env' : 'flag';
  // The server acts for callers in other processes (MCP clients, the page, remote commands): its own process tree
  // says nothing of their sessions.
  const boardOptions = {
    board: flags.board,
    global: flags.global,
    cwd: io.cwd,
    env: io.env,
    processTree: false,
  };
  const root = openBoard(boardOptions).root;
  const token = readToken(flags['token-file'], io);
  const logger = streamLogger(process.stderr, '[baton serve]');
  const web = createWebApp({
    board: boardOptions,
    person: flags.as ? validateName('agent', flags.as) : DEFAULT_PERSON,
    version: packageVersion(),
    log: (error) => logger.error('web request failed', error),
  });
  // First: the web API would answer /api/cli as an unknown endpoint.
  const remote = remoteCliRoute({ boardRoot: root, token, env: io.env, cwd: io.cwd, logger });
  const running = await listenMcpHttp({
    routes: [remote, ...web.routes],
    host: flags.host,
    port,
    token,
    agent,
    agentSource,
    logger,
    status: () => `board: ${root}\n`,
    mcpServer: (requestAgent, source) =>
      createMcpServer({ board: boardOptions, agent: requestAgent, agentSource: source, profile, logger }),
  });
  const page = running.url.replace(/\/mcp$/, '/');
  // The web UI first: it is what a person who ran `npm start` opens; the MCP lines are for wiring an agent.
  io.err(token ? `web UI: ${page} (sign in once: open ${page}?token=<the token>)\n` : `web UI: ${page}\n`);
  io.err(`[board ${root}]\n`);
  io.err(
    `listening on ${running.url} (MCP over HTTP; agents elsewhere: BATON_URL=${page.replace(/\/$/, '')})\n`,
  );
  io.err(
    agent
      ? `MCP requests act as ${agent}\n`
      : 'MCP clients name themselves (X-Baton-Agent header or "from"); --as gives the server one identity\n',
  );
  await new Promise<void>((done) => {
    if (!io.signal || io.signal.aborted) return done();
    io.signal.addEventListener('abort', () => done(), { once: true });
  });
  web.close();
  await running.close();
  return 0;
}

function readToken(file: string | undefined, io: CliIO): string | undefined {
  if (file === undefined) {
    const value = io.env.BATON_TOKEN;
    return value === undefined || value === '' ? undefined : checkToken(value, 'BATON_TOKEN');
  }
  const read = readTokenFile(resolve(io.cwd, file), file);
  if (read.created) {
    io.err(
      `created ${file} with a new token (mode 600) — clients send "Authorization: Bearer <the token in ${file}>"\n`,
    );
  }
  return read.token;
}
