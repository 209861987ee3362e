// The MCP front's answers (script.ts), taken from `baton mcp` itself: the build starts the server it has just built
// once per tool profile, on an empty folder, sends the handshake a client sends, and keeps what it answered. So the
// front says exactly what the server would; a test holds the two side by side.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROFILES, type Profile } from '../profiles.js';
import { type FrontAnswers, LIST_METHODS, type ListMethod } from './script.js';

/**
 * Runs `command mcp --tools <profile>` for every profile and returns what it answered to the handshake; `versions`
 * are the protocol versions the server's SDK accepts as asked, the newest first (what it answers any other with).
 */
export async function captureAnswers(
  command: readonly string[],
  versions: readonly string[],
): Promise<FrontAnswers> {
  const newest = versions[0];
  if (newest === undefined) throw new Error('no protocol version');
  const lists = {} as Record<Profile, Record<ListMethod, string>>;
  let initialize: string | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'baton-front-'));
  try {
    for (const profile of PROFILES) {
      const answered = await handshake(command, profile, dir, newest);
      const init = answered.get(0);
      if (initialize !== undefined && init !== initialize)
        throw new Error(`baton mcp --tools ${profile} answers initialize otherwise`);
      initialize = init;
      lists[profile] = Object.fromEntries(
        LIST_METHODS.map((method, i) => [method, answered.get(i + 1)]),
      ) as Record<ListMethod, string>;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { versions, initialize: initialize ?? '', lists };
}

/** The result JSON of each request of the handshake, by id (0: initialize; 1…: LIST_METHODS in order). */
function handshake(
  command: readonly string[],
  profile: Profile,
  dir: string,
  version: string,
): Promise<Map<number, string>> {
  const [file, ...args] = command;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !key.startsWith('BATON_')) env[key] = value;
  const child = spawn(file!, [...args, 'mcp', '--tools', profile], {
    cwd: dir,
    env: { ...env, HOME: dir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const requests = [
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: 'baton-build', version: '0' },
      },
    },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    ...LIST_METHODS.map((method, i) => ({ jsonrpc: '2.0', id: i + 1, method })),
  ];
  // Stdin stays open until every answer is in (the server closes once it ends).
  child.stdin.write(requests.map((request) => `${JSON.stringify(request)}\n`).join(''));
  return new Promise((resolve, reject) => {
    const answered = new Map<number, string>();
    let buffer = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`baton mcp --tools ${profile} did not answer the handshake`));
    }, 30_000);
    child.on('error', reject);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      for (let at = buffer.indexOf('\n'); at !== -1; at = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, at)) as { id?: number; result?: unknown; error?: unknown };
        buffer = buffer.slice(at + 1);
        if (message.error !== undefined || typeof message.id !== 'number') {
          clearTimeout(timer);
          child.kill();
          reject(new Error(`baton mcp --tools ${profile}: ${JSON.stringify(message)}`));
          return;
        }
        answered.set(message.id, JSON.stringify(message.result));
      }
      if (answered.size === LIST_METHODS.length + 1) {
        clearTimeout(timer);
        child.kill();
        resolve(answered);
      }
    });
  });
}
