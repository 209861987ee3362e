// Remote-agent test helpers: a board served by the built `baton serve` with a token, and `baton` clients that reach
// it through BATON_URL from an empty folder (no board anywhere on their side).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ensureBoard, openBoard } from '../../src/core/board/open-board.js';
import { startServe } from '../helpers/browser.js';
import { baton, type RunResult, testdir } from '../helpers/testdir.js';

export interface Served {
  /** The served board's folder (`…/.baton`). */
  root: string;
  /** `http://127.0.0.1:<port>` */
  url: string;
  token: string;
  /** An empty folder for clients to run in. */
  clientDir: string;
  /** The folder holding the board (and the server's cwd when `cwd` says so). */
  project: string;
  pid: number;
  /** `baton <args>` with BATON_URL and BATON_TOKEN set (override either in `env`). */
  client(args: string[], options?: { env?: Record<string, string>; input?: string }): RunResult;
  /** `baton <args>` run locally on the served board (BATON_DIR), for comparison. */
  local(args: string[], options?: { env?: Record<string, string>; input?: string }): RunResult;
  stop(): Promise<void>;
}

export interface ServeBoardOptions {
  /** false: no token (a loopback bind allows it). */
  token?: boolean;
  /** The server's working folder (default: the board folder). */
  cwd?: (project: string) => string;
  /** More of the server's environment (PATH, …). */
  env?: Record<string, string>;
}

export async function serveBoard(options: ServeBoardOptions = {}): Promise<Served> {
  const project = testdir();
  const root = join(project, '.baton');
  ensureBoard(openBoard({ board: root, cwd: project, env: {}, home: project }));
  const token = randomBytes(32).toString('base64url');
  const running = await startServe(root, {
    env: { ...options.env, ...(options.token === false ? {} : { BATON_TOKEN: token }) },
    cwd: options.cwd?.(project),
  });
  const url = `http://127.0.0.1:${running.port}`;
  const clientDir = testdir();
  return {
    root,
    url,
    token,
    clientDir,
    project,
    pid: running.pid,
    client: (args, call = {}) =>
      baton(args, {
        cwd: clientDir,
        env: { BATON_URL: url, BATON_TOKEN: token, ...call.env },
        input: call.input,
      }),
    local: (args, call = {}) =>
      baton(args, { cwd: project, env: { BATON_DIR: root, ...call.env }, input: call.input }),
    stop: running.stop,
  };
}
