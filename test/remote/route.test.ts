// `POST /api/cli` in-process, with the command modules replaced by spies: for any argv a client posts, the command
// the server actually runs holds no flag naming a path on the server, and it runs as a remote command (io.remote).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommandLine, parseCommandLine } from '../../src/cli/command-line.js';
import { GRAMMAR } from '../../src/cli/grammar.js';
import type { CliIO } from '../../src/cli/io.js';
import { remoteCliRoute } from '../../src/cli/remote/route.js';
import { REMOTE_MODULES, type RunnableModule } from '../../src/cli/remote/runnable.js';

interface Ran {
  argv: string[];
  remote: boolean | undefined;
  stdin: string;
}

let server: Server;
let url: string;
const ran: Ran[] = [];

beforeAll(async () => {
  const spy = (command: string): (() => Promise<RunnableModule>) => {
    return async () => ({
      async run(argv: string[], io: CliIO) {
        ran.push({ argv: [command, ...argv], remote: io.remote, stdin: await io.readStdin() });
        return 0;
      },
    });
  };
  const modules = Object.fromEntries(Object.keys(REMOTE_MODULES).map((name) => [name, spy(name)]));
  const route = remoteCliRoute({
    boardRoot: '/nonexistent/.baton',
    env: {},
    cwd: '/nonexistent',
    logger: { info() {}, error() {} },
    modules,
  });
  server = createServer((req, res) => {
    void Promise.resolve(route(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'))).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/cli`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

async function post(argv: string[], stdin = '') {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ argv, stdin }),
  });
  return (await res.json()) as { exit: number; stdout: string; stderr: string };
}

const flagWords = [
  ...new Set(Object.values(GRAMMAR).flatMap((grammar) => Object.keys(grammar.flags))),
  'board',
  'global',
  'as',
  'json',
].map((name) => `--${name}`);
const word = fc.oneof(
  fc.constantFrom(...flagWords, '--', '/etc/passwd', '0', '1000', '--print', '--yes', '--timeout=5', 'x'),
  fc.string({ maxLength: 6 }),
);
const argvs = fc
  .tuple(
    fc.constantFrom(...Object.keys(GRAMMAR)).map((name) => name.split(' ')),
    fc.array(word, { maxLength: 8 }),
  )
  .map(([head, tail]) => [...head, ...tail]);

describe('POST /api/cli runs only what it judged', () => {
  it('for any argv, the command run holds no path flag of the server, and knows it is remote', async () => {
    await fc.assert(
      fc.asyncProperty(argvs, async (argv) => {
        ran.length = 0;
        await post(argv);
        for (const run of ran) {
          const line = parseCommandLine(run.argv) as CommandLine;
          for (const flag of ['board', 'global', 'file', 'transcript'])
            expect(line.flags[flag]).toBeUndefined();
          expect(run.remote).toBe(true);
          if (line.name === 'continue') expect(line.flags.print).toBe(true);
          expect(['handoff draft', 'handoff generate']).not.toContain(line.name);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the reproductions reach no command at all', async () => {
    ran.length = 0;
    const attacks = [
      ['result', 'write', '--title', '--', '--file', '/etc/passwd'],
      ['send', '--as', 'eve', '--to', 'bob', '--body', '--', '--board', '/other/folder'],
      ['inbox', '--all', '--as', '--', '--board', '/x'],
      ['continue', 'n-01ABC', '--as', '--print', '--harness', 'codex'],
      ['listen', '--timeout', '1000', '--timeout', '0'],
    ];
    for (const argv of attacks) expect((await post(argv)).exit).toBe(2);
    expect(ran).toEqual([]);
  });

  it('a hook’s stdin reaches the hook decoded, without the client’s paths or folder — a byte-order mark included', async () => {
    ran.length = 0;
    const input = {
      session_id: 's-1',
      hook_event_name: 'SessionEnd',
      transcript_path: '/etc/passwd',
      agent_transcript_path: '/etc/shadow',
      cwd: '/etc',
      reason: 'exit',
    };
    await post(['hook', 'session-end', '--harness', 'claude'], `\ufeff${JSON.stringify(input)}`);
    await post(['hook', 'session-end', '--harness', 'claude'], JSON.stringify(input));
    // Not readable as the hook reads it: nothing is passed on (the hook skips empty stdin).
    await post(['hook', 'session-end', '--harness', 'claude'], `\ufeff\ufeff${JSON.stringify(input)}`);
    expect(ran.map((run) => run.stdin)).toEqual([
      JSON.stringify({ session_id: 's-1', hook_event_name: 'SessionEnd', reason: 'exit' }),
      JSON.stringify({ session_id: 's-1', hook_event_name: 'SessionEnd', reason: 'exit' }),
      '',
    ]);
  });
});
