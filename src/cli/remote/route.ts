// `POST /api/cli` on `baton serve`: a remote client's command line (BATON_URL) run in-process on the served board,
// answered as `{exit, stdout, stderr}`. Header auth only (never the page's cookie), JSON only. The line is parsed and
// judged once (policy.ts); what runs is the judged line written back, through the modules runnable.ts lists, with an
// io that says the command came from afar (no path, transcript or process of this machine is the client's to name).
//
// Output is held and sent whole when the command ends — except that a command's first `flush` (poll, hook and listen
// call it before acknowledging mail) sends the answer at once, with exit 0, and resolves when the answer has been
// handed to the OS, as a local flush of stdout does: mail is marked delivered only once it is on its way. Every
// command that flushes ends with 0 after a successful flush; anything it writes later is refused as a closed stdout
// (so `listen` answers with its first mail).

import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { SHELL_SESSION_ENV } from '../../harnesses/registry.js';
import { hookObject } from '../../hooks/input.js';
import { HOOK_STDIN_LIMIT } from '../../hooks/stdin-limit.js';
import { bearerMatches } from '../../http/guard.js';
import type { Logger } from '../../http/logger.js';
import { readBody } from '../../http/read-body.js';
import type { Route } from '../../http/server.js';
import { type CliIO, EXIT, OutputClosed, readCapped, reportError, STDIN_LIMIT, wantsJson } from '../io.js';
import { packageVersion } from '../version.js';
import { judgeRemote, type RemoteVerdict } from './policy.js';
import { parseRemoteRequest, type RemoteRequest } from './request.js';
import { REMOTE_MODULES, type RunnableModule } from './runnable.js';

export const REMOTE_CLI_PATH = '/api/cli';
/**
 * The largest request body: the largest stdin a command reads (a hook's input or a result's deliverable, 16 MiB) as
 * JSON, with room for its escapes. Read only after the token is checked.
 */
export const REMOTE_BODY_LIMIT = 24 * 1024 * 1024;
/** The most output one command may send back; past it the command is stopped and the answer says so. */
export const REMOTE_OUTPUT_LIMIT = 16 * 1024 * 1024;

export interface RemoteCliOptions {
  /** The served board's folder: every command acts on it (BATON_DIR), whatever the client asks. */
  boardRoot: string;
  /** The server's bearer token; undefined on a loopback bind without one (as /mcp then allows). */
  token?: string;
  /** The server's own environment: its secret values stay redacted; its BATON_* and session ids never apply. */
  env: Record<string, string | undefined>;
  cwd: string;
  logger: Logger;
  /** The command modules it may run (default REMOTE_MODULES); a test passes its own to see what would run. */
  modules?: Record<string, () => Promise<RunnableModule>>;
}

/** The route `baton serve` mounts. Its commands open the board for callers elsewhere (io.remote: no process tree). */
export function remoteCliRoute(options: RemoteCliOptions): Route {
  const baseEnv = serverEnv(options.env);
  return async (req, res, url) => {
    if (url.pathname !== REMOTE_CLI_PATH) return false;
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      return refuse(res, 405, `method not allowed: POST a JSON command line to ${REMOTE_CLI_PATH}`);
    }
    if (options.token && !bearerMatches(req, options.token)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="baton"');
      return refuse(res, 401, 'unauthorized: send "Authorization: Bearer <token>"');
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      return refuse(res, 415, 'the body must be JSON (Content-Type: application/json)');
    }
    const body = await readBody(req, REMOTE_BODY_LIMIT);
    if (!body.ok) {
      if (body.reason === 'aborted') {
        res.destroy();
        return true;
      }
      res.setHeader('Connection', 'close');
      return refuse(res, 413, `request body too large (at most ${REMOTE_BODY_LIMIT} bytes)`);
    }
    const request = parseRemoteRequest(body.text);
    if ('problem' in request) return refuse(res, 400, `bad request: ${request.problem}`);
    const verdict = judgeRemote(request.argv);
    if ('refused' in verdict) {
      const json = wantsJson(request.argv);
      const stderr = json
        ? `${JSON.stringify({ error: { code: 'usage', message: verdict.refused } })}\n`
        : `baton: ${verdict.refused}\n`;
      await answer(res, { exit: EXIT.usage, stdout: '', stderr }).catch(() => {});
      return true;
    }
    if ('version' in verdict) {
      const version = packageVersion();
      const stdout = verdict.json ? `${JSON.stringify({ version })}\n` : `baton ${version}\n`;
      await answer(res, { exit: EXIT.ok, stdout, stderr: '' }).catch(() => {});
      return true;
    }
    const env = { ...baseEnv, ...request.env, BATON_DIR: options.boardRoot };
    await runCommand(verdict, request, res, env, options);
    return true;
  };
}

async function runCommand(
  verdict: Extract<RemoteVerdict, { run: unknown }>,
  request: RemoteRequest,
  res: ServerResponse,
  env: Record<string, string | undefined>,
  options: RemoteCliOptions,
): Promise<void> {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  let stdout = '';
  let stderr = '';
  let size = 0;
  let cut = false;
  let sent: Promise<void> | undefined;
  const send = (exit: number) => {
    sent ??= answer(res, { exit, stdout, stderr });
    return sent;
  };
  const stdin = verdict.run.command === 'hook' ? await hookStdin(request.stdin) : request.stdin;
  const io: CliIO = {
    env,
    cwd: options.cwd,
    remote: true,
    out(text) {
      if (sent || controller.signal.aborted) throw new OutputClosed();
      size += Buffer.byteLength(text);
      if (size > REMOTE_OUTPUT_LIMIT) {
        cut = true;
        throw new OutputClosed();
      }
      stdout += text;
    },
    err(text) {
      if (sent || size + Buffer.byteLength(text) > REMOTE_OUTPUT_LIMIT) return;
      size += Buffer.byteLength(text);
      stderr += text;
    },
    readStdin: (limit = STDIN_LIMIT) => readCapped(Readable.from([Buffer.from(stdin)]), limit),
    flush: () => (sent ? Promise.reject(new OutputClosed()) : send(EXIT.ok)),
    signal: controller.signal,
  };
  let exit: number;
  try {
    const [command, ...rest] = verdict.argv;
    const modules = options.modules ?? REMOTE_MODULES;
    const load = Object.hasOwn(modules, command!) ? modules[command!] : undefined;
    if (!load) throw new Error(`no runnable module for ${command}`);
    exit = await (await load())
      .run(rest, io)
      .catch((error) => reportError(io, error, wantsJson(verdict.argv)));
  } catch (error) {
    options.logger.error('remote command failed', error);
    exit = EXIT.failure;
  }
  if (cut && !sent) {
    stderr += `baton: the output passed ${REMOTE_OUTPUT_LIMIT / 1024 / 1024} MiB and was cut — narrow the command (--limit, a budget)\n`;
    exit = EXIT.failure;
  }
  await send(exit).catch(() => {});
}

// A hook's input names the client's files and folders (its transcripts, its cwd): the server must not read a file of
// its own that happens to have that name, nor act in a folder the client chose. The text is decoded by the reader the
// hook uses (strict UTF-8, a byte-order mark dropped) and parsed as the hook parses it before they are taken out, so
// no spelling reaches the hook that the stripping did not see; what cannot be read so is passed on as nothing. (The
// hook, told the command is remote, ignores those fields too.)
async function hookStdin(stdin: string): Promise<string> {
  let input: Record<string, unknown>;
  try {
    input = hookObject(await readCapped(Readable.from([Buffer.from(stdin)]), HOOK_STDIN_LIMIT));
  } catch {
    return '';
  }
  const { transcript_path: _t, agent_transcript_path: _a, cwd: _c, ...rest } = input;
  return JSON.stringify(rest);
}

// The server's environment minus what names a board or a session of its own: the client's command acts on the
// served board, as the client's session (the client sends those variables it has).
function serverEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    if (key.startsWith('BATON_') || SHELL_SESSION_ENV.some(([variable]) => variable === key)) continue;
    out[key] = value;
  }
  return out;
}

interface Answer {
  exit: number;
  stdout: string;
  stderr: string;
}

/** Sends the answer; resolves once it has been handed to the OS, rejects when the client went away first. */
function answer(res: ServerResponse, value: Answer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (res.destroyed) return reject(new OutputClosed());
    res.once('close', () => (res.writableFinished ? resolve() : reject(new OutputClosed())));
    res
      .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      .end(JSON.stringify(value), () => resolve());
  });
}

function refuse(res: ServerResponse, status: number, message: string): true {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${message}\n`);
  return true;
}
