// baton as a process among others: a reader that goes away, signals, and a stdin that is too big, never ends
// or is not UTF-8. Spawn tests of the built binary.
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoard } from '../../src/core/board/open-board.js';
import { sendMessage } from '../../src/core/messages/send.js';
import { signalReadiness, spawnTracked } from '../helpers/processes.js';
import { BIN, baton, batonAsync, cleanEnv, snapshot, testdir } from '../helpers/testdir.js';
import { outputMatching } from '../helpers/wait.js';

function board() {
  const dir = testdir();
  const root = join(dir, '.baton');
  const env = { BATON_DIR: root };
  return { dir, root, env, cwd: dir };
}

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

// Collects a child's output until it exits. A child that never does fails its test on the test's hang guard and is
// killed then (test/helpers/processes.ts).
function ended(child: ChildProcess): Promise<Ended> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      resolve({ code, signal, stdout, stderr });
    }),
  );
}

describe('a reader that closes stdout', () => {
  // Enough output that the pipe fills and the writes after the first chunk fail with EPIPE.
  function busyBoard() {
    const b = board();
    const opened = openBoard({ board: b.root, cwd: b.dir, env: {} });
    for (let i = 0; i < 30; i++) {
      const to = Array.from({ length: 50 }, (_, j) => `agent-${i}-${j}`);
      sendMessage(opened, { from: 'alice', to, body: `hello ${i}` });
    }
    // doctor lists every unreadable file: thousands of lines.
    mkdirSync(join(b.root, 'cards'), { recursive: true });
    for (let i = 0; i < 1500; i++) writeFileSync(join(b.root, 'cards', `junk-${i}.txt`), 'x');
    return b;
  }

  // Like `baton <args> | head -1`: the reader takes the first chunk and closes its end.
  async function headOne(args: string[], b: ReturnType<typeof board>): Promise<Ended> {
    const child = batonAsync(args, b);
    child.stdout.once('data', () => child.stdout.destroy());
    return ended(child);
  }

  it('agents, doctor and inbox stop quietly with their usual exit code, every time', async () => {
    const b = busyBoard();
    const commands: [string[], number][] = [
      [['agents'], 0],
      [['doctor'], 1],
      [['inbox', '--all', '--limit', '0', '--json'], 0],
      [['agents', '--json'], 0],
    ];
    for (const [args, code] of commands) {
      for (let round = 0; round < 2; round++) {
        const result = await headOne(args, b);
        expect({
          args,
          round,
          code: result.code,
          signal: result.signal,
          stderr: result.stderr.replace(/^baton: skipped .*\n/gm, ''),
        }).toEqual({
          args,
          round,
          code,
          signal: null,
          stderr: '',
        });
      }
    }
  });

  it('poll whose reader goes away gives its messages back to the queue, quietly', async () => {
    const b = board();
    const opened = openBoard({ board: b.root, cwd: b.dir, env: {} });
    for (let i = 0; i < 5; i++)
      sendMessage(opened, { from: 'alice', to: ['bob'], body: `${i} ${'x'.repeat(7000)}` });
    const child = spawnTracked(process.execPath, [BIN, 'poll', '--as', 'bob'], {
      cwd: b.dir,
      env: cleanEnv(b.env),
    });
    child.stdout?.destroy();
    const result = await ended(child);
    expect(result).toMatchObject({ code: 0, signal: null, stderr: '' });
    const again = baton(['poll', '--as', 'bob', '--json'], b);
    expect(JSON.parse(again.stdout).messages).toHaveLength(5);
  });
});

describe('signals', () => {
  it('listen stops on SIGTERM with its usual exit code', async () => {
    const b = board();
    baton(['send', '--as', 'alice', '--to', 'bob', '--body', 'backlog'], b);
    const child = batonAsync(['listen', '--as', 'bob'], b);
    const result = ended(child);
    // Its first line on stderr (listening as bob) comes after its handlers are in place.
    await outputMatching(child, 'stderr', /\n/);
    child.kill('SIGTERM');
    expect(await result).toMatchObject({ code: 0, signal: null });
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    'send waiting on a stdin that never ends exits on %s (exit %d), nothing written',
    async (signal, code) => {
      const b = board();
      // send prints nothing while it reads: the test hears of its handler from test/helpers/signal-ready.cjs. stdin
      // is a pipe that stays open and silent.
      const outside = testdir();
      const readiness = signalReadiness(outside);
      const child = spawnTracked(
        process.execPath,
        [...readiness.nodeArgs, BIN, 'send', '--as', 'alice', '--to', 'bob'],
        { cwd: b.dir, env: cleanEnv({ ...b.env, ...readiness.env }) },
      );
      const result = ended(child);
      await readiness.ready(signal);
      child.kill(signal);
      expect(await result).toEqual({ code, signal: null, stdout: '', stderr: '' });
      expect(snapshot(b.dir)).toEqual({});
    },
  );
});

describe('stdin', () => {
  it('a stream that never ends (`yes | baton send`) is refused at once: too_large, exit 1, nothing written', async () => {
    const b = board();
    const child = batonAsync(['send', '--as', 'alice', '--to', 'bob'], b);
    const result = ended(child);
    const line = Buffer.alloc(64 * 1024, 'y\n');
    let open = true;
    child.stdin.on('error', () => {
      open = false;
    });
    child.on('exit', () => {
      open = false;
    });
    const pump = () => {
      while (open && child.stdin.write(line)) {}
      if (open) child.stdin.once('drain', pump);
    };
    pump();
    expect(await result).toEqual({
      code: 1,
      signal: null,
      stdout: '',
      stderr:
        'baton: stdin is larger than 1 MiB — nothing was written; a message body is at most 8,000 characters and a card entry 20,000\n',
    });
    expect(snapshot(b.dir)).toEqual({});
  });

  it.each([[['send', '--as', 'alice', '--to', 'bob']], [['card', 'write', 'CARD']]])(
    'invalid UTF-8 on stdin for %j is an error, not replaced; nothing written',
    (args) => {
      const b = board();
      const card = JSON.parse(baton(['card', 'new', 'T', '--json'], b).stdout).card.id as string;
      const before = snapshot(b.dir);
      const result = spawnSync(process.execPath, [BIN, ...args.map((a) => a.replace('CARD', card))], {
        cwd: b.dir,
        env: cleanEnv(b.env),
        input: Buffer.from([0x68, 0x69, 0x20, 0xc3, 0x28, 0x0a]),
        encoding: 'utf8',
      });
      expect({ code: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'baton: stdin is not valid UTF-8 — nothing was written; convert the text to UTF-8 first (e.g. iconv -t UTF-8)\n',
      });
      expect(snapshot(b.dir)).toEqual(before);
    },
  );
});
