// Entry for any command with BATON_URL set (or --url): bin/baton.js requires this one self-contained file, which sends
// the command line to that `baton serve` and ends as the server's run ended. A hook never breaks its harness: when
// the server cannot be reached or refuses, `baton hook` exits 0 and prints nothing.
import { visibleText } from '../../core/display/visible-text.js';
import { HOOK_STDIN_LIMIT } from '../../hooks/stdin-limit.js';
import { RESULT_STDIN_LIMIT, readCapped, STDIN_LIMIT } from '../io.js';
import { callRemote, prepareLine, RemoteError, remoteEnv, remoteTarget } from '../remote/client.js';
import { REMOTE_LISTEN_MAX_MS, readsStdin } from '../remote/policy.js';

const HOOK_TIMEOUT_MS = 10_000;
const TIMEOUT_MS = 60_000;

async function run(): Promise<number> {
  const given = process.argv.slice(2);
  const hook = given[0] === 'hook';
  try {
    const target = remoteTarget(process.env.BATON_URL ?? '');
    const { argv, line, stdin: fromFile } = prepareLine(given);
    const stdin =
      fromFile ??
      (line && readsStdin(line) ? await readCapped(process.stdin, stdinLimit(line.name)) : undefined);
    const answer = await callRemote(target, {
      argv,
      stdin,
      env: remoteEnv(process.env),
      token: process.env.BATON_TOKEN,
      timeoutMs: hook
        ? HOOK_TIMEOUT_MS
        : argv[0] === 'listen'
          ? REMOTE_LISTEN_MAX_MS + TIMEOUT_MS
          : TIMEOUT_MS,
    });
    // A hook the server refused (a flag it does not take) says nothing to the harness, as a hook that failed here.
    if (hook && answer.exit !== 0) return 0;
    await write(process.stdout, answer.stdout);
    await write(process.stderr, answer.stderr);
    return answer.exit;
  } catch (error) {
    if (hook) return 0;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`baton: ${visibleText(message)}\n`);
    return error instanceof RemoteError && error.usage ? 2 : 1;
  }
}

// As much stdin as the command reads locally: a hook's input and a result's deliverable are larger than a message.
function stdinLimit(name: string): number {
  if (name === 'hook') return HOOK_STDIN_LIMIT;
  return name === 'result write' ? RESULT_STDIN_LIMIT : STDIN_LIMIT;
}

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  if (text === '') return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('error', () => resolve());
    stream.write(text, () => resolve());
  });
}

void run().then((code) => {
  process.exitCode = code;
});
