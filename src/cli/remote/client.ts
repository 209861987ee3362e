// The client side of BATON_URL: one command line sent to a `baton serve` elsewhere (`POST /api/cli`), its answer
// printed exactly as a local run would print it. Light on purpose (node:http, no SDK): it runs on every hook call.
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { http, https } from '../../core/builtins.js';
import { type CommandLine, commandLineArgv, parseCommandLine } from '../command-line.js';
import { REMOTE_ENV } from './request.js';

/** Where the server is and how to show it in messages (origin only: a URL's password is never printed). */
export interface RemoteTarget {
  /** `<origin><path>/api/cli` */
  endpoint: URL;
  shown: string;
}

/** The answer of the server, as the process should end. */
export interface RemoteAnswer {
  exit: number;
  stdout: string;
  stderr: string;
}

/** A problem with the remote call itself; `usage` for a bad BATON_URL or --url. */
export class RemoteError extends Error {
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message);
  }
}

const ANSWER_LIMIT = 32 * 1024 * 1024;

/**
 * BATON_URL (or --url) as the endpoint to post to. `http://host:7325`, with or without a trailing `/`, or the
 * `…/mcp` address `baton serve` prints, all name the same server.
 */
export function remoteTarget(value: string): RemoteTarget {
  if (value.trim() === '') {
    throw new RemoteError(
      'BATON_URL (or --url) is empty — set it to http://<host>:7325, where `baton serve` runs',
      true,
    );
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new RemoteError(
      'BATON_URL is not a URL — set it to http://<host>:7325, where `baton serve` runs',
      true,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RemoteError(
      `BATON_URL must start with http:// or https:// (it starts with ${url.protocol}) — set it to http://<host>:7325`,
      true,
    );
  }
  const shown = `${url.protocol}//${url.host}`;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/mcp$/, '');
  const endpoint = new URL(`${path}/api/cli`, `${url.protocol}//${url.host}`);
  return { endpoint, shown };
}

/** The variables of REMOTE_ENV this process has (empty ones are unset, as locally). */
export function remoteEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of REMOTE_ENV) {
    const value = env[key];
    if (value) out[key] = value;
  }
  return out;
}

/**
 * The command line to send, parsed here by the grammar the server judges with. `--file <path>` of `handoff write` /
 * `result write` is read here, on the client's machine, and sent as stdin (the server never reads a file of that
 * name); the errors are the local command's. A line this baton cannot parse is sent as it is: the server says what
 * is wrong with it (a newer server may know a flag this client does not).
 */
export function prepareLine(argv: string[]): { argv: string[]; line?: CommandLine; stdin?: string } {
  let line: CommandLine | undefined;
  try {
    const parsed = parseCommandLine(argv);
    line = 'other' in parsed ? undefined : parsed;
  } catch {
    return { argv };
  }
  if (!line) return { argv };
  const file = line.flags.file;
  if ((line.name !== 'handoff write' && line.name !== 'result write') || typeof file !== 'string') {
    return { argv, line };
  }
  if (line.flags.stdin === true) throw new RemoteError('pass --file or --stdin, not both', true);
  const { file: _file, ...flags } = line.flags;
  const inlined = { ...line, flags };
  return { argv: commandLineArgv(inlined), line: inlined, stdin: readLocalFile(file) };
}

const FILE_BYTES = 1024 * 1024;

function readLocalFile(file: string): string {
  const fail = (why: string) => new RemoteError(`cannot read --file ${file}: it ${why}`, true);
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw fail('is not a regular file');
    size = stat.size;
  } catch (error) {
    if (error instanceof RemoteError) throw error;
    throw fail((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : String(error));
  }
  if (size > FILE_BYTES) throw fail(`is larger than ${FILE_BYTES / 1024 / 1024} MiB`);
  const bytes = readFileSync(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fail('is not valid UTF-8');
  }
}

export interface CallOptions {
  argv: string[];
  stdin?: string;
  env: Record<string, string>;
  token?: string;
  timeoutMs: number;
}

/** Posts the command line and returns the server's answer; RemoteError says what went wrong and what to do. */
export async function callRemote(target: RemoteTarget, options: CallOptions): Promise<RemoteAnswer> {
  const body = JSON.stringify({
    argv: options.argv,
    ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
    env: options.env,
  });
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  };
  if (options.token) {
    if (/[^\t\x20-\x7e]/.test(options.token)) {
      throw new RemoteError(
        'BATON_TOKEN holds characters a header cannot carry — copy the token again',
        true,
      );
    }
    headers.Authorization = `Bearer ${options.token.trim()}`;
  }
  const { request } = target.endpoint.protocol === 'https:' ? https() : http();
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(target.endpoint, { method: 'POST', headers }, resolve);
    req.setTimeout(options.timeoutMs, () =>
      req.destroy(
        new RemoteError(
          `baton serve at ${target.shown} (BATON_URL) did not answer within ${options.timeoutMs / 1000} s`,
        ),
      ),
    );
    req.once('error', (error) => reject(error instanceof RemoteError ? error : unreachable(target, error)));
    req.end(body);
  });
  const text = await readAnswer(res, target);
  if (res.statusCode === 200) return parseAnswer(text, target);
  throw statusError(res.statusCode ?? 0, text, target, Boolean(options.token));
}

function unreachable(target: RemoteTarget, error: NodeJS.ErrnoException): RemoteError {
  const why = error.code ?? error.message;
  return new RemoteError(
    `cannot reach baton serve at ${target.shown} (BATON_URL): ${why} — start \`baton serve\` there, or fix BATON_URL (unset it to use a local board)`,
  );
}

function readAnswer(res: IncomingMessage, target: RemoteTarget): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > ANSWER_LIMIT) {
        res.destroy();
        reject(new RemoteError(`the answer of ${target.shown} (BATON_URL) is larger than 32 MiB`));
      } else chunks.push(chunk);
    });
    res.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    res.once('error', () => reject(new RemoteError(`${target.shown} (BATON_URL) broke off its answer`)));
  });
}

function parseAnswer(text: string, target: RemoteTarget): RemoteAnswer {
  try {
    const value = JSON.parse(text) as Partial<RemoteAnswer>;
    if (
      Number.isInteger(value.exit) &&
      typeof value.stdout === 'string' &&
      typeof value.stderr === 'string'
    ) {
      return value as RemoteAnswer;
    }
  } catch {
    // said below
  }
  throw new RemoteError(
    `${target.shown} (BATON_URL) sent an answer that is not baton's — point BATON_URL at a \`baton serve\``,
  );
}

function statusError(status: number, text: string, target: RemoteTarget, sentToken: boolean): RemoteError {
  const said = text.split('\n', 1)[0]!.slice(0, 200);
  if (status === 401) {
    return new RemoteError(
      sentToken
        ? `the server at ${target.shown} (BATON_URL) refused the token (BATON_TOKEN) — set BATON_TOKEN to the token its \`baton serve\` uses (its --token-file)`
        : `the server at ${target.shown} (BATON_URL) requires a token — set BATON_TOKEN to the token its \`baton serve\` uses (its --token-file)`,
    );
  }
  if (status === 404) {
    return new RemoteError(
      `${target.shown} (BATON_URL) has no /api/cli — point BATON_URL at a \`baton serve\` of this version`,
    );
  }
  return new RemoteError(`the server at ${target.shown} (BATON_URL) answered ${status}: ${said}`);
}
