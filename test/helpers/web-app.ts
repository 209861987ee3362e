// A board's web app served in process on port 0 (the page's JSON API, its live stream, MCP over HTTP), closed when
// the test ends.
import { afterEach } from 'vitest';
import { silentLogger } from '../../src/http/logger.js';
import type { RunningHttpServer } from '../../src/http/server.js';
import { listenMcpHttp } from '../../src/mcp/http.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { createWebApp, type WebOptions } from '../../src/web/server.js';

const running: { server: RunningHttpServer; close(): void }[] = [];
afterEach(async () => {
  for (const { server, close } of running.splice(0)) {
    close();
    await server.close();
  }
});

/** Serves the board at `root`; `options` go to createWebApp. Returns the server's address. */
export async function serveWebApp(
  root: string,
  options: Pick<WebOptions, 'person' | 'watcher'> = {},
): Promise<{ url: string }> {
  const web = createWebApp({ board: { board: root, env: {} }, log: () => {}, ...options });
  const server = await listenMcpHttp({
    port: 0,
    logger: silentLogger,
    routes: web.routes,
    mcpServer: (agent, agentSource) =>
      createMcpServer({ board: { board: root, env: {} }, agent, agentSource }),
  });
  running.push({ server, close: () => web.close() });
  return { url: `http://127.0.0.1:${server.port}` };
}
